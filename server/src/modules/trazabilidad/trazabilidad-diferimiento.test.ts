/**
 * Look-back on a deferral made definitive, against a real Postgres: for a cause that may affect
 * earlier blood (domain/trazabilidad.ts causaInfecciosa) on a donation's results over GraphQL and
 * REST, and at a 'No apto' visit, it lists the components of the person's earlier donations at
 * both members of the network and withdraws at once, in the same transaction, the ones in stock;
 * for another cause none opens; recorded again, or for the same cause by another path, one stays.
 */
import { randomUUID } from 'node:crypto';
import { identificadorUnidad } from '../../domain/componentes';
import { addDays, formatDate, todayIso } from '../../domain/dates';
import { MSG } from '../../domain/messages';
import {
  createNetwork,
  type GqlResult,
  registerMember,
  registerServicio,
  type Session,
  startTestServer,
  type TestServer,
} from '../../test-utils/harness';

jest.setTimeout(120_000);

const TODAY = todayIso();
const TRAZ = `id servicio donacionNumero origen causa desde abierta
  unidades { componenteId codigo estado accion servicio destino }`;
const LISTA = `query { trazabilidades { ${TRAZ} } }`;
const RESULTADOS = `mutation ($id: ID!, $input: ResultadosDonacionInput!) {
  updateResultadosDonacion(id: $id, input: $input) { message }
}`;
const NO_APTO = `mutation ($input: NoAptoInput!) { registrarNoApto(input: $input) { id definitivo } }`;

type T = {
  id: string;
  donacionNumero: number | null;
  origen: string;
  causa: string | null;
  desde: string;
  unidades: {
    componenteId: string;
    estado: string;
    accion: string;
    servicio: string;
    destino: string | null;
  }[];
};

let server: TestServer;
let a: Session;
let b: Session;
let medicoA: Session;
let tecnicoB: Session;
let numeroSeq = 0;
let dniSeq = 46_000_000;

const ok = <R>(res: GqlResult<R>): R => {
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data;
};

beforeAll(async () => {
  server = await startTestServer();
  a = await registerServicio(server);
  b = await registerServicio(server);
  for (const s of [a, b])
    ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000000) }`, {}, s.token));
  medicoA = await registerMember(server, a, 'ROL_MEDICO');
  tecnicoB = await registerMember(server, b, 'ROL_TECNICO');
  await createNetwork(server, a, b);
});
afterAll(() => server.close());

async function donante(de: Session, dni: string): Promise<string> {
  return ok(
    await server.gql<{ createDonante: { id: string } }>(
      `mutation ($input: DonanteInput!) { createDonante(input: $input) { id } }`,
      {
        input: { nombre: 'Rosa', apellido: 'Quiroga', dni, fechaNacimiento: '1985-02-03', sexo: 'Femenino' },
      },
      de.token,
    ),
  ).createDonante.id;
}

async function donacion(
  de: Session,
  donanteId: string,
  fecha: string,
): Promise<{ id: string; numero: number }> {
  const numero = (numeroSeq += 1);
  const res = ok(
    await server.gql<{ createDonacion: { id: string } }>(
      `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`,
      {
        input: { donanteId, numero, fecha, hora: '09:00', tipoBolsa: 'Bolsa Doble', loteBolsa: 'L1' },
      },
      de.token,
    ),
  );
  await server.dataSource.query(`UPDATE donacion SET abo = 'O', rh = 'POSITIVO' WHERE id = $1`, [
    res.createDonacion.id,
  ]);
  return { id: res.createDonacion.id, numero };
}

/** A unit of the donation in `estado` (written directly: the split and release are part 1's). */
async function unidad(
  de: Session,
  d: { id: string; numero: number },
  fecha: string,
  producto: string,
  estado = 'LIBERADO',
): Promise<string> {
  const [s] = await server.dataSource.query(`SELECT codigo_instalacion FROM servicio WHERE id = $1`, [
    de.servicio,
  ]);
  const id = randomUUID();
  await server.dataSource.query(
    `INSERT INTO componente (id, servicio_id, donacion_id, tipo, codigo_producto, codigo, volumen, producido_en,
       vence_en, estado, liberado_en)
     VALUES ($1, $2, $3, $4, $5, $6, 250, now(), now() + interval '200 days', $7, now())`,
    [
      id,
      de.servicio,
      d.id,
      producto.startsWith('GR') ? 'GLOBULOS_ROJOS' : 'PLASMA_FRESCO_CONGELADO',
      producto,
      identificadorUnidad(String(s.codigo_instalacion), fecha, d.numero, producto),
      estado,
    ],
  );
  return id;
}

/**
 * A person known at both members: at B 200 days ago (red cells in stock, plasma sent to a
 * hospital), at A 100 days ago (red cells in stock), and a donation at A today (none split yet).
 */
async function persona() {
  const dni = String((dniSeq += 1));
  const enA = await donante(a, dni);
  const enB = await donante(b, dni);
  const previaB = await donacion(b, enB, addDays(TODAY, -200));
  const grB = await unidad(b, previaB, addDays(TODAY, -200), 'GR1');
  const pfB = await unidad(b, previaB, addDays(TODAY, -200), 'PF1');
  ok(
    await server.gql(
      `mutation ($ids: [ID!]!) { despacharComponentes(ids: $ids, destino: { tipo: HOSPITAL, nombre: "Hospital Regional" }) { id } }`,
      { ids: [pfB] },
      tecnicoB.token,
    ),
  );
  const previaA = await donacion(a, enA, addDays(TODAY, -100));
  const grA = await unidad(a, previaA, addDays(TODAY, -100), 'GR1');
  const hoy = await donacion(a, enA, TODAY);
  return { enA, grA, grB, pfB, hoy };
}

const estados = async (ids: string[]): Promise<Record<string, [string, string | null]>> =>
  Object.fromEntries(
    (
      await server.dataSource.query(
        `SELECT id, estado, motivo_descarte FROM componente WHERE id = ANY($1::uuid[])`,
        [ids],
      )
    ).map((r: { id: string; estado: string; motivo_descarte: string | null }) => [
      r.id,
      [r.estado, r.motivo_descarte],
    ]),
  );

const deLaPersona = async (donanteA: string): Promise<T[]> => {
  const [{ n }] = await server.dataSource.query(
    `SELECT count(*)::int AS n FROM trazabilidad WHERE donante_id = $1`,
    [donanteA],
  );
  const lista = ok(await server.gql<{ trazabilidades: T[] }>(LISTA, {}, a.token)).trazabilidades;
  const propias = (
    await server.dataSource.query(`SELECT id FROM trazabilidad WHERE donante_id = $1`, [donanteA])
  ).map((r: { id: string }) => r.id);
  expect(propias).toHaveLength(n);
  return lista.filter((t) => propias.includes(t.id));
};

describe('trazabilidad inversa por diferimiento definitivo', () => {
  it('GraphQL: a definitive deferral for risk behaviour withdraws the earlier units in stock at both members, at once; recorded again, one', async () => {
    const p = await persona();
    const res = await server.gql(
      RESULTADOS,
      { id: p.hoy.id, input: { exclusionDefinitiva: 'Definitiva', exclusionCodigo: 'Conducta de riesgo' } },
      medicoA.token,
    );
    ok(res);
    expect(await estados([p.grA, p.grB, p.pfB])).toEqual({
      [p.grA]: ['DESCARTADO', 'OTRO'],
      [p.grB]: ['DESCARTADO', 'OTRO'],
      [p.pfB]: ['DESPACHADO', null],
    });
    const [detalle] = await server.dataSource.query(`SELECT detalle_descarte FROM componente WHERE id = $1`, [
      p.grB,
    ]);
    expect(detalle.detalle_descarte).toBe(
      MSG.retiroPorDiferimientoDefinitivo('Conducta de riesgo', p.hoy.numero),
    );

    const [t] = await deLaPersona(p.enA);
    expect(t).toMatchObject({
      donacionNumero: p.hoy.numero,
      origen: `Donación N° ${p.hoy.numero}`,
      causa: 'Conducta de riesgo',
    });
    const acciones = Object.fromEntries(t.unidades.map((u) => [u.componenteId, [u.accion, u.destino]]));
    expect(acciones).toEqual({
      [p.grA]: ['RETIRADA', null],
      [p.grB]: ['RETIRADA', null],
      [p.pfB]: ['NOTIFICAR', 'Hospital Regional'],
    });
    // B holds units of it: it sees it too.
    const deB = ok(await server.gql<{ trazabilidades: T[] }>(LISTA, {}, b.token)).trazabilidades;
    expect(deB.map((x) => x.id)).toContain(t.id);
    // Audited in the opener's chain.
    const [entrada] = await server.dataSource.query(
      `SELECT cambios FROM auditoria WHERE entidad = 'trazabilidad' AND entidad_id = $1 AND accion = 'crear'`,
      [t.id],
    );
    expect(entrada.cambios).toMatchObject({ motivo: 'DIFERIMIENTO_DEFINITIVO', causa: 'CONDUCTA_DE_RIESGO' });

    // Recorded again (another code of the same cause), and at a 'No apto' visit: still one.
    ok(
      await server.gql(
        RESULTADOS,
        {
          id: p.hoy.id,
          input: { exclusionDefinitiva: 'Definitiva', exclusionCodigo: 'Conductas de riesgo' },
        },
        medicoA.token,
      ),
    );
    ok(
      await server.gql(
        NO_APTO,
        {
          input: {
            donanteId: p.enA,
            fecha: TODAY,
            hora: '11:00',
            motivo: 'Refiere conducta de riesgo sexual',
            definitivo: true,
          },
        },
        medicoA.token,
      ),
    );
    expect(await deLaPersona(p.enA)).toHaveLength(1);
  });

  it('REST: a definitive deferral coded HIV opens one; a non-infectious one (heart disease) opens none', async () => {
    const cardiaca = await persona();
    const r1 = await server.rest(
      'PUT',
      `/donacion/${cardiaca.hoy.id}/donante/${cardiaca.enA}`,
      { exclusionDefinitiva: 'definitiva', exclusionCodigo: 'Cardiopatía isquémica' },
      medicoA.token,
    );
    expect(r1.status).toBe(200);
    expect(await deLaPersona(cardiaca.enA)).toHaveLength(0);
    expect(await estados([cardiaca.grA, cardiaca.grB])).toEqual({
      [cardiaca.grA]: ['LIBERADO', null],
      [cardiaca.grB]: ['LIBERADO', null],
    });

    const p = await persona();
    const r2 = await server.rest(
      'PUT',
      `/donacion/${p.hoy.id}/donante/${p.enA}`,
      { exclusionDefinitiva: 'Definitiva', exclusionCodigo: 'VIH' },
      medicoA.token,
    );
    expect(r2.status).toBe(200);
    const [t] = await deLaPersona(p.enA);
    expect(t.causa).toBe('HIV');
    expect(await estados([p.grA, p.grB, p.pfB])).toEqual({
      [p.grA]: ['DESCARTADO', 'OTRO'],
      [p.grB]: ['DESCARTADO', 'OTRO'],
      [p.pfB]: ['DESPACHADO', null],
    });
    const lista = await server.rest('GET', '/componente/trazabilidad', undefined, a.token);
    expect(lista.status).toBe(200);
    expect((lista.body as T[]).find((x) => x.id === t.id)).toMatchObject({
      origen: `Donación N° ${p.hoy.numero}`,
      causa: 'HIV',
    });
    // Again over REST: one.
    const r3 = await server.rest(
      'PUT',
      `/donacion/${p.hoy.id}/donante/${p.enA}`,
      { exclusionDefinitiva: 'Definitiva', exclusionCodigo: 'HIV' },
      medicoA.token,
    );
    expect(r3.status).toBe(200);
    expect(await deLaPersona(p.enA)).toHaveLength(1);
  });

  it("a 'No apto' visit deferring for good for Chagas opens one from the visit; for another cause, none", async () => {
    const otra = await persona();
    ok(
      await server.gql(
        NO_APTO,
        {
          input: {
            donanteId: otra.enA,
            fecha: TODAY,
            hora: '10:00',
            motivo: 'Cardiopatía',
            definitivo: true,
          },
        },
        medicoA.token,
      ),
    );
    expect(await deLaPersona(otra.enA)).toHaveLength(0);

    const p = await persona();
    ok(
      await server.gql(
        NO_APTO,
        {
          input: {
            donanteId: p.enA,
            fecha: TODAY,
            hora: '10:00',
            motivo: 'Antecedente de Chagas',
            definitivo: true,
          },
        },
        medicoA.token,
      ),
    );
    const [t] = await deLaPersona(p.enA);
    expect(t).toMatchObject({
      donacionNumero: null,
      origen: MSG.trazabilidadOrigenVisita(formatDate(TODAY)),
      causa: 'Chagas',
    });
    // The visit's day ends the window: today's donation at A is read too (no units yet).
    expect(t.unidades.map((u) => u.componenteId).sort()).toEqual([p.grA, p.grB, p.pfB].sort());
    expect(await estados([p.grA, p.grB])).toEqual({
      [p.grA]: ['DESCARTADO', 'OTRO'],
      [p.grB]: ['DESCARTADO', 'OTRO'],
    });
  });
  it('merging two records of one person keeps both open look-backs for a cause, on the kept record', async () => {
    const uno = await persona();
    const otro = await persona();
    for (const p of [uno, otro])
      ok(
        await server.gql(
          NO_APTO,
          {
            input: {
              donanteId: p.enA,
              fecha: TODAY,
              hora: '11:00',
              motivo: 'Antecedente de Chagas',
              definitivo: true,
            },
          },
          medicoA.token,
        ),
      );
    const antes = [...(await deLaPersona(uno.enA)), ...(await deLaPersona(otro.enA))].map((t) => t.id);
    expect(antes).toHaveLength(2);
    ok(
      await server.gql(
        `mutation ($c: ID!, $e: ID!) { fusionarDonantes(conservarId: $c, eliminarId: $e) { donacionesMovidas } }`,
        { c: uno.enA, e: otro.enA },
        a.token,
      ),
    );
    expect((await deLaPersona(uno.enA)).map((t) => t.id).sort()).toEqual(antes.sort());
    expect(await deLaPersona(otro.enA)).toHaveLength(0);
  });
});
