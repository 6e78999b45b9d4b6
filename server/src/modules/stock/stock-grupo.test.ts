/**
 * A unit carries its donation's ABO/Rh (migration 1764930010000), which the stock by type and group
 * reads: set when the unit is written, and again when the results type the donation after it was
 * split, so the stock shows the group the donation has.
 */
import { randomUUID } from 'node:crypto';
import { todayIso } from '../../domain/dates';
import {
  registerServicio,
  type Session,
  startTestServer,
  type TestServer,
  ok,
} from '../../test-utils/harness';

jest.setTimeout(90_000);

let server: TestServer;
let admin: Session;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerServicio(server);
  ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 100) }`, {}, admin.token));
});
afterAll(() => server.close());

it('the stock shows the group the results give the donation after its split', async () => {
  const donanteId = randomUUID();
  await server.dataSource.query(
    `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
       nacionalidad, es_voluntario)
     VALUES ($1, $2, 'Ana', 'Gómez', '55000001', '1990-05-10', 'Femenino', 'Buenos Aires', 'Argentina', 'Si')`,
    [donanteId, admin.servicio],
  );
  const { createDonacion } = ok(
    await server.gql<{ createDonacion: { id: string } }>(
      `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`,
      {
        input: {
          donanteId,
          numero: 1,
          fecha: todayIso(),
          hora: '09:00',
          tipoBolsa: 'Bolsa Doble',
          loteBolsa: 'L1',
        },
      },
      admin.token,
    ),
  );
  const unidad = randomUUID();
  await server.dataSource.query(
    `INSERT INTO componente (id, servicio_id, donacion_id, tipo, codigo_producto, codigo, volumen, producido_en,
       vence_en, estado)
     VALUES ($1, $2, $3, 'GLOBULOS_ROJOS', 'GR1', 'X-GRUPO-1', 280, now(), now() + interval '30 days', 'CUARENTENA')`,
    [unidad, admin.servicio, createDonacion.id],
  );
  const grupo = async () =>
    (await server.dataSource.query(`SELECT abo, rh FROM componente WHERE id = $1`, [unidad]))[0];
  expect(await grupo()).toEqual({ abo: '', rh: '' });

  ok(
    await server.gql(
      `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
      { id: createDonacion.id, input: { abo: 'A', rh: 'NEGATIVO' } },
      admin.token,
    ),
  );
  expect(await grupo()).toEqual({ abo: 'A', rh: 'NEGATIVO' });

  await server.dataSource.query(
    `UPDATE componente SET estado = 'LIBERADO', liberado_en = now() WHERE id = $1`,
    [unidad],
  );
  const { stock } = ok(
    await server.gql<{ stock: { tipo: string; abo: string; rh: string; cantidad: number }[] }>(
      `{ stock { tipo abo rh cantidad } }`,
      {},
      admin.token,
    ),
  );
  expect(stock).toEqual([{ tipo: 'GLOBULOS_ROJOS', abo: 'A', rh: 'NEGATIVO', cantidad: 1 }]);
});
