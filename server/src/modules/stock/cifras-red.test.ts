/**
 * The network account's stock and look-back figures against a real Postgres over GraphQL: a
 * figure resting on 1 to 4 donors is answered null with `suprimido` (and a suppressed stock row
 * gives no nearest expiry, which points to a donation), 0 and 5 or more are exact, and no total
 * is answered that would give a suppressed figure back. The servicio itself reads its exact stock.
 */
import { randomUUID } from 'node:crypto';
import { identificadorUnidad } from '../../domain/componentes';
import { todayIso } from '../../domain/dates';
import {
  createNetwork,
  registerServicio,
  Session,
  startTestServer,
  TestServer,
  ok,
} from '../../test-utils/harness';

jest.setTimeout(120_000);

const TODAY = todayIso();
const DIA_MS = 86_400_000;

type FilaRed = {
  servicioId: string;
  tipo: string;
  abo: string;
  rh: string;
  cantidad: number | null;
  porVencer: number | null;
  proximoVencimiento: string | null;
  suprimido: boolean;
};
type TrazRed = { servicioId: string; abiertas: number | null; suprimido: boolean };

let server: TestServer;
let chico: Session;
let grande: Session;
let vacio: Session;
let redToken: string;
let numeroSeq = 0;
let dniSeq = 46_000_000;

beforeAll(async () => {
  server = await startTestServer();
  chico = await registerServicio(server);
  grande = await registerServicio(server);
  vacio = await registerServicio(server);
  for (const s of [chico, grande, vacio])
    ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000000) }`, {}, s.token));
  redToken = await createNetwork(server, chico, grande, vacio);
});
afterAll(() => server.close());

/** A new donor of `de` and a donation of group O NEGATIVO. */
async function donacion(de: Session): Promise<{ id: string; numero: number }> {
  const donanteId = randomUUID();
  await server.dataSource.query(
    `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
       nacionalidad, es_voluntario)
     VALUES ($1, $2, 'Ana', 'Gómez', $3, '1990-05-10', 'Femenino', 'Buenos Aires', 'Argentina', 'Si')`,
    [donanteId, de.servicio, String((dniSeq += 1))],
  );
  const numero = (numeroSeq += 1);
  const res = ok(
    await server.gql<{ createDonacion: { id: string } }>(
      `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`,
      {
        input: {
          donanteId,
          numero,
          fecha: TODAY,
          hora: '08:00',
          tipoBolsa: 'Bolsa Doble',
          loteBolsa: 'L1',
          donacionAferesis: false,
          plasmaCovid: false,
        },
      },
      de.token,
    ),
  );
  await server.dataSource.query(`UPDATE donacion SET abo = 'O', rh = 'NEGATIVO' WHERE id = $1`, [
    res.createDonacion.id,
  ]);
  return { id: res.createDonacion.id, numero };
}

/** A released red-cell unit of the donation, expiring `dias` days from now. */
async function unidad(de: Session, d: { id: string; numero: number }, dias: number, producto = 'GR1') {
  const [s] = await server.dataSource.query(`SELECT codigo_instalacion FROM servicio WHERE id = $1`, [
    de.servicio,
  ]);
  await server.dataSource.query(
    `INSERT INTO componente (id, servicio_id, donacion_id, tipo, codigo_producto, codigo, volumen, producido_en,
       vence_en, estado, liberado_en)
     VALUES ($1, $2, $3, 'GLOBULOS_ROJOS', $4, $5, 280, now(), $6, 'LIBERADO', now())`,
    [
      randomUUID(),
      de.servicio,
      d.id,
      producto,
      identificadorUnidad(String(s.codigo_instalacion), TODAY, d.numero, producto),
      new Date(Date.now() + dias * DIA_MS),
    ],
  );
}

/** An open look-back of the donation, held by `de`. */
async function trazabilidad(de: Session, d: { id: string }) {
  await server.dataSource.query(
    `INSERT INTO trazabilidad (servicio_id, donacion_id, donante_id, motivo, desde)
     SELECT $1, d.id, d.donante_id, 'RESULTADO_REACTIVO', $3 FROM donacion d WHERE d.id = $2`,
    [de.servicio, d.id, TODAY],
  );
}

const stockRed = async () =>
  ok(
    await server.gql<{ stockRed: FilaRed[] }>(
      `{ stockRed { servicioId servicio tipo abo rh cantidad porVencer proximoVencimiento diasAviso suprimido } }`,
      {},
      redToken,
    ),
  ).stockRed;
const trazRed = async () =>
  ok(
    await server.gql<{ trazabilidadesRed: TrazRed[] }>(
      `{ trazabilidadesRed { servicioId servicio abiertas suprimido } }`,
      {},
      redToken,
    ),
  ).trazabilidadesRed;

/** The fields of a GraphQL type: what a reader could add up. */
const campos = async (tipo: string) =>
  ok(
    await server.gql<{ __type: { fields: { name: string }[] } }>(
      `query ($t: String!) { __type(name: $t) { fields { name } } }`,
      { t: tipo },
      redToken,
    ),
  )
    .__type.fields.map((f) => f.name)
    .sort();

describe('the network stock', () => {
  it('1 to 4 donors: suppressed, with no nearest expiry; 5 or more: exact; none from one donor twice', async () => {
    const gr = (filas: FilaRed[], s: Session) =>
      filas.find((f) => f.servicioId === s.servicio && f.tipo === 'GLOBULOS_ROJOS');
    // One unit of O NEGATIVO at the small member: it points to one donation.
    await unidad(chico, await donacion(chico), 30);
    expect(gr(await stockRed(), chico)).toMatchObject({
      cantidad: null,
      porVencer: null,
      proximoVencimiento: null,
      suprimido: true,
    });
    // Six units, but split from three donors' donations: still rests on three.
    for (let k = 0; k < 3; k += 1) {
      const d = await donacion(grande);
      await unidad(grande, d, 30, 'GR1');
      await unidad(grande, d, 30, 'GR2');
    }
    expect(gr(await stockRed(), grande)).toMatchObject({ cantidad: null, suprimido: true });
    // Five donors: exact; two of them expiring soon (a count of two donors) is suppressed alone.
    await unidad(grande, await donacion(grande), 2);
    await unidad(grande, await donacion(grande), 2);
    const fila = gr(await stockRed(), grande);
    expect(fila).toMatchObject({ cantidad: 8, porVencer: null, suprimido: true });
    expect(fila?.proximoVencimiento).not.toBeNull();
    // Five expiring soon: every figure exact.
    for (let k = 0; k < 3; k += 1) await unidad(grande, await donacion(grande), 1);
    expect(gr(await stockRed(), grande)).toMatchObject({ cantidad: 11, porVencer: 5, suprimido: false });
    // A member with no stock has no rows (a zero); the servicio reads its own exact stock.
    expect((await stockRed()).filter((f) => f.servicioId === vacio.servicio)).toEqual([]);
    const propio = ok(
      await server.gql<{ stock: { tipo: string; cantidad: number }[] }>(
        `{ stock { tipo cantidad } }`,
        {},
        chico.token,
      ),
    ).stock;
    expect(propio.find((f) => f.tipo === 'GLOBULOS_ROJOS')?.cantidad).toBe(1);
  });

  it('answers no total of the network that a suppressed row could be deduced from', async () => {
    expect(await campos('StockRedFila')).toEqual(
      [
        'cantidad',
        'diasAviso',
        'porVencer',
        'proximoVencimiento',
        'rh',
        'servicio',
        'servicioId',
        'suprimido',
        'tipo',
        'abo',
      ].sort(),
    );
  });
});

describe('the network look-backs', () => {
  it('open look-backs per member: 0 exact, 1 to 4 suppressed, 5 or more exact', async () => {
    const antes = await trazRed();
    expect(antes.find((t) => t.servicioId === vacio.servicio)).toMatchObject({
      servicioId: vacio.servicio,
      abiertas: 0,
      suprimido: false,
    });
    for (let k = 0; k < 4; k += 1) await trazabilidad(chico, await donacion(chico));
    expect((await trazRed()).find((t) => t.servicioId === chico.servicio)).toMatchObject({
      abiertas: null,
      suprimido: true,
    });
    await trazabilidad(chico, await donacion(chico));
    expect((await trazRed()).find((t) => t.servicioId === chico.servicio)).toMatchObject({
      abiertas: 5,
      suprimido: false,
    });
    // Two reactive donations of one donor among five look-backs rest on four donors: suppressed.
    for (let k = 0; k < 3; k += 1) await trazabilidad(grande, await donacion(grande));
    const primera = await donacion(grande);
    const otra = await donacion(grande);
    await server.dataSource.query(
      `UPDATE donacion SET donante_id = (SELECT donante_id FROM donacion WHERE id = $1) WHERE id = $2`,
      [primera.id, otra.id],
    );
    await trazabilidad(grande, primera);
    await trazabilidad(grande, otra);
    expect((await trazRed()).find((t) => t.servicioId === grande.servicio)).toMatchObject({
      abiertas: null,
      suprimido: true,
    });
    expect(await campos('TrazabilidadesMiembro')).toEqual([
      'abiertas',
      'servicio',
      'servicioId',
      'suprimido',
    ]);
  });
});
