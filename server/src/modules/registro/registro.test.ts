/**
 * The discard and dispatch registers of a period, and the dispatch indicators, against a real
 * Postgres: every column of each register (discards in stock, on a return with the cold chain
 * broken, at a destination, by expiry; dispatches with their units' later fate), the period's
 * bounds, pagination, isolation between servicios, REST as the OpenAPI document says, and the
 * indicators' dispatched / transfused / returned / expired / end-of-period stock per type.
 */
import { randomUUID } from 'node:crypto';
import { identificadorLegible, identificadorUnidad } from '../../domain/componentes';
import { addDays, todayIso } from '../../domain/dates';
import { MSG } from '../../domain/messages';
import { numeroDespacho } from '../../domain/registros';
import {
  GqlResult,
  registerMember,
  registerServicio,
  Session,
  startTestServer,
  TestServer,
  ok,
} from '../../test-utils/harness';

jest.setTimeout(120_000);

const TODAY = todayIso();
const DIA_MS = 86_400_000;

const DESCARTES = `query ($d: String!, $h: String!, $p: PageInput) { registroDescartes(desde: $d, hasta: $h, page: $p) {
  total offset limit items { componenteId descartadoEn codigo codigoLegible codigoProducto tipo abo rh volumen motivo
  motivoTexto detalle descartadoPor descartadoEnDestino } } }`;
const DESPACHOS = `query ($d: String!, $h: String!, $p: PageInput) { registroDespachos(desde: $d, hasta: $h, page: $p) {
  total items { id numero despachadoEn destinoTipo destinoNombre destinoReferencia despachadoPor
  unidades { componenteId codigo codigoLegible codigoProducto tipo abo rh volumen venceEn estado cadenaFrio motivo
  detalle cerradoEn destinoPosterior } } } }`;
const DESPACHAR = `mutation ($ids: [ID!]!, $d: DestinoInput!) { despacharComponentes(ids: $ids, destino: $d) { id } }`;
const INDICADORES = `query ($d: String!, $h: String!) { indicadores(desde: $d, hasta: $h) { componentes {
  tipo producidos liberados descartados despachados porDestino { destino cantidad suprimido } transfundidos
  devueltos vencidos stockFinal suprimido } } }`;

type Descarte = {
  componenteId: string;
  descartadoEn: string;
  codigo: string;
  codigoLegible: string;
  codigoProducto: string;
  tipo: string;
  abo: string;
  rh: string;
  volumen: number;
  motivo: string | null;
  motivoTexto: string;
  detalle: string | null;
  descartadoPor: string;
  descartadoEnDestino: string | null;
};
type UnidadRegistro = {
  componenteId: string;
  codigo: string;
  tipo: string;
  abo: string;
  rh: string;
  volumen: number;
  venceEn: string;
  estado: string;
  cadenaFrio: boolean | null;
  motivo: string | null;
  detalle: string | null;
  cerradoEn: string | null;
  destinoPosterior: string;
};
type DespachoRegistro = {
  id: string;
  numero: string;
  despachadoEn: string;
  destinoTipo: string;
  destinoNombre: string;
  destinoReferencia: string | null;
  despachadoPor: string;
  unidades: UnidadRegistro[];
};
type Pagina<T> = { total: number; offset?: number; limit?: number; items: T[] };
type Componente = {
  tipo: string;
  despachados: number | null;
  porDestino: { destino: string; cantidad: number | null; suprimido: boolean }[];
  transfundidos: number | null;
  devueltos: number | null;
  vencidos: number | null;
  stockFinal: number | null;
};

let server: TestServer;
let a: Session;
let b: Session;
let tecnicoA: Session;
let numeroSeq = 0;
let dniSeq = 46_000_000;

const codeOf = (res: GqlResult) => res.errors?.[0].extensions?.code;
const msgsOf = (res: GqlResult) => res.errors?.[0].extensions?.errors?.map((e) => e.msg) ?? [];

beforeAll(async () => {
  server = await startTestServer();
  a = await registerServicio(server);
  b = await registerServicio(server);
  for (const s of [a, b])
    ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000000) }`, {}, s.token));
  tecnicoA = await registerMember(server, a, 'ROL_TECNICO', { nombre: 'Marta', apellido: 'Gómez' });
});
afterAll(() => server.close());

/** A released unit of `de` (written directly: the split and the release are componente.test.ts's). */
async function unidad(
  de: Session,
  o: { tipo?: string; abo?: string; rh?: string; venceEnMs?: number } = {},
): Promise<{ id: string; codigo: string }> {
  const donanteId = randomUUID();
  await server.dataSource.query(
    `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
       nacionalidad, es_voluntario)
     VALUES ($1, $2, 'Juan', 'Pérez', $3, '1990-05-10', 'Masculino', 'Buenos Aires', 'Argentina', 'Si')`,
    [donanteId, de.servicio, String((dniSeq += 1))],
  );
  const numero = (numeroSeq += 1);
  ok(
    await server.gql(
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
  await server.dataSource.query(
    `UPDATE donacion SET abo = $3, rh = $4 WHERE servicio_id = $1 AND numero = $2`,
    [de.servicio, numero, o.abo ?? 'O', o.rh ?? 'NEGATIVO'],
  );
  const [d] = await server.dataSource.query(
    `SELECT id FROM donacion WHERE servicio_id = $1 AND numero = $2`,
    [de.servicio, numero],
  );
  const [s] = await server.dataSource.query(`SELECT codigo_instalacion FROM servicio WHERE id = $1`, [
    de.servicio,
  ]);
  const tipo = o.tipo ?? 'GLOBULOS_ROJOS';
  const producto = { GLOBULOS_ROJOS: 'GR1', PLAQUETAS: 'PQ1', PLASMA_FRESCO_CONGELADO: 'PF1' }[tipo] ?? 'CR1';
  const codigo = identificadorUnidad(String(s.codigo_instalacion), TODAY, numero, producto);
  const id = randomUUID();
  await server.dataSource.query(
    `INSERT INTO componente (id, servicio_id, donacion_id, tipo, codigo_producto, codigo, volumen, producido_en,
       vence_en, estado, liberado_en)
     VALUES ($1, $2, $3, $4, $5, $6, 280, now(), $7, 'LIBERADO', now())`,
    [id, de.servicio, d.id, tipo, producto, codigo, new Date(Date.now() + (o.venceEnMs ?? 30 * DIA_MS))],
  );
  return { id, codigo };
}

const hospital = { tipo: 'HOSPITAL', nombre: 'Hospital Municipal', referencia: 'Pedido 123' };
const despachar = async (ids: string[], destino: Record<string, unknown> = hospital) =>
  ok(
    await server.gql<{ despacharComponentes: { id: string } }>(
      DESPACHAR,
      { ids, d: destino },
      tecnicoA.token,
    ),
  ).despacharComponentes.id;
const descartes = async (s: Session, desde = TODAY, hasta = TODAY, p?: { offset: number; limit: number }) =>
  ok(await server.gql<{ registroDescartes: Pagina<Descarte> }>(DESCARTES, { d: desde, h: hasta, p }, s.token))
    .registroDescartes;
const despachos = async (s: Session, desde = TODAY, hasta = TODAY) =>
  ok(
    await server.gql<{ registroDespachos: Pagina<DespachoRegistro> }>(
      DESPACHOS,
      { d: desde, h: hasta },
      s.token,
    ),
  ).registroDespachos;

describe('the registers', () => {
  let enStock: { id: string; codigo: string };
  let transfundida: { id: string; codigo: string };
  let descartadaAlla: { id: string; codigo: string };
  let devueltaRota: { id: string; codigo: string };
  let vencida: { id: string; codigo: string };
  let despacho1: string;
  let despacho2: string;

  beforeAll(async () => {
    enStock = await unidad(a, { tipo: 'PLAQUETAS', abo: 'A', rh: 'POSITIVO' });
    ok(
      await server.gql(
        `mutation ($id: ID!) { descartarComponente(id: $id, motivo: BOLSA_ROTA, detalle: "Se rompió al moverla") { id } }`,
        { id: enStock.id },
        tecnicoA.token,
      ),
    );
    transfundida = await unidad(a);
    descartadaAlla = await unidad(a, { abo: 'B', rh: 'NEGATIVO' });
    despacho1 = await despachar([transfundida.id, descartadaAlla.id]);
    ok(
      await server.gql(
        `mutation ($id: ID!) { registrarDestinoFinal(id: $id, destino: TRANSFUNDIDO) { id } }`,
        { id: transfundida.id },
        tecnicoA.token,
      ),
    );
    ok(
      await server.gql(
        `mutation ($id: ID!) { registrarDestinoFinal(id: $id, destino: DESCARTADO, motivo: HEMOLIZADO, detalle: "Hemólisis visible") { id } }`,
        { id: descartadaAlla.id },
        tecnicoA.token,
      ),
    );
    devueltaRota = await unidad(a, { tipo: 'PLASMA_FRESCO_CONGELADO', abo: 'AB', rh: 'POSITIVO' });
    despacho2 = await despachar([devueltaRota.id], { tipo: 'SERVICIO_PROPIO' });
    ok(
      await server.gql(
        `mutation ($id: ID!) { devolverComponente(id: $id, cadenaFrio: false, detalle: "Llegó tibia") { id } }`,
        { id: devueltaRota.id },
        tecnicoA.token,
      ),
    );
    // Expired a minute ago: the next read of the stock sweeps it out as expired (no one discarded it).
    vencida = await unidad(a, { venceEnMs: -60_000 });
    ok(await server.gql(`{ stock { cantidad } }`, {}, a.token));
  });

  it('lists every discarded unit of the period with each column, oldest first', async () => {
    const r = await descartes(a);
    expect(r.total).toBe(4);
    const por = new Map(r.items.map((x) => [x.codigo, x]));
    expect(por.get(enStock.codigo)).toEqual({
      componenteId: enStock.id,
      descartadoEn: expect.any(String),
      codigo: enStock.codigo,
      codigoLegible: identificadorLegible(enStock.codigo),
      codigoProducto: 'PQ1',
      tipo: 'PLAQUETAS',
      abo: 'A',
      rh: 'POSITIVO',
      volumen: 280,
      motivo: 'BOLSA_ROTA',
      motivoTexto: 'Bolsa rota o pérdida',
      detalle: 'Se rompió al moverla',
      descartadoPor: 'Marta Gómez',
      descartadoEnDestino: null,
    });
    expect(por.get(descartadaAlla.codigo)).toMatchObject({
      motivo: 'HEMOLIZADO',
      motivoTexto: 'Hemolizado',
      detalle: 'Hemólisis visible',
      abo: 'B',
      rh: 'NEGATIVO',
      descartadoPor: 'Marta Gómez',
      descartadoEnDestino: 'Hospital Municipal',
    });
    expect(por.get(devueltaRota.codigo)).toMatchObject({
      tipo: 'PLASMA_FRESCO_CONGELADO',
      motivo: 'CADENA_FRIO',
      motivoTexto: 'Ruptura de la cadena de frío',
      descartadoEnDestino: null,
    });
    expect(por.get(vencida.codigo)).toMatchObject({
      motivo: 'VENCIMIENTO',
      motivoTexto: 'Vencimiento',
      descartadoPor: 'Automático (vencimiento)',
    });
    const instantes = r.items.map((x) => x.descartadoEn);
    expect([...instantes].sort()).toEqual(instantes);
    // A page at a time, the same total.
    const segunda = await descartes(a, TODAY, TODAY, { offset: 1, limit: 2 });
    expect(segunda).toMatchObject({ total: 4, offset: 1, limit: 2 });
    expect(segunda.items.map((x) => x.codigo)).toEqual(r.items.slice(1, 3).map((x) => x.codigo));
  });

  it('lists every dispatch of the period with its units and their later fate', async () => {
    const r = await despachos(a);
    expect(r.total).toBe(2);
    const [d1, d2] = r.items;
    expect(d1).toMatchObject({
      id: despacho1,
      numero: numeroDespacho(despacho1),
      destinoTipo: 'HOSPITAL',
      destinoNombre: 'Hospital Municipal',
      destinoReferencia: 'Pedido 123',
      despachadoPor: 'Marta Gómez',
    });
    const fates = Object.fromEntries(d1.unidades.map((u) => [u.codigo, u]));
    expect(fates[transfundida.codigo]).toMatchObject({
      tipo: 'GLOBULOS_ROJOS',
      abo: 'O',
      rh: 'NEGATIVO',
      volumen: 280,
      estado: 'TRANSFUNDIDO',
      motivo: null,
      destinoPosterior: 'Transfundida',
    });
    expect(fates[transfundida.codigo].cerradoEn).not.toBeNull();
    expect(fates[descartadaAlla.codigo]).toMatchObject({
      estado: 'DESCARTADO',
      motivo: 'HEMOLIZADO',
      detalle: 'Hemólisis visible',
      destinoPosterior: 'Descartada en el destino: Hemolizado',
    });
    expect(d2).toMatchObject({ id: despacho2, destinoTipo: 'SERVICIO_PROPIO', destinoReferencia: null });
    expect(d2.unidades).toEqual([
      expect.objectContaining({
        codigo: devueltaRota.codigo,
        estado: 'DEVUELTO',
        cadenaFrio: false,
        detalle: 'Llegó tibia',
        destinoPosterior: 'Devuelta, sin la cadena de frío (descartada)',
        venceEn: expect.any(String),
      }),
    ]);
  });

  it('a period without events is empty; another servicio reads none of them', async () => {
    const ayer = addDays(TODAY, -1);
    expect((await descartes(a, ayer, ayer)).total).toBe(0);
    expect((await despachos(a, ayer, ayer)).total).toBe(0);
    expect((await descartes(b)).items).toEqual([]);
    expect((await despachos(b)).items).toEqual([]);
  });

  it('refuses a bad period in Spanish, changing nothing', async () => {
    const largo = await server.gql(DESCARTES, { d: addDays(TODAY, -400), h: TODAY }, a.token);
    expect(codeOf(largo)).toBe('BAD_USER_INPUT');
    expect(msgsOf(largo)).toEqual([MSG.periodoRegistroDemasiadoLargo]);
    const invertido = await server.gql(DESPACHOS, { d: TODAY, h: addDays(TODAY, -1) }, a.token);
    expect(msgsOf(invertido)).toEqual([MSG.periodoInvertido]);
    const fecha = await server.gql(DESCARTES, { d: '2026-02-30', h: TODAY }, a.token);
    expect(msgsOf(fecha)).toEqual([MSG.fechaInvalida]);
    // A year is allowed.
    expect((await descartes(a, addDays(TODAY, -365), TODAY)).total).toBe(4);
  });

  it('the indicators count dispatched by destination, transfused, returned, expired and the final stock', async () => {
    await unidad(a, { tipo: 'CRIOPRECIPITADO' });
    const { componentes } = ok(
      await server.gql<{ indicadores: { componentes: Componente[] } }>(
        INDICADORES,
        { d: TODAY, h: TODAY },
        a.token,
      ),
    ).indicadores;
    const de = (tipo: string) => componentes.find((c) => c.tipo === tipo) as Componente;
    const gr = de('GLOBULOS_ROJOS');
    expect(gr).toMatchObject({ despachados: 2, transfundidos: 1, devueltos: 0, vencidos: 1, stockFinal: 0 });
    expect(gr.porDestino).toEqual([
      { destino: 'HOSPITAL', cantidad: 2, suprimido: false },
      { destino: 'MIEMBRO_RED', cantidad: 0, suprimido: false },
      { destino: 'SERVICIO_PROPIO', cantidad: 0, suprimido: false },
    ]);
    const pf = de('PLASMA_FRESCO_CONGELADO');
    expect(pf).toMatchObject({ despachados: 1, devueltos: 1, transfundidos: 0, stockFinal: 0 });
    expect(pf.porDestino[2]).toEqual({ destino: 'SERVICIO_PROPIO', cantidad: 1, suprimido: false });
    expect(de('CRIOPRECIPITADO').stockFinal).toBe(1);
    // Yesterday's end: none of today's units was in stock.
    const ayer = addDays(TODAY, -1);
    const antes = ok(
      await server.gql<{ indicadores: { componentes: Componente[] } }>(
        INDICADORES,
        { d: ayer, h: ayer },
        a.token,
      ),
    ).indicadores.componentes;
    expect(antes.map((c) => c.stockFinal)).toEqual([0, 0, 0, 0]);
  });

  it('under /api, as the OpenAPI document says', async () => {
    const r = await server.rest<Pagina<Descarte>>(
      'GET',
      `/registro/descartes?desde=${TODAY}&hasta=${TODAY}&limit=2`,
      undefined,
      a.token,
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total: 4, limit: 2 });
    const d = await server.rest<Pagina<DespachoRegistro>>(
      'GET',
      `/registro/despachos?desde=${TODAY}&hasta=${TODAY}`,
      undefined,
      tecnicoA.token,
    );
    expect(d.body.items.map((x) => x.numero)).toEqual([numeroDespacho(despacho1), numeroDespacho(despacho2)]);
    const malo = await server.rest<{ errors: { msg: string }[] }>(
      'GET',
      `/registro/despachos?desde=${TODAY}`,
      undefined,
      a.token,
    );
    expect(malo.status).toBe(400);
    expect(malo.body.errors.map((e) => e.msg)).toEqual([MSG.fechaInvalida]);
    expect((await server.rest('GET', `/registro/descartes?desde=${TODAY}&hasta=${TODAY}`)).status).toBe(401);
  });
});
