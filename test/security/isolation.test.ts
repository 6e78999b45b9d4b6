/**
 * Tenant isolation: every GraphQL operation of the built schema is called
 * with servicio B's token against servicio A's ids and searches. Nothing of
 * A may be read (no A id, name, DNI or username in any answer), changed or
 * deleted (A's rows are identical before and after).
 */
import { MSG } from '../../server/src/domain/messages';
import { startTestServer, TestServer } from '../../server/src/test-utils/harness';
import {
  codeOf,
  donacionInput,
  operationCalls,
  schemaOperations,
  seedWorld,
  snapshot,
  World,
} from './fixtures';
import { restCases, restRoutes } from './rest-routes';

jest.setTimeout(60_000);

/**
 * What B must get when it aims an operation at A's records:
 * NOT_FOUND: A's record behaves exactly like a missing one;
 * scoped: the call works but only on B's own data;
 * refused: the call fails (wrong password, username taken) without touching A.
 */
const ISOLATION: Record<string, 'NOT_FOUND' | 'scoped' | 'refused'> = {
  // A's ids resolve to null for B, as missing ones; the SDL is the same for every servicio.
  'Query._entities': 'scoped',
  'Query._service': 'scoped',
  'Query.agentesCph': 'scoped',
  'Query.medicosFirmantes': 'scoped',
  'Query.auditoria': 'scoped',
  'Query.cabezaAuditoria': 'scoped',
  'Query.usuariosAuditoria': 'scoped',
  'Query.clavesApi': 'scoped',
  'Query.contadorEtiquetas': 'scoped',
  'Query.etiquetasSinUsar': 'scoped',
  'Query.donacion': 'NOT_FOUND',
  'Query.donaciones': 'scoped',
  'Query.donacionesDeDonante': 'NOT_FOUND',
  'Query.donante': 'NOT_FOUND',
  'Query.donantes': 'scoped',
  'Query.duplicadosDonantes': 'scoped',
  'Query.indicadores': 'scoped',
  'Query.integrante': 'NOT_FOUND',
  'Query.integrantes': 'scoped',
  'Query.pendientesDecision': 'scoped',
  'Query.me': 'scoped',
  'Query.planillas': 'scoped',
  'Query.servicio': 'scoped',
  'Query.verificarAuditoria': 'scoped',
  'Mutation.salirDeRed': 'scoped',
  'Mutation.unirseARed': 'refused',
  'Query.indicadoresRed': 'refused',
  'Query.red': 'refused',
  'Mutation.renovarCodigoInvitacion': 'refused',
  'Mutation.quitarMiembroDeRed': 'refused',
  'Query.consultasRed': 'refused',
  'Mutation.aprobarNombreMiembro': 'refused',
  'Mutation.registrarPersonasDistintas': 'NOT_FOUND',
  'Query.visitasNoApto': 'NOT_FOUND',
  'Mutation.avanzarContadorEtiquetas': 'scoped',
  'Mutation.changePassword': 'refused',
  'Mutation.createDonacion': 'NOT_FOUND',
  'Mutation.createDonante': 'scoped',
  'Mutation.createIntegrante': 'scoped',
  'Mutation.crearClaveApi': 'scoped',
  'Mutation.deleteDonacion': 'NOT_FOUND',
  'Mutation.deleteDonante': 'NOT_FOUND',
  'Mutation.deleteIntegrante': 'NOT_FOUND',
  'Mutation.fusionarDonantes': 'NOT_FOUND',
  'Mutation.levantarDiferimiento': 'NOT_FOUND',
  'Mutation.login': 'refused',
  'Mutation.nextEtiquetaNumero': 'scoped',
  'Mutation.register': 'refused',
  'Mutation.registrarNoApto': 'NOT_FOUND',
  'Mutation.restaurarDonacion': 'NOT_FOUND',
  'Mutation.revocarClaveApi': 'NOT_FOUND',
  'Mutation.restaurarDonante': 'NOT_FOUND',
  'Mutation.updateDonante': 'NOT_FOUND',
  'Mutation.updateIntegrante': 'NOT_FOUND',
  'Mutation.setIntegrantePassword': 'NOT_FOUND',
  'Mutation.updateOpciones': 'scoped',
  'Mutation.updateFormatoEtiquetas': 'scoped',
  'Mutation.updatePanelResultados': 'scoped',
  'Mutation.updateUmbralesTamizaje': 'scoped',
  'Mutation.updateReglasDonacion': 'scoped',
  'Mutation.updateResultadosDonacion': 'NOT_FOUND',
  'Mutation.registrarTamizaje': 'NOT_FOUND',
  'Mutation.registrarReaccion': 'NOT_FOUND',
  'Mutation.updateReaccion': 'NOT_FOUND',
  'Mutation.registrarRepeticion': 'NOT_FOUND',
  'Mutation.registrarConfirmatorio': 'NOT_FOUND',
  // Only a doctor or a technician: B's administrator is refused before any id is read.
  'Mutation.registrarRetipificacion': 'refused',
  // A's units are missing ones for B; an identifier of A finds nothing (null), a list only B's.
  'Query.componentes': 'scoped',
  'Query.componentePorCodigo': 'scoped',
  'Query.donacionesPorFraccionar': 'scoped',
  'Query.vidaUtilComponentes': 'scoped',
  'Mutation.fraccionarDonacion': 'NOT_FOUND',
  'Mutation.liberarComponente': 'refused',
  'Mutation.liberarComponentes': 'refused',
  'Mutation.descartarComponente': 'NOT_FOUND',
  'Mutation.updateVidaUtilComponente': 'scoped',
  // B's own code is fixed too: B has units (refused, A untouched).
  'Mutation.updateCodigoInstalacion': 'refused',
  // The call-back list: B's administrator is no doctor, so the doctor's steps are refused by role.
  'Query.citaciones': 'scoped',
  'Query.citacion': 'NOT_FOUND',
  'Mutation.crearCitacion': 'refused',
  'Mutation.registrarIntentoCitacion': 'NOT_FOUND',
  'Mutation.registrarCitaCitacion': 'NOT_FOUND',
  'Mutation.registrarAsistenciaCitacion': 'refused',
  'Mutation.cerrarCitacion': 'refused',
  // Visits: A's visit and donor are missing ones; B's administrator is no doctor (confirming is
  // refused by role); the questionnaire read and changed is B's own.
  'Query.visitas': 'scoped',
  'Query.visita': 'NOT_FOUND',
  'Query.cuestionario': 'scoped',
  'Mutation.updateCuestionario': 'refused',
  'Mutation.iniciarVisita': 'NOT_FOUND',
  'Mutation.responderEntrevista': 'NOT_FOUND',
  'Mutation.confirmarEntrevista': 'refused',
  'Mutation.registrarFirmas': 'NOT_FOUND',
  'Mutation.cerrarVisitaNoApto': 'NOT_FOUND',
  'Mutation.abandonarVisita': 'NOT_FOUND',
  'Mutation.registrarInformePostDonacion': 'NOT_FOUND',
  // Stock, dispatch and transfers: B reads its own stock; A's units and dispatches are missing ones.
  'Query.stock': 'scoped',
  'Query.unidadesEnStock': 'scoped',
  // A's unit scanned by B: none (null), as a missing one.
  'Query.unidadPorCodigo': 'scoped',
  'Query.avisoVencimiento': 'scoped',
  'Mutation.updateAvisoVencimiento': 'scoped',
  // A network's account only: B's administrator is refused.
  'Query.stockRed': 'refused',
  'Query.despachos': 'scoped',
  'Query.despacho': 'NOT_FOUND',
  'Query.componentesEnTransito': 'scoped',
  'Query.trayectoriaUnidad': 'NOT_FOUND',
  'Mutation.despacharComponentes': 'NOT_FOUND',
  'Mutation.devolverComponente': 'NOT_FOUND',
  'Mutation.registrarDestinoFinal': 'NOT_FOUND',
  'Mutation.recibirComponente': 'NOT_FOUND',
  // Look-back: B's own work-list and window; an id of A's (none opened) is a missing one.
  'Query.trazabilidades': 'scoped',
  'Query.trazabilidad': 'NOT_FOUND',
  'Query.ventanaTrazabilidad': 'scoped',
  'Mutation.updateVentanaTrazabilidad': 'scoped',
  'Mutation.registrarNotificacion': 'NOT_FOUND',
  'Mutation.cerrarTrazabilidad': 'NOT_FOUND',
  'Query.trazabilidadesRed': 'refused',
  // The registers: B's own discards and dispatches of the period.
  'Query.registroDescartes': 'scoped',
  'Query.registroDespachos': 'scoped',
  // B is in no network: none listed, never A.
  'Query.miembrosRed': 'scoped',
  'Query.solicitudesTraslado': 'scoped',
  // A network's account only: B's administrator is refused.
  'Mutation.solicitarTraslado': 'refused',
  'Mutation.responderSolicitudTraslado': 'NOT_FOUND',
};

let server: TestServer;
let a: World;
let b: World;

beforeAll(async () => {
  server = await startTestServer();
  a = await seedWorld(server, 'Alfa');
  b = await seedWorld(server, 'Beta');
});
afterAll(() => server.close());

function leaks(body: unknown): string[] {
  const text = JSON.stringify(body);
  return a.markers.filter((m) => text.includes(m));
}

test('every GraphQL operation of the schema has an isolation case', () => {
  const calls = operationCalls(a);
  const missing = schemaOperations().filter((op) => !(op in ISOLATION) || !(op in calls));
  expect(missing.map((op) => `operación sin caso de aislamiento: ${op}`)).toEqual([]);
});

test('servicio B reads, changes and deletes nothing of servicio A through GraphQL', async () => {
  const before = await snapshot(server, a.admin.servicio);
  const calls = operationCalls(a);
  const failures: string[] = [];
  for (const op of schemaOperations()) {
    const call = calls[op];
    const expected = ISOLATION[op];
    if (!call || !expected) continue; // reported by the enumeration test
    const res = await server.gql(call.query, call.variables, b.admin.token);
    const leaked = leaks(res);
    if (leaked.length > 0) failures.push(`${op}: devolvió datos de A (${leaked.join(', ')})`);
    const code = codeOf(res);
    if (expected === 'NOT_FOUND' && code !== 'NOT_FOUND') {
      failures.push(`${op}: se esperaba NOT_FOUND y llegó ${JSON.stringify(res).slice(0, 300)}`);
    }
    if (expected === 'scoped' && res.errors) {
      failures.push(`${op}: falló sobre los datos propios: ${JSON.stringify(res.errors).slice(0, 300)}`);
    }
    if (expected === 'refused' && !res.errors) failures.push(`${op}: se esperaba un error`);
  }
  expect(failures).toEqual([]);
  expect(await snapshot(server, a.admin.servicio)).toEqual(before);
});

test('each member role of B also reaches nothing of A', async () => {
  const before = await snapshot(server, a.admin.servicio);
  const calls = operationCalls(a);
  for (const member of Object.values(b.members)) {
    for (const op of schemaOperations()) {
      const call = calls[op];
      if (!call) continue;
      const res = await server.gql(call.query, call.variables, member.token);
      expect({ op, rol: member.rol, leaked: leaks(res) }).toEqual({ op, rol: member.rol, leaked: [] });
    }
  }
  expect(await snapshot(server, a.admin.servicio)).toEqual(before);
});

test('every /api route has an isolation case and reaches nothing of A', async () => {
  const routes = await restRoutes(server);
  const cases = restCases(a);
  const missing = routes.filter((r) => !(r in cases));
  expect(missing.map((r) => `operación sin caso de aislamiento: ${r}`)).toEqual([]);
  const before = await snapshot(server, a.admin.servicio);
  for (const route of routes) {
    const c = cases[route];
    const res = await server.rest(c.method, c.path, c.body, b.admin.token);
    expect({ route, leaked: leaks(res.body) }).toEqual({ route, leaked: [] });
    if (c.expect) expect({ route, status: res.status }).toEqual({ route, status: c.expect });
    expect(res.status).not.toBe(500);
  }
  expect(await snapshot(server, a.admin.servicio)).toEqual(before);
});

/** Routes anyone may call; every other /api route needs a valid session. */
const PUBLIC_ROUTES = ['GET /openapi.json', 'POST /auth/login', 'POST /auth/register'];

test('every other /api route answers 401 to a missing, malformed or altered token, and changes nothing', async () => {
  const cases = restCases(a);
  const before = await snapshot(server, a.admin.servicio);
  for (const route of (await restRoutes(server)).filter((r) => !PUBLIC_ROUTES.includes(r))) {
    const c = cases[route];
    for (const token of [undefined, 'basura', `${b.admin.token}x`]) {
      const res = await server.rest(c.method, c.path, c.body, token);
      expect({ route, token, status: res.status, body: res.body }).toEqual({
        route,
        token,
        status: 401,
        body: { errors: [{ msg: MSG.noAutenticado }] },
      });
    }
  }
  expect(await snapshot(server, a.admin.servicio)).toEqual(before);
});

test("/api refuses B's other aims at A with the error list, and B's searches list nothing of A", async () => {
  const before = await snapshot(server, a.admin.servicio);
  const body = { errors: [{ msg: expect.any(String) }] };
  // the refusals of restCases, now with their answer's shape
  const cases = restCases(a);
  for (const route of await restRoutes(server)) {
    const c = cases[route];
    if (!c.expect || c.expect < 400) continue;
    const res = await server.rest(c.method, c.path, c.body, b.admin.token);
    expect({ route, body: res.body }).toEqual({ route, body });
  }
  // A's member removed through B's own servicio id; a donation claiming A's servicio
  const member = a.members.ROL_TECNICO.id;
  const more: [string, string, unknown, number][] = [
    ['DELETE', `/auth/integrante/${member}/user/${b.admin.uid}`, undefined, 404],
    ['POST', '/donacion/', { ...donacionInput(a.donanteId), servicio: a.admin.servicio }, 403],
  ];
  for (const [method, path, sent, status] of more) {
    const res = await server.rest(method, path, sent, b.admin.token);
    expect({ path, status: res.status, body: res.body }).toEqual({ path, status, body });
  }
  const donantes = await server.rest<{ donantes: unknown[] }>(
    'GET',
    '/donante/search',
    undefined,
    b.admin.token,
  );
  expect(donantes.body.donantes.map((d) => leaks(d))).toEqual(donantes.body.donantes.map(() => []));
  const donaciones = await server.rest<{ donaciones: unknown[] }>(
    'GET',
    '/donacion/search',
    undefined,
    b.admin.token,
  );
  expect(donaciones.body.donaciones.map((d) => leaks(d))).toEqual(donaciones.body.donaciones.map(() => []));
  expect(await snapshot(server, a.admin.servicio)).toEqual(before);
});

test("verificarAuditoria counts and checks the caller's own chain only", async () => {
  const VERIFICAR = `{ verificarAuditoria { ok entradas primeraRota } }`;
  const count = async (servicio: string) =>
    Number(
      (
        await server.dataSource.query(`SELECT count(*) AS n FROM auditoria WHERE servicio_id = $1`, [
          servicio,
        ])
      )[0].n,
    );
  // A's trail broken (last test of the file: A is not read again), by the tables' owner: the
  // trail is append-only, so the guard is disabled first.
  await server.dataSource.transaction(async (m) => {
    await m.query(`ALTER TABLE auditoria DISABLE TRIGGER auditoria_solo_agregar`);
    await m.query(
      `UPDATE auditoria SET cambios = '{}' WHERE id = (SELECT min(id) FROM auditoria WHERE servicio_id = $1)`,
      [a.admin.servicio],
    );
    await m.query(`ALTER TABLE auditoria ENABLE TRIGGER auditoria_solo_agregar`);
  });
  const deB = await server.gql<{ verificarAuditoria: { ok: boolean; entradas: number } }>(
    VERIFICAR,
    {},
    b.admin.token,
  );
  expect(deB.data!.verificarAuditoria).toEqual({
    ok: true,
    entradas: await count(b.admin.servicio),
    primeraRota: null,
  });
  const deA = await server.gql<{ verificarAuditoria: { ok: boolean } }>(VERIFICAR, {}, a.admin.token);
  expect(deA.data!.verificarAuditoria.ok).toBe(false);
});
