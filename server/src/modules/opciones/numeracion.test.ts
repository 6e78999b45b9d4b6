import { addDays, formatDate, todayIso } from '../../domain/dates';
import { codigoEtiqueta } from '../../domain/etiquetas';
import { MSG } from '../../domain/messages';
import { EtiquetaEmitida1764300000000 } from '../../database/migrations/1764300000000-etiqueta-emitida';
import { registerServicio, Session, startTestServer, TestServer } from '../../test-utils/harness';

const NEXT = `mutation ($donanteId: ID, $aferesis: Boolean) {
  nextEtiquetaNumero(donanteId: $donanteId, aferesis: $aferesis)
}`;
const SIN_USAR = `query ($page: PageInput) {
  etiquetasSinUsar(page: $page) {
    total offset limit
    items { numero codigo emitidaEn emitidaPor donante { id apellido nombre dni } }
  }
}`;
const CREATE_DONANTE = `mutation ($input: DonanteInput!) { createDonante(input: $input) { id } }`;
const CREATE_DONACION = `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id numero } }`;
const DELETE_DONACION = `mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`;
const RESULTADOS = `mutation ($id: ID!, $input: ResultadosDonacionInput!) {
  updateResultadosDonacion(id: $id, input: $input) { message }
}`;
const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { token } }`;

type SinUsar = {
  total: number;
  offset: number;
  limit: number;
  items: {
    numero: number;
    codigo: string;
    emitidaEn: string;
    emitidaPor: string | null;
    donante: { id: string; apellido: string; nombre: string; dni: string } | null;
  }[];
};
type Errors = { field: string; msg: string }[];

const HOY = todayIso();

let server: TestServer;
let admin: Session;
let tecnico: string;
let dniSeq = 40_100_000;

async function staff(s: Session, nombre: string, apellido: string, rol = 'ROL_TECNICO'): Promise<string> {
  const username = `u_${Math.random().toString(36).slice(2, 9)}`;
  const created = await server.gql(
    `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
    { input: { nombre, apellido, username, password: 'clave123', password2: 'clave123', rol } },
    s.token,
  );
  expect(created.errors).toBeUndefined();
  const login = await server.gql<{ login: { token: string } }>(LOGIN, {
    input: { username, password: 'clave123' },
  });
  return login.data!.login.token;
}

async function donante(token: string, extra: Record<string, unknown> = {}): Promise<string> {
  dniSeq += 1;
  const res = await server.gql<{ createDonante: { id: string } }>(
    CREATE_DONANTE,
    {
      input: {
        nombre: 'Ana',
        apellido: 'Quiroga',
        dni: String(dniSeq),
        fechaNacimiento: '1990-05-01',
        ...extra,
      },
    },
    token,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.createDonante.id;
}

async function numero(token: string, donanteId?: string, aferesis?: boolean): Promise<number> {
  const res = await server.gql<{ nextEtiquetaNumero: number }>(NEXT, { donanteId, aferesis }, token);
  expect(res.errors).toBeUndefined();
  return res.data!.nextEtiquetaNumero;
}

async function donacion(
  token: string,
  donanteId: string,
  fecha = HOY,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; numero: number }> {
  const res = await server.gql<{ createDonacion: { id: string; numero: number } }>(
    CREATE_DONACION,
    {
      input: {
        donanteId,
        numero: await numero(token),
        fecha,
        hora: '09:30',
        loteBolsa: 'L-1',
        tipoBolsa: 'Bolsa Doble',
        sv: { tas: 120, tad: 80, fc: 72, peso: 70, temp: 36.5, hb: 14, hto: 42 },
        ...extra,
      },
    },
    token,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.createDonacion;
}

async function contador(servicio: string): Promise<number> {
  const [row] = await server.dataSource.query(
    `SELECT ultimo::int AS ultimo FROM etiqueta_contador WHERE servicio_id = $1`,
    [servicio],
  );
  return row ? row.ultimo : 0;
}

async function sinUsar(token: string, page?: { offset: number; limit: number }) {
  return server.gql<{ etiquetasSinUsar: SinUsar }>(SIN_USAR, { page }, token);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerServicio(server, { nombre: 'Hemoterapia Hospital Alemán' });
  tecnico = await staff(admin, 'Marta', 'Gómez');
});
afterAll(() => server.close());

describe("'Generar Etiquetas' for a donor: only one who may donate today", () => {
  it('issues the number for an eligible donor and records who, when and for whom', async () => {
    const id = await donante(tecnico);
    const antes = Date.now();
    const n = await numero(tecnico, id);
    const [row] = await server.dataSource.query(
      `SELECT e.usuario_id, e.donante_id, e.emitida_at, e.donacion_id, u.username IS NOT NULL AS con_usuario
         FROM etiqueta_emitida e LEFT JOIN usuario u ON u.id = e.usuario_id
        WHERE e.servicio_id = $1 AND e.numero = $2`,
      [admin.servicio, n],
    );
    expect(row).toMatchObject({ donante_id: id, donacion_id: null, con_usuario: true });
    expect(new Date(row.emitida_at).getTime()).toBeGreaterThanOrEqual(antes - 5_000);
    const [audit] = await server.dataSource.query(
      `SELECT usuario_id, cambios FROM auditoria WHERE servicio_id = $1 AND entidad = 'etiqueta' AND entidad_id = $2`,
      [admin.servicio, String(n)],
    );
    expect(audit).toEqual({ usuario_id: row.usuario_id, cambios: { numero: n, donanteId: id } });
  });

  it('refuses a donor who donated today, with every reason in Spanish, and issues nothing', async () => {
    const id = await donante(tecnico);
    await donacion(tecnico, id);
    const antes = await contador(admin.servicio);
    const res = await server.gql(NEXT, { donanteId: id }, tecnico);
    expect(res.data).toBeNull();
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0].extensions?.errors).toEqual([
      { field: '', msg: 'No se emiten etiquetas: el donante no puede donar hoy.' },
      { field: '', msg: `Este donante dono hace menos de 8 semanas (${formatDate(HOY)}).` },
      { field: '', msg: `Puede donar a partir del ${formatDate(addDays(HOY, 56))}` },
    ]);
    expect(await contador(admin.servicio)).toBe(antes);
    const emitidas = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM etiqueta_emitida WHERE donante_id = $1`,
      [id],
    );
    // The donation's own number was issued without naming a donor: none is recorded for this one.
    expect(emitidas[0].n).toBe(0);
  });

  it('a definitive exclusion: the deferral in words and that it has no end', async () => {
    const id = await donante(tecnico);
    const d = await donacion(tecnico, id, addDays(HOY, -100));
    const res = await server.gql(
      RESULTADOS,
      { id: d.id, input: { exclusionDefinitiva: 'Definitiva', exclusionTiempo: 0 } },
      admin.token,
    );
    expect(res.errors).toBeUndefined();
    const refused = await server.gql(NEXT, { donanteId: id }, tecnico);
    const errors = refused.errors?.[0].extensions?.errors as Errors;
    expect(errors[0].msg).toBe(MSG.etiquetasDonanteNoPuedeDonar);
    expect(errors[1].msg).toMatch(/^Donante diferido: exclusión definitiva/);
    expect(errors.at(-1)!.msg).toBe(MSG.diferidoSinFechaDetalle);
  });

  it('apheresis: a donor at the yearly whole-blood limit may still have labels for an apheresis donation', async () => {
    const id = await donante(tecnico, { sexo: 'Femenino' });
    for (const dias of [-300, -200, -100]) await donacion(tecnico, id, addDays(HOY, dias));
    const refused = await server.gql(NEXT, { donanteId: id }, tecnico);
    const errors = refused.errors?.[0].extensions?.errors as Errors;
    expect(errors[1].msg).toMatch(/^Alcanzó el límite anual: 3 donaciones de sangre entera/);
    const n = await numero(tecnico, id, true);
    // And the apheresis donation with that number is recorded.
    const res = await server.gql(
      CREATE_DONACION,
      {
        input: {
          donanteId: id,
          numero: n,
          fecha: HOY,
          hora: '10:00',
          loteBolsa: 'A-1',
          tipoBolsa: 'Bolsa Doble',
          donacionAferesis: true,
        },
      },
      tecnico,
    );
    expect(res.errors).toBeUndefined();
  });

  it("an unknown, deleted or another servicio's donor gets 'No se encuentra el donante' and no number", async () => {
    const otro = await registerServicio(server);
    const suyo = await donante(otro.token);
    const borrado = await donante(tecnico);
    const borrar = await server.gql(
      `mutation ($id: ID!) { deleteDonante(id: $id) }`,
      { id: borrado },
      admin.token,
    );
    expect(borrar.errors).toBeUndefined();
    const antes = await contador(admin.servicio);
    for (const id of [suyo, borrado, '00000000-0000-4000-8000-000000000000', 'no-es-un-id']) {
      const res = await server.gql(NEXT, { donanteId: id }, tecnico);
      expect({ id, code: res.errors?.[0].extensions?.code, msg: res.errors?.[0].message }).toEqual({
        id,
        code: 'NOT_FOUND',
        msg: MSG.donanteNoEncontrado,
      });
    }
    expect(await contador(admin.servicio)).toBe(antes);
  });

  it('REST: the spec payload still gets { numero }; naming the donor refuses with the reasons (400)', async () => {
    const id = await donante(tecnico);
    const plain = await server.rest<{ numero: number }>(
      'POST',
      '/donacion/next-etiqueta-number',
      { servicioId: admin.servicio },
      tecnico,
    );
    expect(plain.status).toBe(200);
    expect(Object.keys(plain.body)).toEqual(['numero']);
    const para = await server.rest<{ numero: number }>(
      'POST',
      '/donacion/next-etiqueta-number',
      { servicioId: admin.servicio, donanteId: id },
      tecnico,
    );
    expect(para.status).toBe(200);
    expect(para.body.numero).toBe(plain.body.numero + 1);
    await donacion(tecnico, id);
    const refused = await server.rest<{ errors: { msg: string }[] }>(
      'POST',
      '/donacion/next-etiqueta-number',
      { servicioId: admin.servicio, donanteId: id },
      tecnico,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e) => e.msg)).toEqual([
      MSG.etiquetasDonanteNoPuedeDonar,
      `Este donante dono hace menos de 8 semanas (${formatDate(HOY)}).`,
      `Puede donar a partir del ${formatDate(addDays(HOY, 56))}`,
    ]);
  });
});

describe('Opciones > Numeración: issued numbers never used', () => {
  it('lists them newest first, with who issued each and for whom; used ones (deleted too) are not', async () => {
    const s = await registerServicio(server, { nombre: 'Hemoterapia Sur' });
    const marta = await staff(s, 'Marta', 'Gómez');
    const luis = await staff(s, 'Luis', 'Ríos', 'ROL_ADMINISTRATIVO');
    const ana = await donante(marta, { apellido: 'Benítez', nombre: 'Ana' });
    const perdido = await numero(marta, ana);
    const usado = await donacion(luis, ana);
    const sinDonante = await numero(luis);
    const borrada = await donacion(marta, await donante(marta));
    await server.gql(DELETE_DONACION, { id: borrada.id }, s.token);

    const res = await sinUsar(s.token);
    expect(res.errors).toBeUndefined();
    const page = res.data!.etiquetasSinUsar;
    expect(page.total).toBe(2);
    expect(page.items.map((i) => i.numero)).toEqual([sinDonante, perdido]);
    expect(page.items.map((i) => i.numero)).not.toContain(usado.numero);
    expect(page.items.map((i) => i.numero)).not.toContain(borrada.numero);
    const [ultimo, primero] = page.items;
    expect(ultimo).toMatchObject({
      codigo: codigoEtiqueta(sinDonante),
      emitidaPor: 'Luis Ríos',
      donante: null,
    });
    expect(primero).toMatchObject({
      codigo: codigoEtiqueta(perdido),
      emitidaPor: 'Marta Gómez',
      donante: { id: ana, apellido: 'Benítez', nombre: 'Ana' },
    });
    expect(Math.abs(Date.parse(primero.emitidaEn) - Date.now())).toBeLessThan(60_000);

    // A number typed into a donation later is used from then on.
    const res2 = await server.gql(
      CREATE_DONACION,
      {
        input: {
          donanteId: await donante(marta),
          numero: perdido,
          fecha: HOY,
          hora: '11:00',
          loteBolsa: 'L-2',
          tipoBolsa: 'Bolsa Doble',
        },
      },
      marta,
    );
    expect(res2.errors).toBeUndefined();
    expect((await sinUsar(s.token)).data!.etiquetasSinUsar.items.map((i) => i.numero)).toEqual([sinDonante]);
  });

  it('a number issued for a record merged into another is listed for the record kept', async () => {
    const s = await registerServicio(server);
    const queda = await donante(s.token, { apellido: 'Funes', nombre: 'Rita' });
    const otra = await donante(s.token, { apellido: 'Funes', nombre: 'Rita' });
    const n = await numero(s.token, otra);
    const res = await server.gql(
      `mutation ($c: ID!, $e: ID!) { fusionarDonantes(conservarId: $c, eliminarId: $e) { donacionesMovidas } }`,
      { c: queda, e: otra },
      s.token,
    );
    expect(res.errors).toBeUndefined();
    const [item] = (await sinUsar(s.token)).data!.etiquetasSinUsar.items;
    expect(item).toMatchObject({ numero: n, donante: { id: queda } });
  });

  it('orden: by number, when, who issued it or the donor, both ways; none: the highest first', async () => {
    const s = await registerServicio(server);
    const marta = await staff(s, 'Marta', 'Gómez');
    const luis = await staff(s, 'Luis', 'Ríos', 'ROL_ADMINISTRATIVO');
    const n1 = await numero(marta, await donante(marta, { apellido: 'Benítez', nombre: 'Ana' }));
    const n2 = await numero(marta);
    const n3 = await numero(luis, await donante(luis, { apellido: 'Álvarez', nombre: 'Zoe' }));
    const query = `query ($orden: EtiquetaSinUsarOrden) { etiquetasSinUsar(orden: $orden) { total items { numero } } }`;
    const numeros = async (orden?: object) => {
      const res = await server.gql<{ etiquetasSinUsar: { items: { numero: number }[] } }>(
        query,
        { orden },
        s.token,
      );
      expect(res.errors).toBeUndefined();
      return res.data!.etiquetasSinUsar.items.map((i) => i.numero);
    };
    expect(await numeros()).toEqual([n3, n2, n1]);
    expect(await numeros({ campo: 'NUMERO' })).toEqual([n1, n2, n3]);
    expect(await numeros({ campo: 'EMITIDA', direccion: 'DESC' })).toEqual([n3, n2, n1]);
    expect(await numeros({ campo: 'EMITIDA_POR' })).toEqual([n3, n1, n2]);
    expect(await numeros({ campo: 'EMITIDA_POR', direccion: 'DESC' })).toEqual([n2, n1, n3]);
    expect(await numeros({ campo: 'DONANTE' })).toEqual([n3, n1, n2]);
    expect(await numeros({ campo: 'DONANTE', direccion: 'DESC' })).toEqual([n1, n3, n2]);
    const bad = await server.gql(query, { orden: { campo: 'numero DESC; --' } }, s.token);
    expect([bad.errors?.[0].extensions?.code, bad.data ?? null]).toEqual(['BAD_USER_INPUT', null]);
  });

  it('is paginated', async () => {
    const s = await registerServicio(server);
    const emitidos: number[] = [];
    for (let i = 0; i < 5; i++) emitidos.push(await numero(s.token));
    const res = await sinUsar(s.token, { offset: 1, limit: 2 });
    expect(res.data!.etiquetasSinUsar).toMatchObject({ total: 5, offset: 1, limit: 2 });
    expect(res.data!.etiquetasSinUsar.items.map((i) => i.numero)).toEqual([emitidos[3], emitidos[2]]);
    const bad = await sinUsar(s.token, { offset: 0, limit: 1000 });
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it("only the service administrator reads it, and only its own servicio's", async () => {
    const otro = await registerServicio(server);
    await numero(otro.token);
    for (const rol of ['ROL_MEDICO', 'ROL_TECNICO', 'ROL_ADMINISTRATIVO']) {
      const res = await sinUsar(await staff(admin, 'N', 'A', rol));
      expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    const mios = (await sinUsar(admin.token)).data!.etiquetasSinUsar;
    const [{ n }] = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM etiqueta_emitida WHERE servicio_id = $1 AND donacion_id IS NULL`,
      [admin.servicio],
    );
    expect(mios.total).toBe(n);
    const deOtro = (await sinUsar(otro.token)).data!.etiquetasSinUsar;
    expect(deOtro.total).toBe(1);
  });

  it('the migration rebuilds the record of numbers issued before it from the audit trail', async () => {
    const s = await registerServicio(server);
    const marta = await staff(s, 'Marta', 'Gómez');
    const perdido = await numero(marta);
    const usada = await donacion(marta, await donante(marta));
    await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 5000) }`, {}, s.token);
    const antes = await server.dataSource.query(
      `SELECT numero, usuario_id, emitida_at, donacion_id FROM etiqueta_emitida WHERE servicio_id = $1 ORDER BY numero`,
      [s.servicio],
    );
    expect(antes).toHaveLength(2);
    const migration = new EtiquetaEmitida1764300000000();
    const runner = server.dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      await migration.down(runner);
      await migration.up(runner);
      const despues = await runner.query(
        `SELECT numero, usuario_id, emitida_at, donacion_id FROM etiqueta_emitida WHERE servicio_id = $1 ORDER BY numero`,
        [s.servicio],
      );
      // The same numbers, users, times and donations; the numbers moved past are not issued ones.
      expect(despues).toEqual(antes);
      expect(despues.map((r: { numero: number }) => r.numero)).toEqual([perdido, usada.numero]);
      await runner.commitTransaction();
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
  });
});

describe("Opciones > Numeración: the label format 'Generar Etiquetas' prints", () => {
  const FORMATO = `{ servicio { id etiquetaFormato etiquetaAnchoMm etiquetaAltoMm } }`;
  const GUARDAR = `mutation ($input: FormatoEtiquetasInput!) {
    updateFormatoEtiquetas(input: $input) { id etiquetaFormato etiquetaAnchoMm etiquetaAltoMm }
  }`;

  it('is the A4 sheet until the administrator chooses a label printer; every role reads it', async () => {
    const s = await registerServicio(server);
    const marta = await staff(s, 'Marta', 'Gómez');
    expect((await server.gql(FORMATO, {}, marta)).data?.servicio).toEqual({
      id: s.servicio,
      etiquetaFormato: 'HOJA_A4',
      etiquetaAnchoMm: 100,
      etiquetaAltoMm: 50,
    });
    const res = await server.gql(
      GUARDAR,
      { input: { formato: 'IMPRESORA', anchoMm: 62, altoMm: 29 } },
      s.token,
    );
    expect(res.errors).toBeUndefined();
    const esperado = {
      id: s.servicio,
      etiquetaFormato: 'IMPRESORA',
      etiquetaAnchoMm: 62,
      etiquetaAltoMm: 29,
    };
    expect(res.data?.updateFormatoEtiquetas).toEqual(esperado);
    expect((await server.gql(FORMATO, {}, marta)).data?.servicio).toEqual(esperado);
    const [audit] = await server.dataSource.query(
      `SELECT accion, usuario_id, cambios FROM auditoria WHERE servicio_id = $1 AND entidad = 'servicio'
        ORDER BY id DESC LIMIT 1`,
      [s.servicio],
    );
    expect(audit).toEqual({
      accion: 'editar',
      usuario_id: s.uid,
      cambios: {
        etiquetaFormato: ['HOJA_A4', 'IMPRESORA'],
        etiquetaAnchoMm: [100, 62],
        etiquetaAltoMm: [50, 29],
      },
    });
    // Back to the sheet: the printer's size is kept for next time.
    const hoja = await server.gql(
      GUARDAR,
      { input: { formato: 'HOJA_A4', anchoMm: 62, altoMm: 29 } },
      s.token,
    );
    expect(hoja.data?.updateFormatoEtiquetas).toEqual({ ...esperado, etiquetaFormato: 'HOJA_A4' });
  });

  it('refuses sizes outside the bounds with the Spanish text, and changes nothing', async () => {
    const s = await registerServicio(server);
    const res = await server.gql(
      GUARDAR,
      { input: { formato: 'IMPRESORA', anchoMm: 39, altoMm: 151 } },
      s.token,
    );
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0].extensions?.errors).toEqual([
      { field: 'anchoMm', msg: 'Debe ser un número entero de milímetros entre 40 y 110' },
      { field: 'altoMm', msg: 'Debe ser un número entero de milímetros entre 25 y 150' },
    ]);
    for (const [anchoMm, altoMm] of [
      [111, 50],
      [100, 24],
      [0, 50],
      [-62, 29],
    ]) {
      const r = await server.gql(GUARDAR, { input: { formato: 'IMPRESORA', anchoMm, altoMm } }, s.token);
      expect({ anchoMm, altoMm, code: r.errors?.[0].extensions?.code }).toEqual({
        anchoMm,
        altoMm,
        code: 'BAD_USER_INPUT',
      });
    }
    const noEntero = await server.gql(
      GUARDAR,
      { input: { formato: 'IMPRESORA', anchoMm: 62.5, altoMm: 29 } },
      s.token,
    );
    expect(noEntero.data ?? null).toBeNull();
    const otro = await server.gql(GUARDAR, { input: { formato: 'ROLLO', anchoMm: 62, altoMm: 29 } }, s.token);
    expect(otro.data ?? null).toBeNull();
    for (const [ancho, alto] of [
      [40, 25],
      [110, 150],
    ]) {
      const r = await server.gql(
        GUARDAR,
        { input: { formato: 'IMPRESORA', anchoMm: ancho, altoMm: alto } },
        s.token,
      );
      expect(r.errors).toBeUndefined();
    }
    // Nothing outside the bounds reached the table, whatever writes it.
    await expect(
      server.dataSource.query(`UPDATE servicio SET etiqueta_ancho_mm = 200 WHERE id = $1`, [s.servicio]),
    ).rejects.toThrow(/check constraint/);
  });

  it('only the service administrator sets it', async () => {
    const s = await registerServicio(server);
    for (const rol of ['ROL_MEDICO', 'ROL_TECNICO', 'ROL_ADMINISTRATIVO']) {
      const res = await server.gql(
        GUARDAR,
        { input: { formato: 'IMPRESORA', anchoMm: 62, altoMm: 29 } },
        await staff(s, 'N', 'A', rol),
      );
      expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect((await server.gql(FORMATO, {}, s.token)).data?.servicio).toMatchObject({
      etiquetaFormato: 'HOJA_A4',
    });
  });
});
