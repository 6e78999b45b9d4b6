/**
 * Donor reactions at a donation over GraphQL and REST: coded, validated in Spanish, corrected
 * (audited, never deleted), a severe one flagging the donor for the next interview, and counted per
 * 1,000 donations in the indicators (suppressed outside the servicio under the small-count rule).
 */
import { randomUUID } from 'node:crypto';
import { addDays, todayIso } from '../../domain/dates';
import { MSG } from '../../domain/messages';
import {
  GqlResult,
  registerServicio,
  Session,
  startTestServer,
  TestServer,
  ok,
} from '../../test-utils/harness';

jest.setTimeout(90_000);

let server: TestServer;
let s: Session;
let numero = 0;
let dni = 54_000_000;

const fieldErrors = (res: GqlResult<unknown>) => res.errors?.[0]?.extensions?.errors ?? [];

type Reaccion = { id: string; tipo: string; severidad: string; hora: string; registradaPor: string | null };
const REACCIONES = `reacciones { id tipo severidad hora tratamiento evolucion detalle registradaPor registradaEn }`;
const REGISTRAR = `mutation ($id: ID!, $r: ReaccionInput!) { registrarReaccion(donacionId: $id, reaccion: $r) { id ${REACCIONES} } }`;
const CORREGIR = `mutation ($id: ID!, $r: ReaccionInput!) { updateReaccion(id: $id, reaccion: $r) { id ${REACCIONES} } }`;

beforeAll(async () => {
  server = await startTestServer();
  s = await registerServicio(server);
  ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 100000) }`, {}, s.token));
});
afterAll(() => server.close());

/** A new donor of `session`'s servicio and one donation of theirs `dias` days ago. */
async function donacion(
  session = s,
  { dias = 0, aferesis = false } = {},
): Promise<{ donanteId: string; id: string }> {
  const donanteId = randomUUID();
  await server.dataSource.query(
    `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
       nacionalidad, es_voluntario)
     VALUES ($1, $2, 'Luis', 'Sosa', $3, '1985-03-02', 'Masculino', 'Córdoba', 'Argentina', 'Si')`,
    [donanteId, session.servicio, String((dni += 1))],
  );
  const res = ok(
    await server.gql<{ createDonacion: { id: string } }>(
      `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`,
      {
        input: {
          donanteId,
          numero: (numero += 1),
          fecha: addDays(todayIso(), -dias),
          hora: '10:00',
          tipoBolsa: 'Bolsa Doble',
          loteBolsa: 'L1',
          donacionAferesis: aferesis,
        },
      },
      session.token,
    ),
  );
  return { donanteId, id: res.createDonacion.id };
}

const flag = async (donanteId: string, session = s) =>
  ok(
    await server.gql<{ donante: { reaccionSeveraPrevia: boolean } }>(
      `query ($id: ID!) { donante(id: $id) { reaccionSeveraPrevia } }`,
      { id: donanteId },
      session.token,
    ),
  ).donante.reaccionSeveraPrevia;

const filas = (donacionId: string) =>
  server.dataSource.query(`SELECT tipo, severidad FROM reaccion_donante WHERE donacion_id = $1`, [
    donacionId,
  ]);

describe('recording a reaction over GraphQL', () => {
  it('records it coded, with who recorded it; a severe one flags the donor', async () => {
    const d = await donacion();
    expect(await flag(d.donanteId)).toBe(false);
    const leve = ok(
      await server.gql<{ registrarReaccion: { reacciones: Reaccion[] } }>(
        REGISTRAR,
        { id: d.id, r: { tipo: 'HEMATOMA', severidad: 'LEVE', hora: '10:40', tratamiento: 'Hielo local' } },
        s.token,
      ),
    ).registrarReaccion.reacciones;
    expect(leve).toEqual([
      expect.objectContaining({
        tipo: 'HEMATOMA',
        severidad: 'LEVE',
        hora: '10:40',
        tratamiento: 'Hielo local',
      }),
    ]);
    expect(leve[0].registradaPor).toEqual(expect.any(String));
    expect(await flag(d.donanteId)).toBe(false);
    const severa = ok(
      await server.gql<{ registrarReaccion: { reacciones: Reaccion[] } }>(
        REGISTRAR,
        {
          id: d.id,
          r: {
            tipo: 'VASOVAGAL_CON_PERDIDA_CONCIENCIA',
            severidad: 'SEVERA',
            hora: '10:45',
            tratamiento: 'Trendelenburg, hidratación',
            evolucion: 'Recuperado a los 20 minutos',
          },
        },
        s.token,
      ),
    ).registrarReaccion.reacciones;
    expect(severa.map((r) => r.tipo)).toEqual(['HEMATOMA', 'VASOVAGAL_CON_PERDIDA_CONCIENCIA']);
    expect(await flag(d.donanteId)).toBe(true);
    // The flag is a notice: the donor's list shows it as such, never as a deferral.
    const e = ok(
      await server.gql<{ donante: { elegibilidad: { diferimientos: unknown[] } } }>(
        `query ($id: ID!) { donante(id: $id) { elegibilidad { diferimientos { texto } } } }`,
        { id: d.donanteId },
        s.token,
      ),
    );
    expect(e.donante.elegibilidad.diferimientos).toEqual([]);
  });

  it('refuses bad input in Spanish and records nothing', async () => {
    const d = await donacion();
    const casos: [Record<string, unknown>, { field: string; msg: string }[]][] = [
      [
        { tipo: 'REACCION_CITRATO', severidad: 'LEVE', hora: '10:00' },
        [{ field: 'tipo', msg: MSG.citratoSoloAferesis }],
      ],
      [
        { tipo: 'OTRA', severidad: 'LEVE', hora: '10:00' },
        [{ field: 'detalle', msg: MSG.reaccionOtraDetalle }],
      ],
      [{ tipo: 'HEMATOMA', severidad: 'LEVE', hora: '25:00' }, [{ field: 'hora', msg: MSG.horaInvalida }]],
    ];
    for (const [r, errores] of casos) {
      expect(fieldErrors(await server.gql(REGISTRAR, { id: d.id, r }, s.token))).toEqual(errores);
    }
    expect(await filas(d.id)).toEqual([]);
    // At an apheresis donation a citrate reaction is recorded.
    const a = await donacion(s, { aferesis: true });
    ok(
      await server.gql(
        REGISTRAR,
        { id: a.id, r: { tipo: 'REACCION_CITRATO', severidad: 'MODERADA', hora: '11:00' } },
        s.token,
      ),
    );
    expect(await filas(a.id)).toEqual([{ tipo: 'REACCION_CITRATO', severidad: 'MODERADA' }]);
  });

  it('corrects one (audited); another servicio reads and changes nothing', async () => {
    const d = await donacion();
    const [r] = ok(
      await server.gql<{ registrarReaccion: { reacciones: Reaccion[] } }>(
        REGISTRAR,
        { id: d.id, r: { tipo: 'HEMATOMA', severidad: 'SEVERA', hora: '10:40' } },
        s.token,
      ),
    ).registrarReaccion.reacciones;
    expect(await flag(d.donanteId)).toBe(true);
    const corregida = ok(
      await server.gql<{ updateReaccion: { reacciones: Reaccion[] } }>(
        CORREGIR,
        { id: r.id, r: { tipo: 'HEMATOMA', severidad: 'LEVE', hora: '10:40' } },
        s.token,
      ),
    ).updateReaccion.reacciones;
    expect(corregida).toEqual([expect.objectContaining({ id: r.id, severidad: 'LEVE' })]);
    expect(await flag(d.donanteId)).toBe(false);
    const [entrada] = await server.dataSource.query(
      `SELECT accion, cambios FROM auditoria WHERE entidad = 'reaccion' AND entidad_id = $1 AND accion = 'editar'`,
      [r.id],
    );
    expect(entrada.cambios.severidad).toEqual(['SEVERA', 'LEVE']);
    const otro = await registerServicio(server);
    const ajena = await server.gql(
      CORREGIR,
      { id: r.id, r: { tipo: 'OTRA', severidad: 'LEVE', hora: '10:00', detalle: 'x' } },
      otro.token,
    );
    expect(ajena.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await filas(d.id)).toEqual([{ tipo: 'HEMATOMA', severidad: 'LEVE' }]);
  });
});

describe('over REST', () => {
  it('POST /donacion/:id/reacciones and PUT /reaccion/:id answer the reactions; bad input is a Spanish 400', async () => {
    const d = await donacion();
    const res = await server.rest<{ donacionId: string; reacciones: { _id: string; tipo: string }[] }>(
      'POST',
      `/donacion/${d.id}/reacciones`,
      {
        tipo: 'puncion_arterial',
        severidad: 'moderada',
        hora: '09:15',
        tratamiento: 'Compresión 10 minutos',
      },
      s.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      donacionId: d.id,
      reacciones: [{ tipo: 'PUNCION_ARTERIAL', severidad: 'MODERADA', hora: '09:15', detalle: '' }],
    });
    const id = res.body.reacciones[0]._id;
    const put = await server.rest(
      'PUT',
      `/reaccion/${id}`,
      { tipo: 'LESION_NERVIOSA', severidad: 'SEVERA', hora: '09:15' },
      s.token,
    );
    expect(put.status).toBe(200);
    expect(await flag(d.donanteId)).toBe(true);
    const mal = await server.rest<{ errors: { msg: string; param: string }[] }>(
      'POST',
      `/donacion/${d.id}/reacciones`,
      { tipo: 'DESMAYO', severidad: 'LEVE' },
      s.token,
    );
    expect(mal.status).toBe(400);
    expect(mal.body.errors).toEqual([
      { msg: MSG.valorNoPermitido, param: 'tipo' },
      { msg: MSG.requerido, param: 'hora' },
    ]);
    expect(
      (
        await server.rest(
          'PUT',
          `/reaccion/${randomUUID()}`,
          { tipo: 'HEMATOMA', severidad: 'LEVE', hora: '09:00' },
          s.token,
        )
      ).status,
    ).toBe(404);
    expect(await filas(d.id)).toEqual([{ tipo: 'LESION_NERVIOSA', severidad: 'SEVERA' }]);
  });
});

describe('in the indicators', () => {
  const QUERY = `query ($desde: String!, $hasta: String!) {
    indicadores(desde: $desde, hasta: $hasta) {
      donaciones reacciones { total porMil suprimido porTipo { tipo cantidad suprimido } }
    }
  }`;
  type R = {
    donaciones: number | null;
    reacciones: {
      total: number | null;
      porMil: number | null;
      suprimido: boolean;
      porTipo: { tipo: string; cantidad: number | null }[];
    };
  };
  const leer = async (credencial: string, desde: string, hasta: string) =>
    ok(await server.gql<{ indicadores: R }>(QUERY, { desde, hasta }, credencial)).indicadores;

  it('counts them per 1,000 donations; outside the servicio small counts are suppressed', async () => {
    const t = await registerServicio(server);
    ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 100000) }`, {}, t.token));
    const dias = 20;
    const donaciones = [];
    for (let i = 0; i < 10; i += 1) donaciones.push(await donacion(t, { dias }));
    const registrar = (id: string, tipo: string) =>
      server.gql(REGISTRAR, { id, r: { tipo, severidad: 'LEVE', hora: '10:30' } }, t.token);
    for (const d of donaciones.slice(0, 3)) ok(await registrar(d.id, 'VASOVAGAL_SIN_PERDIDA_CONCIENCIA'));
    const dia = addDays(todayIso(), -dias);
    // Recorded today: outside the servicio, counted from tomorrow.
    await server.dataSource.query(
      `UPDATE reaccion_donante SET updated_at = now() - interval '3 days' WHERE servicio_id = $1`,
      [t.servicio],
    );

    const propio = await leer(t.token, dia, dia);
    expect(propio).toMatchObject({ donaciones: 10, reacciones: { total: 3, porMil: 300, suprimido: false } });
    expect(
      propio.reacciones.porTipo.find((x) => x.tipo === 'VASOVAGAL_SIN_PERDIDA_CONCIENCIA')?.cantidad,
    ).toBe(3);

    const clave = ok(
      await server.gql<{ crearClaveApi: { secreto: string } }>(
        `mutation ($n: String!) { crearClaveApi(nombre: $n) { secreto } }`,
        { n: 'Tablero de reacciones' },
        t.token,
      ),
    ).crearClaveApi.secreto;
    const fuera = await leer(clave, dia, dia);
    expect(fuera).toMatchObject({
      donaciones: 10,
      reacciones: { total: null, porMil: null, suprimido: true },
    });

    for (const d of donaciones.slice(3, 8)) ok(await registrar(d.id, 'HEMATOMA'));
    await server.dataSource.query(
      `UPDATE reaccion_donante SET updated_at = now() - interval '3 days' WHERE servicio_id = $1`,
      [t.servicio],
    );
    const despues = await leer(clave, dia, dia);
    // 8 reactions in 10 donations: published; the kind with 3 is suppressed with the other kind.
    expect(despues.reacciones).toMatchObject({ total: 8, porMil: 800, suprimido: true });
    expect(
      despues.reacciones.porTipo
        .filter((x) => x.cantidad === null)
        .map((x) => x.tipo)
        .sort(),
    ).toEqual(['HEMATOMA', 'VASOVAGAL_SIN_PERDIDA_CONCIENCIA']);
    // One more recorded today: the key reads yesterday's figures, the staff today's.
    ok(await registrar(donaciones[9].id, 'HEMATOMA'));
    expect((await leer(clave, dia, dia)).reacciones.total).toBe(8);
    expect((await leer(t.token, dia, dia)).reacciones.total).toBe(9);
  });
});
