/**
 * Dispatch, return, final destination and transfers against a real Postgres over GraphQL: only
 * released unexpired units leave (quarantined, expired, discarded or already dispatched refused,
 * all or none), 20 concurrent dispatches of one unit accept one, a dispatch racing a reactive
 * result, the return with the cold chain kept or broken, the final destination, a transfer between
 * two members from dispatch to reception keeping the identifier and in both histories, and who
 * reads what. The rules themselves are unit-tested in domain/despacho.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { identificadorUnidad } from '../../domain/componentes';
import { todayIso } from '../../domain/dates';
import { MSG } from '../../domain/messages';
import {
  createNetwork,
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

const UNIDAD = `id codigo codigoLegible tipo estado abo rh volumen venceEn vencido porVencer servicioOrigen recibido`;
const DESPACHO = `id destinoTipo destinoNombre destinoReferencia destinoServicioId origen despachadoPor despachadoEn
  unidades { estado cadenaFrio detalle cerradoEn unidad { ${UNIDAD} } }`;
const DESPACHAR = `mutation ($ids: [ID!]!, $d: DestinoInput!) { despacharComponentes(ids: $ids, destino: $d) { ${DESPACHO} } }`;
const DEVOLVER = `mutation ($id: ID!, $f: Boolean!, $d: String) { devolverComponente(id: $id, cadenaFrio: $f, detalle: $d) { ${UNIDAD} } }`;
const FINAL = `mutation ($id: ID!, $d: DestinoFinal!, $m: MotivoDescarte, $t: String) {
  registrarDestinoFinal(id: $id, destino: $d, motivo: $m, detalle: $t) { ${UNIDAD} } }`;
const RECIBIR = `mutation ($c: String!) { recibirComponente(codigo: $c) { ${UNIDAD} } }`;
const EN_TRANSITO = `{ componentesEnTransito { ${UNIDAD} } }`;
const TRAYECTORIA = `query ($c: String!) { trayectoriaUnidad(codigo: $c) { despachoId origen despachadoPor destinoTipo destinoNombre estado cerradoEn } }`;
const STOCK = `{ stock { tipo abo rh cantidad proximoVencimiento porVencer diasAviso } }`;
const UNIDADES = `query ($f: FiltroStock, $p: PageInput) { unidadesEnStock(filtro: $f, page: $p) { total items { ${UNIDAD} } } }`;

type U = {
  id: string;
  codigo: string;
  codigoLegible: string;
  tipo: string;
  estado: string;
  abo: string;
  rh: string;
  volumen: number;
  venceEn: string;
  vencido: boolean;
  porVencer: boolean;
  servicioOrigen: string;
  recibido: boolean;
};
type D = {
  id: string;
  destinoTipo: string;
  destinoNombre: string;
  destinoReferencia: string | null;
  destinoServicioId: string | null;
  origen: string;
  despachadoPor: string;
  despachadoEn: string;
  unidades: {
    estado: string;
    cadenaFrio: boolean | null;
    detalle: string | null;
    cerradoEn: string | null;
    unidad: U;
  }[];
};
type Fila = {
  tipo: string;
  abo: string;
  rh: string;
  cantidad: number;
  proximoVencimiento: string;
  porVencer: number;
  diasAviso: number;
};

let server: TestServer;
let a: Session;
let b: Session;
let ajeno: Session;
let tecnicoA: Session;
let tecnicoB: Session;
let administrativoA: Session;
let redToken: string;
let numeroSeq = 0;
let dniSeq = 44_000_000;

const codeOf = (res: GqlResult) => res.errors?.[0].extensions?.code;
const msgsOf = (res: GqlResult) => res.errors?.[0].extensions?.errors?.map((e) => e.msg) ?? [];

const member = (rol: string, de: Session): Promise<Session> => registerMember(server, de, rol);

const red = (...miembros: Session[]): Promise<string> => createNetwork(server, ...miembros);

beforeAll(async () => {
  server = await startTestServer();
  a = await registerServicio(server);
  b = await registerServicio(server);
  ajeno = await registerServicio(server);
  for (const s of [a, b, ajeno])
    ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000000) }`, {}, s.token));
  tecnicoA = await member('ROL_TECNICO', a);
  tecnicoB = await member('ROL_TECNICO', b);
  administrativoA = await member('ROL_ADMINISTRATIVO', a);
  redToken = await red(a, b);
});
afterAll(() => server.close());

/** A donation of a new donor of `de`, with group and factor. */
async function donacion(de: Session, abo = 'O', rh = 'NEGATIVO'): Promise<{ id: string; numero: number }> {
  const donanteId = randomUUID();
  await server.dataSource.query(
    `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
       nacionalidad, es_voluntario)
     VALUES ($1, $2, 'Juan', 'Pérez', $3, '1990-05-10', 'Masculino', 'Buenos Aires', 'Argentina', 'Si')`,
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
  await server.dataSource.query(`UPDATE donacion SET abo = $2, rh = $3 WHERE id = $1`, [
    res.createDonacion.id,
    abo,
    rh,
  ]);
  return { id: res.createDonacion.id, numero };
}

type Unidad = { id: string; codigo: string };

/**
 * A unit of `de` in state `estado` (released unless told), expiring `venceEnMs` from now. Written
 * directly (the split and the release are componente.test.ts's): what matters here is what follows.
 */
async function unidad(
  de: Session,
  o: { estado?: string; venceEnMs?: number; tipo?: string; abo?: string; rh?: string } = {},
): Promise<Unidad> {
  const d = await donacion(de, o.abo, o.rh);
  const [s] = await server.dataSource.query(`SELECT codigo_instalacion FROM servicio WHERE id = $1`, [
    de.servicio,
  ]);
  const tipo = o.tipo ?? 'GLOBULOS_ROJOS';
  const producto = { GLOBULOS_ROJOS: 'GR1', PLAQUETAS: 'PQ1', PLASMA_FRESCO_CONGELADO: 'PF1' }[tipo] ?? 'CR1';
  const codigo = identificadorUnidad(String(s.codigo_instalacion), TODAY, d.numero, producto);
  const id = randomUUID();
  const estado = o.estado ?? 'LIBERADO';
  await server.dataSource.query(
    `INSERT INTO componente (id, servicio_id, donacion_id, tipo, codigo_producto, codigo, volumen, producido_en,
       vence_en, estado, motivo_descarte, liberado_en)
     VALUES ($1, $2, $3, $4, $5, $6, 280, now(), $7, $8, $9, $10)`,
    [
      id,
      de.servicio,
      d.id,
      tipo,
      producto,
      codigo,
      new Date(Date.now() + (o.venceEnMs ?? 30 * DIA_MS)),
      estado,
      estado === 'DESCARTADO' ? 'OTRO' : null,
      estado === 'LIBERADO' ? new Date() : null,
    ],
  );
  return { id, codigo };
}

const hospital = { tipo: 'HOSPITAL', nombre: 'Hospital Municipal', referencia: 'Pedido 123' };
const despachar = (ids: string[], destino: Record<string, unknown> = hospital, token = tecnicoA.token) =>
  server.gql<{ despacharComponentes: D }>(DESPACHAR, { ids, d: destino }, token);
const estadoDe = async (id: string) =>
  String((await server.dataSource.query(`SELECT estado FROM componente WHERE id = $1`, [id]))[0].estado);
const stockDe = async (s: Session) => ok(await server.gql<{ stock: Fila[] }>(STOCK, {}, s.token)).stock;

describe('despacho', () => {
  it('sends released units to a hospital with the dispatch note data, audited', async () => {
    const u1 = await unidad(a);
    const u2 = await unidad(a, { tipo: 'PLAQUETAS', abo: 'A', rh: 'POSITIVO' });
    const d = ok(await despachar([u1.id, u2.id])).despacharComponentes;
    expect(d).toMatchObject({
      destinoTipo: 'HOSPITAL',
      destinoNombre: 'Hospital Municipal',
      destinoReferencia: 'Pedido 123',
      destinoServicioId: null,
      despachadoPor: 'Ana ROL_TECNICO',
    });
    expect(d.unidades.map((x) => [x.unidad.codigo, x.unidad.estado, x.estado]).sort()).toEqual(
      [
        [u1.codigo, 'DESPACHADO', 'EN_DESTINO'],
        [u2.codigo, 'DESPACHADO', 'EN_DESTINO'],
      ].sort(),
    );
    const grupos = d.unidades.map((x) => `${x.unidad.abo}${x.unidad.rh}`).sort();
    expect(grupos).toEqual(['APOSITIVO', 'ONEGATIVO']);
    const audit = await server.dataSource.query(
      `SELECT entidad, accion FROM auditoria WHERE servicio_id = $1 AND entidad_id = ANY($2::text[])`,
      [a.servicio, [d.id, u1.id]],
    );
    expect(audit.map((r: { entidad: string }) => r.entidad).sort()).toEqual(['componente', 'despacho']);
    const leido = ok(
      await server.gql<{ despacho: D }>(
        `query ($id: ID!) { despacho(id: $id) { ${DESPACHO} } }`,
        { id: d.id },
        a.token,
      ),
    ).despacho;
    expect(leido.unidades).toHaveLength(2);
  });

  it('refuses a quarantined, expired, discarded or already dispatched unit, and then dispatches none', async () => {
    const libre = await unidad(a);
    const cuarentena = await unidad(a, { estado: 'CUARENTENA' });
    const vencida = await unidad(a, { venceEnMs: -60_000 });
    const descartada = await unidad(a, { estado: 'DESCARTADO' });
    const despachada = await unidad(a);
    ok(await despachar([despachada.id]));
    const motivos: [Unidad, string][] = [
      [cuarentena, MSG.componenteNoLiberado],
      // Swept out of the stock as expired before the dispatch looks at it.
      [vencida, MSG.componenteDescartado],
      [descartada, MSG.componenteDescartado],
      [despachada, MSG.componenteDespachado],
    ];
    for (const [mala, motivo] of motivos) {
      const res = await despachar([libre.id, mala.id]);
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
      expect(msgsOf(res).join(' ')).toContain(mala.codigo.slice(0, 5));
      // Why it cannot leave, in words (never 'más de una vez').
      expect(msgsOf(res).join(' ')).toContain(motivo);
      expect(await estadoDe(libre.id)).toBe('LIBERADO');
    }
    // The expired one left the stock as discarded for expiry on the way.
    const [v] = await server.dataSource.query(
      `SELECT estado, motivo_descarte FROM componente WHERE id = $1`,
      [vencida.id],
    );
    expect(v).toEqual({ estado: 'DESCARTADO', motivo_descarte: 'VENCIMIENTO' });
  });

  it('20 concurrent dispatches of one unit accept one', async () => {
    const u = await unidad(a);
    const res = await Promise.all(Array.from({ length: 20 }, () => despachar([u.id])));
    expect(res.filter((r) => r.data).length).toBe(1);
    expect(res.filter((r) => codeOf(r) === 'BAD_USER_INPUT').length).toBe(19);
    const [{ n }] = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM despacho_componente WHERE componente_id = $1`,
      [u.id],
    );
    expect(n).toBe(1);
  });

  it('a dispatch racing a discard: the unit is either dispatched or discarded, never both', async () => {
    for (let i = 0; i < 5; i += 1) {
      const u = await unidad(a);
      const [des, desc] = await Promise.all([
        despachar([u.id]),
        server.gql(
          `mutation ($id: ID!) { descartarComponente(id: $id, motivo: BOLSA_ROTA) { id } }`,
          { id: u.id },
          tecnicoA.token,
        ),
      ]);
      expect(Boolean(des.data) !== Boolean(desc.data)).toBe(true);
      expect(await estadoDe(u.id)).toBe(des.data ? 'DESPACHADO' : 'DESCARTADO');
    }
  });

  it('checks the destination, the units and who dispatches', async () => {
    const u = await unidad(a);
    expect(msgsOf(await despachar([u.id], { tipo: 'HOSPITAL' }))).toEqual([MSG.destinoNombreRequerido]);
    expect(msgsOf(await despachar([], hospital))).toEqual([MSG.despachoVacio]);
    expect(msgsOf(await despachar([u.id, u.id], hospital))).toEqual([MSG.despachoRepetido]);
    expect(msgsOf(await despachar([u.id], { tipo: 'MIEMBRO_RED', servicioId: ajeno.servicio }))).toEqual([
      MSG.destinoMiembroAjeno,
    ]);
    expect(msgsOf(await despachar([u.id], { tipo: 'MIEMBRO_RED', servicioId: a.servicio }))).toEqual([
      MSG.destinoMiembroAjeno,
    ]);
    expect(codeOf(await despachar([u.id], hospital, administrativoA.token))).toBe('FORBIDDEN');
    // Another servicio's unit is a missing one.
    expect(codeOf(await despachar([u.id], hospital, ajeno.token))).toBe('NOT_FOUND');
    expect(await estadoDe(u.id)).toBe('LIBERADO');
    const propio = ok(await despachar([u.id], { tipo: 'SERVICIO_PROPIO' })).despacharComponentes;
    expect(propio.destinoNombre).toBe('Servicio de transfusión propio');
  });
});

describe('devolución y destino final', () => {
  it('back to stock when the cold chain was kept, discarded when broken', async () => {
    const u1 = await unidad(a);
    const u2 = await unidad(a);
    ok(await despachar([u1.id, u2.id]));
    const vuelta = ok(
      await server.gql<{ devolverComponente: U }>(DEVOLVER, { id: u1.id, f: true }, tecnicoA.token),
    );
    expect(vuelta.devolverComponente.estado).toBe('LIBERADO');
    const rota = ok(
      await server.gql<{ devolverComponente: U }>(
        DEVOLVER,
        { id: u2.id, f: false, d: 'Llegó tibia' },
        tecnicoA.token,
      ),
    );
    expect(rota.devolverComponente.estado).toBe('DESCARTADO');
    const [r] = await server.dataSource.query(`SELECT motivo_descarte FROM componente WHERE id = $1`, [
      u2.id,
    ]);
    expect(r.motivo_descarte).toBe('CADENA_FRIO');
    // Returned, it may leave again; a unit not dispatched is not returned.
    ok(await despachar([u1.id]));
    expect(msgsOf(await server.gql(DEVOLVER, { id: u2.id, f: true }, tecnicoA.token))).toEqual([
      MSG.componenteNoDespachado,
    ]);
  });

  it('records transfused or discarded at the destination, once', async () => {
    const u1 = await unidad(a);
    const u2 = await unidad(a);
    ok(await despachar([u1.id, u2.id]));
    const t = ok(
      await server.gql<{ registrarDestinoFinal: U }>(FINAL, { id: u1.id, d: 'TRANSFUNDIDO' }, tecnicoA.token),
    );
    expect(t.registrarDestinoFinal.estado).toBe('DESPACHADO');
    expect(msgsOf(await server.gql(FINAL, { id: u2.id, d: 'DESCARTADO' }, tecnicoA.token))).toEqual([
      MSG.destinoFinalMotivoRequerido,
    ]);
    const x = ok(
      await server.gql<{ registrarDestinoFinal: U }>(
        FINAL,
        { id: u2.id, d: 'DESCARTADO', m: 'BOLSA_ROTA' },
        tecnicoA.token,
      ),
    );
    expect(x.registrarDestinoFinal.estado).toBe('DESCARTADO');
    expect(msgsOf(await server.gql(FINAL, { id: u1.id, d: 'TRANSFUNDIDO' }, tecnicoA.token))).toEqual([
      MSG.destinoFinalYaRegistrado,
    ]);
    expect(msgsOf(await server.gql(DEVOLVER, { id: u1.id, f: true }, tecnicoA.token))).toEqual([
      MSG.destinoFinalYaRegistrado,
    ]);
    const [dc] = await server.dataSource.query(
      `SELECT estado FROM despacho_componente WHERE componente_id = $1`,
      [u1.id],
    );
    expect(dc.estado).toBe('TRANSFUNDIDO');
  });
});

describe('transferencias en la red', () => {
  it('a servicio lists its fellow members by their approved name, never itself nor another network', async () => {
    const MIEMBROS = `{ miembrosRed { id nombre } }`;
    const deA = ok(
      await server.gql<{ miembrosRed: { id: string; nombre: string }[] }>(MIEMBROS, {}, tecnicoA.token),
    ).miembrosRed;
    expect(deA.map((m) => m.id)).toEqual([b.servicio]);
    const [enRed] = await server.dataSource.query(
      `SELECT coalesce(nombre_en_red, nombre) AS nombre FROM servicio WHERE id = $1`,
      [b.servicio],
    );
    expect(deA[0].nombre).toBe(enRed.nombre);
    expect(ok(await server.gql<{ miembrosRed: unknown[] }>(MIEMBROS, {}, ajeno.token)).miembrosRed).toEqual(
      [],
    );
    expect(codeOf(await server.gql(MIEMBROS, {}, redToken))).toBe('FORBIDDEN');
  });

  it('a unit sent to another member is in transit there, received by scan with its identifier, in both histories', async () => {
    const u = await unidad(a, { abo: 'B', rh: 'NEGATIVO' });
    const d = ok(
      await despachar([u.id], { tipo: 'MIEMBRO_RED', servicioId: b.servicio }),
    ).despacharComponentes;
    expect(d.destinoServicioId).toBe(b.servicio);
    expect(d.unidades[0].estado).toBe('EN_TRANSITO');
    // In transit: at neither stock; listed at the receiver; the sender cannot record a final destination.
    const transito = ok(
      await server.gql<{ componentesEnTransito: U[] }>(EN_TRANSITO, {}, b.token),
    ).componentesEnTransito;
    expect(transito.map((x) => x.codigo)).toContain(u.codigo);
    expect(
      ok(await server.gql<{ componentesEnTransito: U[] }>(EN_TRANSITO, {}, ajeno.token))
        .componentesEnTransito,
    ).toEqual([]);
    expect(msgsOf(await server.gql(FINAL, { id: u.id, d: 'TRANSFUNDIDO' }, tecnicoA.token))).toEqual([
      MSG.componenteEnTransito,
    ]);
    // Another servicio, or a code not in transit to it, finds nothing.
    expect(codeOf(await server.gql(RECIBIR, { c: u.codigo }, ajeno.token))).toBe('NOT_FOUND');
    const legible = `${u.codigo.slice(0, 5)} ${u.codigo.slice(5)}`;
    const recibida = ok(
      await server.gql<{ recibirComponente: U }>(RECIBIR, { c: legible }, tecnicoB.token),
    ).recibirComponente;
    expect(recibida).toMatchObject({
      id: u.id,
      codigo: u.codigo,
      estado: 'LIBERADO',
      recibido: true,
      abo: 'B',
    });
    expect(codeOf(await server.gql(RECIBIR, { c: u.codigo }, tecnicoB.token))).toBe('NOT_FOUND');
    // It joins B's stock and units, not A's.
    const enB = ok(
      await server.gql<{ unidadesEnStock: { items: U[] } }>(
        UNIDADES,
        { f: { abo: 'B', rh: 'NEGATIVO' } },
        b.token,
      ),
    );
    expect(enB.unidadesEnStock.items.map((x) => x.codigo)).toContain(u.codigo);
    const enA = ok(
      await server.gql<{ unidadesEnStock: { items: U[] } }>(
        UNIDADES,
        { f: { abo: 'B', rh: 'NEGATIVO' } },
        a.token,
      ),
    );
    expect(enA.unidadesEnStock.items.map((x) => x.codigo)).not.toContain(u.codigo);
    // Scanned at B: the holder-safe shape (group, product, expiry; no donation to ask for); at A: it left.
    const POR_CODIGO = `query ($c: String!) { unidadPorCodigo(codigo: $c) { ${UNIDAD} } }`;
    expect(
      ok(await server.gql<{ unidadPorCodigo: U }>(POR_CODIGO, { c: u.codigo }, tecnicoB.token))
        .unidadPorCodigo,
    ).toMatchObject({ id: u.id, estado: 'LIBERADO', abo: 'B', rh: 'NEGATIVO', recibido: true });
    expect(
      ok(await server.gql<{ unidadPorCodigo: U }>(POR_CODIGO, { c: u.codigo }, tecnicoA.token))
        .unidadPorCodigo,
    ).toMatchObject({ id: u.id, estado: 'DESPACHADO' });
    expect(
      ok(await server.gql<{ unidadPorCodigo: U | null }>(POR_CODIGO, { c: u.codigo }, ajeno.token))
        .unidadPorCodigo,
    ).toBeNull();
    expect(
      codeOf(
        await server.gql(
          `query ($c: String!) { unidadPorCodigo(codigo: $c) { donacion { id } } }`,
          { c: u.codigo },
          tecnicoB.token,
        ),
      ),
    ).toBe('GRAPHQL_VALIDATION_FAILED');
    // Both histories show the dispatch from A to B, received, and who dispatched it.
    for (const s of [a, b]) {
      const pasos = ok(
        await server.gql<{
          trayectoriaUnidad: { origen: string; destinoTipo: string; estado: string; despachadoPor: string }[];
        }>(TRAYECTORIA, { c: u.codigo }, s.token),
      ).trayectoriaUnidad;
      expect(pasos.map((p) => [p.destinoTipo, p.estado])).toEqual([['MIEMBRO_RED', 'RECIBIDO']]);
      expect(pasos[0].despachadoPor).toBe(d.despachadoPor);
    }
    expect(codeOf(await server.gql(TRAYECTORIA, { c: u.codigo }, ajeno.token))).toBe('NOT_FOUND');
    // Its holder discards it, not the servicio that produced it.
    expect(
      codeOf(
        await server.gql(
          `mutation ($id: ID!) { descartarComponente(id: $id, motivo: BOLSA_ROTA) { id } }`,
          { id: u.id },
          tecnicoA.token,
        ),
      ),
    ).toBe('NOT_FOUND');
    // B may send it on; A no longer may.
    expect(codeOf(await despachar([u.id]))).toBe('NOT_FOUND');
    const deB = ok(await despachar([u.id], hospital, tecnicoB.token)).despacharComponentes;
    expect(deB.origen).not.toBe(d.origen);
    const audB = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM auditoria WHERE servicio_id = $1 AND entidad_id = $2`,
      [b.servicio, u.id],
    );
    expect(audB[0].n).toBeGreaterThanOrEqual(2);
  });

  it('the network account sees figures per member, never a unit or a donor', async () => {
    await unidad(b, { tipo: 'PLASMA_FRESCO_CONGELADO', abo: 'AB', rh: 'POSITIVO' });
    const res = ok(
      await server.gql<{
        stockRed: (Fila & { servicioId: string; servicio: string; suprimido: boolean })[];
      }>(`{ stockRed { servicioId servicio tipo abo rh cantidad porVencer suprimido } }`, {}, redToken),
    ).stockRed;
    const fila = res.find(
      (f) => f.servicioId === b.servicio && f.tipo === 'PLASMA_FRESCO_CONGELADO' && f.abo === 'AB',
    );
    // One unit of a group at one member rests on one donor: suppressed (cifras-red.test.ts).
    expect(fila).toMatchObject({ cantidad: null, porVencer: null, suprimido: true });
    expect(res.every((f) => [a.servicio, b.servicio].includes(f.servicioId))).toBe(true);
    expect(codeOf(await server.gql(STOCK, {}, redToken))).toBe('FORBIDDEN');
  });
});

describe('solicitudes de la red', () => {
  const SOLICITAR = `mutation ($i: SolicitudTrasladoInput!) { solicitarTraslado(input: $i) { id origen destino tipo abo rh cantidad estado nota } }`;
  const RESPONDER = `mutation ($id: ID!, $a: Boolean!, $m: String) { responderSolicitudTraslado(id: $id, acepta: $a, motivo: $m) { id estado motivo } }`;
  const LISTA = `{ solicitudesTraslado { id estado } }`;
  it('the network asks a member to send units to another; the member asked accepts or declines, once', async () => {
    const pedido = {
      origenId: a.servicio,
      destinoId: b.servicio,
      tipo: 'GLOBULOS_ROJOS',
      abo: 'o',
      rh: 'negativo',
      cantidad: 2,
      nota: '  Para una cirugía programada  ',
    };
    const s = ok(
      await server.gql<{ solicitarTraslado: { id: string; abo: string; estado: string; nota: string } }>(
        SOLICITAR,
        { i: pedido },
        redToken,
      ),
    ).solicitarTraslado;
    expect(s).toMatchObject({ abo: 'O', estado: 'PENDIENTE', nota: 'Para una cirugía programada' });
    expect(
      msgsOf(await server.gql(SOLICITAR, { i: { ...pedido, nota: 'x'.repeat(501) } }, redToken)),
    ).toEqual([MSG.textoDemasiadoLargo(500)]);
    expect(
      msgsOf(await server.gql(SOLICITAR, { i: { ...pedido, destinoId: ajeno.servicio } }, redToken)),
    ).toEqual([MSG.solicitudMiembros]);
    expect(msgsOf(await server.gql(SOLICITAR, { i: { ...pedido, cantidad: 0 } }, redToken))).toEqual([
      MSG.solicitudCantidad(200),
    ]);
    for (const t of [a.token, b.token, redToken]) {
      const ids = ok(
        await server.gql<{ solicitudesTraslado: { id: string }[] }>(LISTA, {}, t),
      ).solicitudesTraslado.map((x) => x.id);
      expect(ids).toContain(s.id);
    }
    expect(
      ok(await server.gql<{ solicitudesTraslado: unknown[] }>(LISTA, {}, ajeno.token)).solicitudesTraslado,
    ).toEqual([]);
    // Only the member asked answers; declining needs a reason.
    expect(codeOf(await server.gql(RESPONDER, { id: s.id, a: true }, tecnicoB.token))).toBe('NOT_FOUND');
    expect(msgsOf(await server.gql(RESPONDER, { id: s.id, a: false }, tecnicoA.token))).toEqual([
      MSG.solicitudMotivoRequerido,
    ]);
    const r = ok(
      await server.gql<{ responderSolicitudTraslado: { estado: string; motivo: string } }>(
        RESPONDER,
        { id: s.id, a: false, m: 'Sin stock de O negativo' },
        tecnicoA.token,
      ),
    ).responderSolicitudTraslado;
    expect(r).toMatchObject({ estado: 'RECHAZADA', motivo: 'Sin stock de O negativo' });
    expect(msgsOf(await server.gql(RESPONDER, { id: s.id, a: true }, tecnicoA.token))).toEqual([
      MSG.solicitudYaRespondida,
    ]);
  });
});

describe('stock', () => {
  it('counts match the units, nearest expiry first, expiring soon by the servicio’s days', async () => {
    const s = await registerServicio(server);
    ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000000) }`, {}, s.token));
    const pronto = await unidad(s, { venceEnMs: 3 * DIA_MS });
    await unidad(s, { venceEnMs: 20 * DIA_MS });
    await unidad(s, { tipo: 'PLAQUETAS', abo: 'A', rh: 'POSITIVO', venceEnMs: 3 * DIA_MS });
    await unidad(s, { estado: 'CUARENTENA' });
    await unidad(s, { venceEnMs: -1000 });
    const filas = await stockDe(s);
    expect(filas.map((f) => [f.tipo, f.abo, f.rh, f.cantidad, f.porVencer, f.diasAviso])).toEqual([
      ['GLOBULOS_ROJOS', 'O', 'NEGATIVO', 2, 1, 7],
      ['PLAQUETAS', 'A', 'POSITIVO', 1, 0, 2],
    ]);
    const [{ vence_en }] = await server.dataSource.query(`SELECT vence_en FROM componente WHERE id = $1`, [
      pronto.id,
    ]);
    expect(new Date(filas[0].proximoVencimiento).getTime()).toBe(new Date(vence_en).getTime());
    const total = filas.reduce((n, f) => n + f.cantidad, 0);
    const [{ n }] = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM componente WHERE ubicacion_id = $1 AND estado = 'LIBERADO'`,
      [s.servicio],
    );
    expect(total).toBe(n);
    // The warning days per type, set by the administrator only.
    ok(
      await server.gql(
        `mutation { updateAvisoVencimiento(tipo: PLAQUETAS, dias: 4) { tipo dias } }`,
        {},
        s.token,
      ),
    );
    expect((await stockDe(s))[1].porVencer).toBe(1);
    const mal = await server.gql(
      `mutation { updateAvisoVencimiento(tipo: PLAQUETAS, dias: 400) { dias } }`,
      {},
      s.token,
    );
    expect(msgsOf(mal)).toEqual([MSG.diasAvisoFueraDeRango(0, 365)]);
    const unidades = ok(
      await server.gql<{ unidadesEnStock: { total: number; items: U[] } }>(
        UNIDADES,
        { f: { tipo: 'GLOBULOS_ROJOS', abo: 'O', rh: 'NEGATIVO' } },
        s.token,
      ),
    ).unidadesEnStock;
    expect(unidades.total).toBe(2);
    expect(unidades.items[0].id).toBe(pronto.id);
    expect(unidades.items.map((x) => x.porVencer)).toEqual([true, false]);
    const porVencer = ok(
      await server.gql<{ unidadesEnStock: { total: number } }>(UNIDADES, { f: { porVencer: true } }, s.token),
    ).unidadesEnStock;
    expect(porVencer.total).toBe(2);
    expect(codeOf(await server.gql(UNIDADES, { f: { abo: 'X' } }, s.token))).toBe('BAD_USER_INPUT');
  });

  it('an expired unit is never stock: discarded as expired on the next read, once', async () => {
    const s = await registerServicio(server);
    ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000000) }`, {}, s.token));
    const u = await unidad(s, { venceEnMs: 2000 });
    expect((await stockDe(s)).map((f) => f.cantidad)).toEqual([1]);
    await new Promise((r) => setTimeout(r, 2100));
    expect(await stockDe(s)).toEqual([]);
    const [r] = await server.dataSource.query(
      `SELECT estado, motivo_descarte, descartado_por FROM componente WHERE id = $1`,
      [u.id],
    );
    expect(r).toEqual({ estado: 'DESCARTADO', motivo_descarte: 'VENCIMIENTO', descartado_por: null });
    await stockDe(s);
    const [{ n }] = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM auditoria WHERE entidad_id = $1 AND cambios::text LIKE '%VENCIMIENTO%'`,
      [u.id],
    );
    expect(n).toBe(1);
  });
});

describe('REST', () => {
  it('dispatch, return, final destination, transfer and stock under /api, as the OpenAPI document says', async () => {
    const u1 = await unidad(a);
    const u2 = await unidad(a);
    const u3 = await unidad(a, { abo: 'A', rh: 'POSITIVO' });
    const t = tecnicoA.token;
    const d = await server.rest<{ id: string; unidades: unknown[] }>(
      'POST',
      '/despacho',
      { ids: [u1.id, u2.id], destino: { tipo: 'hospital', nombre: 'Clínica del Sol', referencia: 'R-9' } },
      t,
    );
    expect(d.status).toBe(200);
    expect(d.body.unidades).toHaveLength(2);
    expect((await server.rest('GET', `/despacho/${d.body.id}`, undefined, t)).status).toBe(200);
    expect((await server.rest<unknown[]>('GET', '/despacho', undefined, t)).status).toBe(200);
    const vuelta = await server.rest<{ estado: string }>(
      'POST',
      `/componente/${u1.id}/devolver`,
      { cadenaFrio: 'true' },
      t,
    );
    expect(vuelta.body.estado).toBe('LIBERADO');
    expect((await server.rest('POST', `/componente/${u1.id}/devolver`, {}, t)).status).toBe(400);
    const final = await server.rest<{ estado: string }>(
      'POST',
      `/componente/${u2.id}/destino-final`,
      { destino: 'descartado', motivo: 'hemolizado' },
      t,
    );
    expect(final.body.estado).toBe('DESCARTADO');
    const aB = await server.rest(
      'POST',
      '/despacho',
      { ids: [u3.id], destino: { tipo: 'MIEMBRO_RED', servicioId: b.servicio } },
      t,
    );
    expect(aB.status).toBe(200);
    const transito = await server.rest<{ codigo: string }[]>(
      'GET',
      '/componente/en-transito',
      undefined,
      tecnicoB.token,
    );
    expect(transito.body.map((x) => x.codigo)).toContain(u3.codigo);
    const recibida = await server.rest<{ recibido: boolean }>(
      'POST',
      '/componente/recibir',
      { codigo: u3.codigo },
      tecnicoB.token,
    );
    expect(recibida.body.recibido).toBe(true);
    const pasos = await server.rest<{ estado: string }[]>(
      'GET',
      `/componente/codigo/${u3.codigo}/trayectoria`,
      undefined,
      t,
    );
    expect(pasos.body.map((p) => p.estado)).toEqual(['RECIBIDO']);
    const stock = await server.rest<{ filas: Fila[] }>('GET', '/stock', undefined, tecnicoB.token);
    expect(stock.body.filas.some((f) => f.abo === 'A' && f.rh === 'POSITIVO')).toBe(true);
    const lista = await server.rest<{ total: number }>(
      'GET',
      '/stock/unidades?abo=A&rh=POSITIVO&porVencer=false',
      undefined,
      tecnicoB.token,
    );
    expect(lista.body.total).toBeGreaterThanOrEqual(1);
    expect((await server.rest('GET', '/stock/unidades?tipo=SANGRE', undefined, t)).status).toBe(400);
    const aviso = await server.rest(
      'POST',
      '/auth/opciones/aviso-vencimiento',
      { tipo: 'globulos_rojos', dias: '5' },
      a.token,
    );
    expect(aviso.status).toBe(200);
    expect(
      (await server.rest('POST', '/auth/opciones/aviso-vencimiento', { tipo: 'GLOBULOS_ROJOS', dias: 5 }, t))
        .status,
    ).toBe(403);
  });
});
