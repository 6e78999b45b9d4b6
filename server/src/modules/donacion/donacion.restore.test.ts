/**
 * Restoring a deleted donation checks its recorded signs against the servicio's screening
 * thresholds as they are now, as a creation does: one the thresholds refuse today is not brought
 * back (a clear Spanish message, nothing changed); once they allow it, it is.
 */
import { randomUUID } from 'node:crypto';
import { todayIso } from '../../domain/dates';
import { MSG } from '../../domain/messages';
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

const UMBRALES = `mutation ($input: UmbralesTamizajeInput!) { updateUmbralesTamizaje(input: $input) { id } }`;
const CREATE = `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`;
const DELETE = `mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`;
const RESTAURAR = `mutation ($id: ID!) { restaurarDonacion(id: $id) { id } }`;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerServicio(server);
  ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 100) }`, {}, admin.token));
});
afterAll(() => server.close());

async function donante(sexo: 'Masculino' | 'Femenino', dni: string): Promise<string> {
  const id = randomUUID();
  await server.dataSource.query(
    `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
       nacionalidad, es_voluntario)
     VALUES ($1, $2, 'Ana', 'Gómez', $3, '1990-05-10', $4, 'Buenos Aires', 'Argentina', 'Si')`,
    [id, admin.servicio, dni, sexo],
  );
  return id;
}

const eliminada = async (id: string): Promise<boolean> =>
  (await server.dataSource.query(`SELECT deleted_at FROM donacion WHERE id = $1`, [id]))[0].deleted_at !==
  null;

describe('restaurarDonacion and the screening thresholds', () => {
  it('refuses a donation whose signs today’s thresholds refuse, nothing changed; restores it once allowed', async () => {
    const mujer = await donante('Femenino', '54000001');
    const { createDonacion } = ok(
      await server.gql<{ createDonacion: { id: string } }>(
        CREATE,
        {
          input: {
            donanteId: mujer,
            numero: 1,
            fecha: todayIso(),
            hora: '10:00',
            tipoBolsa: 'Bolsa Doble',
            loteBolsa: 'L1',
            sv: { tas: 120, tad: 80, fc: 72, peso: 70, temp: 36.5, hb: 12.2, hto: 36 },
          },
        },
        admin.token,
      ),
    );
    const id = createDonacion.id;
    ok(await server.gql(DELETE, { id }, admin.token));
    // Since then, the servicio asks more of a woman's hemoglobin.
    ok(await server.gql(UMBRALES, { input: { hbMinMujer: 12.5 } }, admin.token));

    const rechazo = await server.gql(RESTAURAR, { id }, admin.token);
    expect(rechazo.data).toBeNull();
    expect(rechazo.errors?.[0].extensions?.errors).toEqual([
      { field: '', msg: MSG.restaurarFueraDeUmbrales(MSG.hemoglobinaBaja) },
    ]);
    expect(rechazo.errors?.[0].message).toBe(MSG.restaurarFueraDeUmbrales('Hemoglobina baja'));
    expect(await eliminada(id)).toBe(true);
    const [{ n }] = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM auditoria WHERE entidad = 'donacion' AND entidad_id = $1 AND accion = 'restaurar'`,
      [id],
    );
    expect(n).toBe(0);

    // Back to the spec's bound: the restore goes through.
    ok(await server.gql(UMBRALES, { input: { hbMinMujer: null } }, admin.token));
    ok(await server.gql(RESTAURAR, { id }, admin.token));
    expect(await eliminada(id)).toBe(false);
  });
});
