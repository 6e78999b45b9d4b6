/**
 * Look-back against a real Postgres over GraphQL: a reactive result on a donor's new donation
 * lists the components of the person's earlier donations within the window at both members of
 * the network, withdraws at once the ones in stock (in the result's transaction), marks the
 * dispatched ones for notification, records notifications, closes when each is notified, and
 * shows the network account only counts. The rules are unit-tested in domain/trazabilidad.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { identificadorUnidad } from '../../domain/componentes';
import { addDays, todayIso } from '../../domain/dates';
import { MSG } from '../../domain/messages';
import {
  createNetwork,
  GqlResult,
  registerMember,
  registerServicio,
  Session,
  startTestServer,
  TestServer,
} from '../../test-utils/harness';

jest.setTimeout(120_000);

const TODAY = todayIso();
const TRAZ = `id servicio donacionNumero desde abierta creadaEn
  unidades { componenteId codigo tipo estado accion servicio destino notificada }
  notificaciones { id componenteId notificado medio respuesta notificadoEn registradoPor servicio }`;
const LISTA = `query ($t: Boolean) { trazabilidades(todas: $t) { ${TRAZ} } }`;
const NOTIFICAR = `mutation ($id: ID!, $i: NotificacionInput!) { registrarNotificacion(id: $id, input: $i) { ${TRAZ} } }`;
const CERRAR = `mutation ($id: ID!) { cerrarTrazabilidad(id: $id) { id abierta } }`;

type T = {
  id: string;
  servicio: string;
  donacionNumero: number;
  desde: string;
  abierta: boolean;
  unidades: {
    componenteId: string;
    codigo: string;
    estado: string;
    accion: string;
    servicio: string;
    destino: string | null;
    notificada: boolean;
  }[];
  notificaciones: {
    componenteId: string | null;
    notificado: string;
    medio: string;
    respuesta: string | null;
  }[];
};

let server: TestServer;
let a: Session;
let b: Session;
let ajeno: Session;
let medicoA: Session;
let tecnicoA: Session;
let tecnicoB: Session;
let redToken: string;
let numeroSeq = 0;
let dniSeq = 45_000_000;

const ok = <R>(res: GqlResult<R>): R => {
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data;
};
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
  medicoA = await member('ROL_MEDICO', a);
  tecnicoA = await member('ROL_TECNICO', a);
  tecnicoB = await member('ROL_TECNICO', b);
  redToken = await red(a, b);
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
        input: {
          donanteId,
          numero,
          fecha,
          hora: '09:00',
          tipoBolsa: 'Bolsa Doble',
          loteBolsa: 'L1',
          donacionAferesis: false,
          plasmaCovid: false,
        },
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
): Promise<{ id: string; codigo: string }> {
  const [s] = await server.dataSource.query(`SELECT codigo_instalacion FROM servicio WHERE id = $1`, [
    de.servicio,
  ]);
  const codigo = identificadorUnidad(String(s.codigo_instalacion), fecha, d.numero, producto);
  const id = randomUUID();
  const tipo = producto.startsWith('GR') ? 'GLOBULOS_ROJOS' : 'PLASMA_FRESCO_CONGELADO';
  await server.dataSource.query(
    `INSERT INTO componente (id, servicio_id, donacion_id, tipo, codigo_producto, codigo, volumen, producido_en,
       vence_en, estado, liberado_en)
     VALUES ($1, $2, $3, $4, $5, $6, 250, now(), now() + interval '200 days', $7, now())`,
    [id, de.servicio, d.id, tipo, producto, codigo, estado],
  );
  return { id, codigo };
}

const reactivo = (donacionId: string, token = tecnicoA.token) =>
  server.gql(
    `mutation ($id: ID!, $input: TamizajeInput!) { registrarTamizaje(donacionId: $id, input: $input) { id } }`,
    { id: donacionId, input: { marcador: 'HIV', estado: 'REACTIVO', fecha: TODAY, tecnica: 'ELISA' } },
    token,
  );

describe('trazabilidad inversa', () => {
  it('a reactive result withdraws the earlier units in stock at both members, lists the dispatched ones, records notifications', async () => {
    const dni = String((dniSeq += 1));
    const enA = await donante(a, dni);
    const enB = await donante(b, dni);
    // Outside the window (13 months back), at B: never listed.
    const vieja = await donacion(b, enB, addDays(TODAY, -400));
    const fuera = await unidad(b, vieja, addDays(TODAY, -400), 'GR1');
    // At B, 200 days ago: red cells in stock, plasma sent to a hospital.
    const fechaB = addDays(TODAY, -200);
    const previaB = await donacion(b, enB, fechaB);
    const grB = await unidad(b, previaB, fechaB, 'GR1');
    const pfB = await unidad(b, previaB, fechaB, 'PF1');
    ok(
      await server.gql(
        `mutation ($ids: [ID!]!) { despacharComponentes(ids: $ids, destino: { tipo: HOSPITAL, nombre: "Hospital Regional" }) { id } }`,
        { ids: [pfB.id] },
        tecnicoB.token,
      ),
    );
    // At A, 100 days ago: red cells in quarantine.
    const fechaA = addDays(TODAY, -100);
    const previaA = await donacion(a, enA, fechaA);
    const grA = await unidad(a, previaA, fechaA, 'GR1', 'CUARENTENA');
    // Today at A: reactive.
    const nueva = await donacion(a, enA, TODAY);
    ok(await reactivo(nueva.id));

    const estados = async () =>
      Object.fromEntries(
        (
          await server.dataSource.query(
            `SELECT id, estado, motivo_descarte FROM componente WHERE id = ANY($1::uuid[])`,
            [[fuera.id, grB.id, pfB.id, grA.id]],
          )
        ).map((r: { id: string; estado: string; motivo_descarte: string | null }) => [
          r.id,
          [r.estado, r.motivo_descarte],
        ]),
      );
    expect(await estados()).toEqual({
      [fuera.id]: ['LIBERADO', null],
      [grB.id]: ['DESCARTADO', 'SEROLOGIA_REACTIVA'],
      [pfB.id]: ['DESPACHADO', null],
      [grA.id]: ['DESCARTADO', 'SEROLOGIA_REACTIVA'],
    });

    const [t] = ok(await server.gql<{ trazabilidades: T[] }>(LISTA, {}, medicoA.token)).trazabilidades;
    expect(t.donacionNumero).toBe(nueva.numero);
    expect(t.abierta).toBe(true);
    const porCodigo = Object.fromEntries(t.unidades.map((u) => [u.codigo, [u.accion, u.estado, u.destino]]));
    expect(porCodigo).toEqual({
      [grB.codigo]: ['RETIRADA', 'DESCARTADO', null],
      [pfB.codigo]: ['NOTIFICAR', 'DESPACHADO', 'Hospital Regional'],
      [grA.codigo]: ['RETIRADA', 'DESCARTADO', null],
    });
    // B sees it on its work-list too (it held units); another servicio does not.
    expect(
      ok(await server.gql<{ trazabilidades: T[] }>(LISTA, {}, b.token)).trazabilidades.map((x) => x.id),
    ).toContain(t.id);
    expect(ok(await server.gql<{ trazabilidades: T[] }>(LISTA, {}, ajeno.token)).trazabilidades).toEqual([]);
    // The network account: counts only, and one open look-back points to one donor: suppressed.
    const red = ok(
      await server.gql<{
        trazabilidadesRed: { servicioId: string; abiertas: number | null; suprimido: boolean }[];
      }>(`{ trazabilidadesRed { servicioId servicio abiertas suprimido } }`, {}, redToken),
    ).trazabilidadesRed;
    for (const s of [a, b])
      expect(red.find((r) => r.servicioId === s.servicio)).toMatchObject({ abiertas: null, suprimido: true });

    // Closing waits for the notification of the dispatched unit.
    expect(msgsOf(await server.gql(CERRAR, { id: t.id }, medicoA.token))).toEqual([
      MSG.trazabilidadFaltaNotificar(pfB.codigo),
    ]);
    expect(
      codeOf(
        await server.gql(NOTIFICAR, { id: t.id, i: { notificado: 'X', medio: 'TELEFONO' } }, tecnicoA.token),
      ),
    ).toBe('FORBIDDEN');
    expect(
      msgsOf(
        await server.gql(NOTIFICAR, { id: t.id, i: { notificado: ' ', medio: 'TELEFONO' } }, medicoA.token),
      ),
    ).toEqual([MSG.requerido]);
    const n = ok(
      await server.gql<{ registrarNotificacion: T }>(
        NOTIFICAR,
        {
          id: t.id,
          i: {
            componenteId: pfB.id,
            notificado: 'Hospital Regional, Dra. Ruiz (hemoterapia)',
            medio: 'TELEFONO',
            respuesta: 'La unidad se transfundió el martes; seguimiento del receptor',
          },
        },
        medicoA.token,
      ),
    ).registrarNotificacion;
    expect(n.notificaciones).toMatchObject([
      { componenteId: pfB.id, medio: 'TELEFONO', notificado: 'Hospital Regional, Dra. Ruiz (hemoterapia)' },
    ]);
    expect(n.unidades.find((u) => u.componenteId === pfB.id)?.notificada).toBe(true);
    // The same over /api (answers checked against the OpenAPI document).
    const lista = await server.rest<{ id: string }[]>(
      'GET',
      '/componente/trazabilidad',
      undefined,
      medicoA.token,
    );
    expect(lista.body.map((x) => x.id)).toContain(t.id);
    expect((await server.rest('GET', `/componente/trazabilidad/${t.id}`, undefined, b.token)).status).toBe(
      200,
    );
    const porRest = await server.rest<{ notificaciones: unknown[] }>(
      'POST',
      `/componente/trazabilidad/${t.id}/notificacion`,
      { notificado: 'Hospital Regional, dirección', medio: 'nota', notificadoEn: new Date().toISOString() },
      medicoA.token,
    );
    expect(porRest.body.notificaciones).toHaveLength(2);
    expect(
      (
        await server.rest(
          'POST',
          `/componente/trazabilidad/${t.id}/notificacion`,
          { notificado: 'X', medio: 'FAX' },
          medicoA.token,
        )
      ).status,
    ).toBe(400);
    // B's administrator may not close A's look-back; A's doctor does.
    expect(codeOf(await server.gql(CERRAR, { id: t.id }, b.token))).toBe('FORBIDDEN');
    expect(
      ok(await server.gql<{ cerrarTrazabilidad: T }>(CERRAR, { id: t.id }, medicoA.token)).cerrarTrazabilidad
        .abierta,
    ).toBe(false);
    expect(
      ok(await server.gql<{ trazabilidades: T[] }>(LISTA, {}, medicoA.token)).trazabilidades.map((x) => x.id),
    ).not.toContain(t.id);
    // Once per donation: another reactive marker opens no second look-back.
    ok(
      await server.gql(
        `mutation ($id: ID!, $input: TamizajeInput!) { registrarTamizaje(donacionId: $id, input: $input) { id } }`,
        { id: nueva.id, input: { marcador: 'CHAGAS', estado: 'REACTIVO', fecha: TODAY, tecnica: 'ELISA' } },
        tecnicoA.token,
      ),
    );
    const [{ c }] = await server.dataSource.query(
      `SELECT count(*)::int AS c FROM trazabilidad WHERE donacion_id = $1`,
      [nueva.id],
    );
    expect(c).toBe(1);
  });

  it('the window is the servicio’s setting; no earlier unit, no look-back', async () => {
    ok(await server.gql(`mutation { updateVentanaTrazabilidad(meses: 3) }`, {}, ajeno.token));
    expect(
      ok(await server.gql<{ ventanaTrazabilidad: number }>(`{ ventanaTrazabilidad }`, {}, ajeno.token))
        .ventanaTrazabilidad,
    ).toBe(3);
    expect(
      msgsOf(await server.gql(`mutation { updateVentanaTrazabilidad(meses: 0) }`, {}, ajeno.token)),
    ).toEqual([MSG.ventanaTrazabilidadFueraDeRango(1, 60)]);
    const dni = String((dniSeq += 1));
    const x = await donante(ajeno, dni);
    const fecha = addDays(TODAY, -120);
    const previa = await donacion(ajeno, x, fecha);
    const u = await unidad(ajeno, previa, fecha, 'GR1');
    const nueva = await donacion(ajeno, x, TODAY);
    ok(await reactivo(nueva.id, ajeno.token));
    const [r] = await server.dataSource.query(`SELECT estado FROM componente WHERE id = $1`, [u.id]);
    expect(r.estado).toBe('LIBERADO');
    expect(
      ok(await server.gql<{ trazabilidades: T[] }>(LISTA, { t: true }, ajeno.token)).trazabilidades,
    ).toEqual([]);
  });
});

describe('trazabilidad inversa por informe post-donación', () => {
  it('a post-donation report traces the donation itself and the earlier ones: units in stock withdrawn with its reason, dispatched ones to notify', async () => {
    const dni = String((dniSeq += 1));
    const enA = await donante(a, dni);
    const enB = await donante(b, dni);
    // At B, 60 days ago: red cells in stock.
    const fechaB = addDays(TODAY, -60);
    const previaB = await donacion(b, enB, fechaB);
    const grB = await unidad(b, previaB, fechaB, 'GR1');
    // At A, 3 days ago, the donation reported: plasma already sent to a hospital, red cells in stock.
    const fechaA = addDays(TODAY, -3);
    const informada = await donacion(a, enA, fechaA);
    const grA = await unidad(a, informada, fechaA, 'GR1');
    const pfA = await unidad(a, informada, fechaA, 'PF1');
    ok(
      await server.gql(
        `mutation ($ids: [ID!]!) { despacharComponentes(ids: $ids, destino: { tipo: HOSPITAL, nombre: "Clínica Norte" }) { id } }`,
        { ids: [pfA.id] },
        tecnicoA.token,
      ),
    );
    ok(
      await server.gql(
        `mutation ($id: ID!, $i: InformePostdonacionInput!) { registrarInformePostDonacion(donacionId: $id, informe: $i) { id } }`,
        {
          id: informada.id,
          i: { informante: 'DONANTE', fecha: TODAY, descripcion: 'Fiebre y diarrea desde ayer' },
        },
        medicoA.token,
      ),
    );
    const filas: { id: string; estado: string; motivo_descarte: string | null }[] =
      await server.dataSource.query(
        `SELECT id, estado, motivo_descarte FROM componente WHERE id = ANY($1::uuid[])`,
        [[grB.id, grA.id, pfA.id]],
      );
    expect(Object.fromEntries(filas.map((r) => [r.id, [r.estado, r.motivo_descarte]]))).toEqual({
      [grB.id]: ['DESCARTADO', 'INFORME_POSTDONACION'],
      [grA.id]: ['DESCARTADO', 'INFORME_POSTDONACION'],
      [pfA.id]: ['DESPACHADO', null],
    });
    const t = ok(await server.gql<{ trazabilidades: T[] }>(LISTA, {}, medicoA.token)).trazabilidades.find(
      (x) => x.donacionNumero === informada.numero,
    );
    expect(t?.abierta).toBe(true);
    expect(Object.fromEntries((t?.unidades ?? []).map((u) => [u.codigo, [u.accion, u.destino]]))).toEqual({
      [grB.codigo]: ['RETIRADA', null],
      [grA.codigo]: ['SIN_ACCION', null],
      [pfA.codigo]: ['NOTIFICAR', 'Clínica Norte'],
    });
    const [motivo] = await server.dataSource.query(`SELECT motivo FROM trazabilidad WHERE id = $1`, [t?.id]);
    expect(motivo.motivo).toBe('INFORME_POSTDONACION');
  });
});
