/**
 * The servicio's screening thresholds by sex (Opciones): set over GraphQL and REST, never looser
 * than the spec (refused with a Spanish message, nothing changed), and applied to new donations
 * over both APIs by the one vital-sign check (domain/donacion.ts validateSignosVitales).
 */
import { randomUUID } from 'node:crypto';
import { MSG } from '../../server/src/domain/messages';
import {
  GqlResult,
  registerServicio,
  Session,
  startTestServer,
  TestServer,
  ok,
} from '../../server/src/test-utils/harness';
import { donacionBody, iso, msgs } from './helpers';

jest.setTimeout(90_000);

let server: TestServer;
let admin: Session;
let numeroSeq = 0;
let dniSeq = 53_000_000;

const fieldErrors = (res: GqlResult<unknown>) => res.errors?.[0]?.extensions?.errors ?? [];

const UMBRALES = `umbralesTamizaje { hbMinMujer hbMinHombre hbMax hctoMinMujer hctoMinHombre hctoMax }`;
const UPDATE = `mutation ($input: UmbralesTamizajeInput!) { updateUmbralesTamizaje(input: $input) { id ${UMBRALES} } }`;
const CREATE = `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerServicio(server);
  ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000000) }`, {}, admin.token));
});
afterAll(() => server.close());

async function donante(sexo: 'Masculino' | 'Femenino', servicio = admin.servicio): Promise<string> {
  const id = randomUUID();
  await server.dataSource.query(
    `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
       nacionalidad, es_voluntario)
     VALUES ($1, $2, 'Ana', 'Gómez', $3, '1990-05-10', $4, 'Buenos Aires', 'Argentina', 'Si')`,
    [id, servicio, String((dniSeq += 1)), sexo],
  );
  return id;
}

const crear = (donanteId: string, sv: Record<string, number>) =>
  server.gql<{ createDonacion: { id: string } }>(
    CREATE,
    {
      input: {
        donanteId,
        numero: (numeroSeq += 1),
        fecha: iso(0),
        hora: '10:00',
        tipoBolsa: 'Bolsa Doble',
        loteBolsa: 'L1',
        sv: { tas: 120, tad: 80, fc: 72, peso: 70, temp: 36.5, hb: 14, hto: 42, ...sv },
      },
    },
    admin.token,
  );

const umbralesDe = async (servicio: string) =>
  (
    await server.dataSource.query(
      `SELECT umbral_hb_min_mujer::float8 AS m, umbral_hb_min_hombre::float8 AS h FROM servicio WHERE id = $1`,
      [servicio],
    )
  )[0];

describe('screening thresholds by sex', () => {
  it('the spec bounds apply until the servicio sets stricter ones; then per sex, over GraphQL', async () => {
    const mujer = await donante('Femenino');
    const hombre = await donante('Masculino');
    ok(await crear(mujer, { hb: 12.2, hto: 36 }));

    const set = ok(
      await server.gql<{ updateUmbralesTamizaje: { umbralesTamizaje: Record<string, number | null> } }>(
        UPDATE,
        {
          input: {
            hbMinMujer: 12.5,
            hbMinHombre: 13.5,
            hbMax: 18.5,
            hctoMinMujer: 38,
            hctoMinHombre: 40,
            hctoMax: 54,
          },
        },
        admin.token,
      ),
    );
    expect(set.updateUmbralesTamizaje.umbralesTamizaje).toEqual({
      hbMinMujer: 12.5,
      hbMinHombre: 13.5,
      hbMax: 18.5,
      hctoMinMujer: 38,
      hctoMinHombre: 40,
      hctoMax: 54,
    });
    const otraMujer = await donante('Femenino');
    expect(fieldErrors(await crear(otraMujer, { hb: 12.2 }))).toEqual([
      { field: 'sv.hb', msg: MSG.hemoglobinaBaja },
    ]);
    ok(await crear(otraMujer, { hb: 12.5, hto: 38 }));
    // 13 g/dl is enough for a woman, not for a man; the upper bounds are the servicio's.
    expect(fieldErrors(await crear(hombre, { hb: 13, hto: 39 }))).toEqual([
      { field: 'sv.hto', msg: MSG.htoBajo },
      { field: 'sv.hb', msg: MSG.hemoglobinaBaja },
    ]);
    expect(fieldErrors(await crear(hombre, { hb: 19, hto: 55 }))).toEqual([
      { field: 'sv.hto', msg: MSG.htoAlto },
      { field: 'sv.hb', msg: MSG.hemoglobinaAlta },
    ]);
    ok(await crear(hombre, { hb: 13.5, hto: 40 }));
    // Every role reads them.
    const leidos = ok(
      await server.gql<{ servicio: Record<string, unknown> }>(
        `{ servicio { ${UMBRALES} } }`,
        {},
        admin.token,
      ),
    );
    expect(leidos.servicio.umbralesTamizaje).toMatchObject({ hbMinHombre: 13.5 });
  });

  it('a looser setting than the spec is refused in Spanish, nothing changed (GraphQL and REST)', async () => {
    const s = await registerServicio(server);
    const res = await server.gql(
      UPDATE,
      { input: { hbMinMujer: 11.5, hctoMinHombre: 30, hbMax: 12 } },
      s.token,
    );
    expect(fieldErrors(res)).toEqual([
      { field: 'hbMinMujer', msg: MSG.umbralMenorQueNorma(12) },
      { field: 'hbMax', msg: MSG.umbralMaximoBajo },
      { field: 'hctoMinHombre', msg: MSG.umbralMenorQueNorma(35) },
    ]);
    expect(MSG.umbralMenorQueNorma(12)).toMatch(/^No puede ser menor que 12, el límite de la norma/);
    const rest = await server.rest('POST', '/auth/opciones/umbrales', { hbMinHombre: '11,9' }, s.token);
    expect(rest.status).toBe(400);
    expect(msgs(rest.body)).toEqual([MSG.umbralMenorQueNorma(12)]);
    expect(await umbralesDe(s.servicio)).toEqual({ m: null, h: null });
  });

  it('over REST: set with decimal commas, applied to POST /donacion/, staff refused', async () => {
    const s = await registerServicio(server);
    ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 100) }`, {}, s.token));
    const res = await server.rest(
      'POST',
      '/auth/opciones/umbrales',
      { uid: s.servicio, hbMinMujer: '12,5', hbMinHombre: 13.5, hbMax: '' },
      s.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      umbralesTamizaje: {
        hbMinMujer: 12.5,
        hbMinHombre: 13.5,
        hbMax: null,
        hctoMinMujer: null,
        hctoMinHombre: null,
        hctoMax: null,
      },
    });
    expect(await umbralesDe(s.servicio)).toEqual({ m: 12.5, h: 13.5 });
    const [entrada] = await server.dataSource.query(
      `SELECT cambios FROM auditoria WHERE entidad = 'servicio' AND entidad_id = $1 AND cambios ? 'hbMinMujer'`,
      [s.servicio],
    );
    expect(entrada.cambios.hbMinMujer).toEqual([null, 12.5]);

    const mujer = await donante('Femenino', s.servicio);
    const sv = (hb: string) =>
      JSON.stringify({ ta: '120/80', fc: '72', peso: '70', temp: '36.5', hb, hto: '41' });
    let don = await server.rest(
      'POST',
      '/donacion/',
      donacionBody(s.servicio, mujer, 1, { sv: sv('12.3') }),
      s.token,
    );
    expect(don.status).toBe(400);
    expect(msgs(don.body)).toEqual([MSG.hemoglobinaBaja]);
    don = await server.rest(
      'POST',
      '/donacion/',
      donacionBody(s.servicio, mujer, 1, { sv: sv('12.6') }),
      s.token,
    );
    expect(don.status).toBe(200);

    const ajeno = await server.rest(
      'POST',
      '/auth/opciones/umbrales',
      { uid: s.servicio, hbMinMujer: 13 },
      admin.token,
    );
    expect(ajeno.status).toBe(403);
    expect(await umbralesDe(s.servicio)).toEqual({ m: 12.5, h: 13.5 });
  });
});
