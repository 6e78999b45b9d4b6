/**
 * API keys for dashboards: a key reads its servicio's indicators and nothing else. Every other
 * GraphQL operation of the schema and every /api route is refused with a key; a revoked key is
 * refused on its next request; each key has a request limit shared by every server process.
 */
import { createHash } from 'node:crypto';
import { addDays } from '../../server/src/domain/dates';
import { CLAVE_API_USOS_POR_MINUTO, CLAVES_API_ACTIVAS_MAX } from '../../server/src/domain/limites';
import { MSG } from '../../server/src/domain/messages';
import {
  GqlResult,
  registerServicio,
  Session,
  startTestServer,
  TestServer,
} from '../../server/src/test-utils/harness';
import {
  codeOf,
  CREATE_DONACION,
  CREATE_DONANTE,
  donacionInput,
  donanteInput,
  ok,
  operationCalls,
  schemaOperations,
  seedWorld,
  snapshot,
  TODAY,
  World,
} from './fixtures';
import { restCases, restRoutes } from './rest-routes';

jest.setTimeout(120_000);

const CREAR = `mutation ($n: String!) { crearClaveApi(nombre: $n) { id nombre prefijo creadaEn secreto } }`;
const REVOCAR = `mutation ($id: ID!) { revocarClaveApi(id: $id) { id nombre revocadaEn } }`;
const LISTAR = `{ clavesApi { id nombre prefijo creadaEn ultimoUso revocadaEn } }`;
const INDICADORES = `query ($d: String!, $h: String!) { indicadores(desde: $d, hasta: $h) { donaciones atendidos serie { periodo donaciones } } }`;
const PERIODO = { d: addDays(TODAY, -30), h: TODAY };

type Creada = { id: string; nombre: string; prefijo: string; creadaEn: string; secreto: string };
type Listada = {
  id: string;
  nombre: string;
  prefijo: string;
  creadaEn: string;
  ultimoUso: string | null;
  revocadaEn: string | null;
};

/** The clock of the keys' limit (and of the sign-in delays): tests move it instead of waiting. */
let now = Date.now();
let server: TestServer;
let a: World;
let b: World;

beforeAll(async () => {
  server = await startTestServer({ now: () => now });
  a = await seedWorld(server, 'ClaveA');
  b = await seedWorld(server, 'ClaveB');
  // A has 8 donations by 8 donors, B two (the seeded world's): each key's figures are its own
  // servicio's (B's, too few to be published outside the servicio).
  for (let k = 0; k < 6; k += 1) {
    const donante = ok(
      await server.gql<{ createDonante: { id: string } }>(
        CREATE_DONANTE,
        { input: donanteInput() },
        a.admin.token,
      ),
    ).createDonante;
    ok(await server.gql(CREATE_DONACION, { input: donacionInput(donante.id) }, a.admin.token));
  }
});
afterAll(() => server.close());

async function crear(admin: Session, nombre: string): Promise<Creada> {
  return ok(await server.gql<{ crearClaveApi: Creada }>(CREAR, { n: nombre }, admin.token)).crearClaveApi;
}

/** A POST to /graphql with its status and headers (the harness's gql gives only the body). */
async function post(
  query: string,
  variables: Record<string, unknown> | undefined,
  secreto: string,
): Promise<{ status: number; headers: Headers; body: GqlResult }> {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secreto}` },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as GqlResult };
}

/** A servicio's rows, but for the keys' use (last use, the limit's count), which a request moves. */
async function filas(servicio: string): Promise<Record<string, unknown[]>> {
  const rows = await snapshot(server, servicio);
  rows.clave_api = rows.clave_api.map((r) => {
    const { ultimo_uso: _u, ventana_desde: _d, ventana_usos: _n, ...rest } = r as Record<string, unknown>;
    return rest;
  });
  return rows;
}

describe('creating, listing and revoking keys', () => {
  it('shows the secret once, stores only its SHA-256, and never lists it', async () => {
    const creada = await crear(a.admin, 'Tablero de dirección');
    expect(creada.secreto).toMatch(/^hk_[A-Za-z0-9_-]{43}$/);
    expect(creada.prefijo).toBe(creada.secreto.slice(0, 11));
    expect(creada.nombre).toBe('Tablero de dirección');

    const [row] = (await server.dataSource.query(`SELECT * FROM clave_api WHERE id = $1`, [creada.id])) as {
      hash: string;
    }[];
    expect(row.hash).toBe(createHash('sha256').update(creada.secreto).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(creada.secreto);

    const lista = await server.gql<{ clavesApi: Listada[] }>(LISTAR, {}, a.admin.token);
    const texto = JSON.stringify(lista);
    expect(texto).not.toContain(creada.secreto);
    expect(texto).not.toContain(row.hash);
    expect(lista.data?.clavesApi.find((c) => c.id === creada.id)).toEqual({
      id: creada.id,
      nombre: creada.nombre,
      prefijo: creada.prefijo,
      creadaEn: creada.creadaEn,
      ultimoUso: null,
      revocadaEn: null,
    });
    // A listed key has no secret to ask for.
    const secreto = await server.gql(`{ clavesApi { id secreto } }`, {}, a.admin.token);
    expect(codeOf(secreto)).toBe('GRAPHQL_VALIDATION_FAILED');

    // Creating and revoking are in the audit trail, with the name and never the secret.
    ok(await server.gql(REVOCAR, { id: creada.id }, a.admin.token));
    const audit = await server.gql<{ auditoria: { items: { accion: string; cambios: object }[] } }>(
      `query ($f: AuditoriaFilter) { auditoria(filter: $f) { items { accion cambios } } }`,
      { f: { entidad: 'clave_api', entidadId: creada.id } },
      a.admin.token,
    );
    expect(audit.data?.auditoria.items.map((i) => i.accion).sort()).toEqual(['crear', 'revocar']);
    expect(JSON.stringify(audit)).toContain('Tablero de dirección');
    expect(JSON.stringify(audit)).not.toContain(creada.secreto);
  });

  it('requires a name of at most 100 characters, trimmed and unique among the active keys', async () => {
    const s = await registerServicio(server);
    const refused = async (nombre: string, msg: string) => {
      const res = await server.gql(CREAR, { n: nombre }, s.token);
      expect({ nombre, code: codeOf(res), msg: res.errors?.[0].message }).toEqual({
        nombre,
        code: 'BAD_USER_INPUT',
        msg,
      });
    };
    await refused('', MSG.requerido);
    await refused('   ', MSG.requerido);
    await refused('x'.repeat(101), MSG.textoDemasiadoLargo(100));
    const primera = await crear(s, `  ${'y'.repeat(100)}  `);
    expect(primera.nombre).toBe('y'.repeat(100));
    await crear(s, 'Tablero');
    await refused(' tablero ', MSG.claveApiNombreRepetido);
    const lista = ok(await server.gql<{ clavesApi: Listada[] }>(LISTAR, {}, s.token)).clavesApi;
    ok(await server.gql(REVOCAR, { id: lista.find((c) => c.nombre === 'Tablero')?.id }, s.token));
    // A revoked key's name is free again; revoking twice is refused.
    await crear(s, 'Tablero');
    const again = await server.gql(REVOCAR, { id: lista.find((c) => c.nombre === 'Tablero')?.id }, s.token);
    expect([codeOf(again), again.errors?.[0].message]).toEqual(['BAD_USER_INPUT', MSG.claveApiYaRevocada]);
    for (const id of ['no-es-un-id', '00000000-0000-4000-8000-000000000000']) {
      expect(codeOf(await server.gql(REVOCAR, { id }, s.token))).toBe('NOT_FOUND');
    }
  });

  it(`allows at most ${CLAVES_API_ACTIVAS_MAX} active keys per servicio`, async () => {
    const s = await registerServicio(server);
    for (let i = 0; i < CLAVES_API_ACTIVAS_MAX; i += 1) await crear(s, `Tablero ${i}`);
    const otra = await server.gql(CREAR, { n: 'Una más' }, s.token);
    expect([codeOf(otra), otra.errors?.[0].message]).toEqual(['BAD_USER_INPUT', MSG.clavesApiAgotadas]);
    const lista = ok(await server.gql<{ clavesApi: Listada[] }>(LISTAR, {}, s.token)).clavesApi;
    expect(lista).toHaveLength(CLAVES_API_ACTIVAS_MAX);
    ok(await server.gql(REVOCAR, { id: lista[0].id }, s.token));
    await crear(s, 'Una más');
  });

  it("servicio B can neither list nor revoke A's keys", async () => {
    const lista = ok(await server.gql<{ clavesApi: Listada[] }>(LISTAR, {}, b.admin.token)).clavesApi;
    expect(lista.map((c) => c.id)).not.toContain(a.claveApiId);
    const res = await server.gql(REVOCAR, { id: a.claveApiId }, b.admin.token);
    expect(codeOf(res)).toBe('NOT_FOUND');
    expect(JSON.stringify(res)).not.toContain(a.claveApiId);
    const usa = await post(INDICADORES, PERIODO, a.claveApiSecreto);
    expect(usa.body.errors).toBeUndefined();
  });
});

describe('what a key can do', () => {
  it('reads the indicadores of its own servicio only, with fewer than 5 donations suppressed', async () => {
    const QUERY = `query ($d: String!, $h: String!) { indicadores(desde: $d, hasta: $h) { suprimido donaciones atendidos } }`;
    const leer = async (credencial: string, porClave: boolean) => {
      const res = porClave
        ? await post(QUERY, PERIODO, credencial)
        : { status: 200, body: await server.gql(QUERY, PERIODO, credencial) };
      expect(res.status).toBe(200);
      return (res.body.data as { indicadores: unknown }).indicadores;
    };
    expect(await leer(a.claveApiSecreto, true)).toEqual({ suprimido: false, donaciones: 8, atendidos: 8 });
    expect(await leer(a.admin.token, false)).toEqual({ suprimido: false, donaciones: 8, atendidos: 8 });
    // B's two donations: 'menos de 5' for its key, exact for its staff.
    expect(await leer(b.claveApiSecreto, true)).toEqual({
      suprimido: true,
      donaciones: null,
      atendidos: null,
    });
    expect(await leer(b.admin.token, false)).toEqual({ suprimido: false, donaciones: 2, atendidos: 2 });
  });

  it('gets FORBIDDEN from every other GraphQL operation of the schema, and changes nothing', async () => {
    const calls = operationCalls(a);
    const before = await filas(a.admin.servicio);
    const failures: string[] = [];
    const ops = schemaOperations().filter((op) => op !== 'Query.indicadores');
    expect(ops.length).toBeGreaterThan(30);
    for (const [i, op] of ops.entries()) {
      // Each minute of the key's limit takes at most CLAVE_API_USOS_POR_MINUTO requests.
      if (i % (CLAVE_API_USOS_POR_MINUTO / 2) === 0) now += 60_000;
      const call = calls[op];
      if (!call) {
        failures.push(`${op}: sin llamada en operationCalls`);
        continue;
      }
      const res = await post(call.query, call.variables, a.claveApiSecreto);
      const got = { status: res.status, code: codeOf(res.body), msg: res.body.errors?.[0].message };
      const want = { status: 403, code: 'FORBIDDEN', msg: MSG.claveApiSoloIndicadores };
      if (JSON.stringify(got) !== JSON.stringify(want)) failures.push(`${op}: ${JSON.stringify(got)}`);
      if (res.body.data) failures.push(`${op}: devolvió datos ${JSON.stringify(res.body.data)}`);
    }
    expect(failures).toEqual([]);
    expect(await filas(a.admin.servicio)).toEqual(before);
  });

  it('cannot add another field to the indicadores, read the schema, or hide a field in a fragment', async () => {
    // The test before spent a request per operation of the schema: a new minute, a new budget.
    now += 60_000;
    const refused = [
      `query ($d: String!, $h: String!) { indicadores(desde: $d, hasta: $h) { donaciones } me { id } }`,
      `query ($d: String!, $h: String!) { a: indicadores(desde: $d, hasta: $h) { donaciones } b: servicio { nombre } }`,
      `query { ...F } fragment F on Query { donantes { items { dni } } }`,
      `query { ... on Query { integrantes { username } } }`,
      `{ __schema { types { name } } }`,
      `{ __type(name: "Donante") { fields { name } } }`,
      `mutation { nextEtiquetaNumero }`,
      // Nothing but the indicators, not even a query of no data.
      `{ __typename }`,
      `query { ... on Query { __typename } }`,
    ];
    for (const query of refused) {
      const res = await post(query, PERIODO, a.claveApiSecreto);
      expect({ query, status: res.status, code: codeOf(res.body), data: res.body.data }).toEqual({
        query,
        status: 403,
        code: 'FORBIDDEN',
        data: undefined,
      });
    }
    // Beside the indicators, __typename is no data.
    const typename = await post(
      `query ($d: String!, $h: String!) { __typename indicadores(desde: $d, hasta: $h) { donaciones } }`,
      PERIODO,
      a.claveApiSecreto,
    );
    expect(typename.body).toEqual({ data: { __typename: 'Query', indicadores: { donaciones: 8 } } });
  });

  it('gets 403 from every /api route, and changes nothing', async () => {
    const before = await filas(a.admin.servicio);
    const cases = restCases(a);
    const routes = await restRoutes(server);
    expect(routes.length).toBeGreaterThan(15);
    for (const route of [...routes, 'GET /no-existe']) {
      const c = cases[route] ?? { method: 'GET', path: '/no-existe' };
      const res = await server.rest(c.method, c.path, c.body, a.claveApiSecreto);
      expect({ route, status: res.status, body: res.body }).toEqual({
        route,
        status: 403,
        body: { errors: [{ msg: MSG.claveApiSoloIndicadores }] },
      });
    }
    // Refused before its body is read: malformed, of another type, or too large.
    for (const [type, body] of [
      ['application/json', '{"nombre":'],
      ['application/json', '\u0000'],
      ['text/plain', 'hola'],
      ['application/json', JSON.stringify({ nombre: 'x'.repeat(300_000) })],
    ]) {
      const res = await fetch(`${server.url}/api/donante/`, {
        method: 'POST',
        headers: { 'content-type': type, authorization: `Bearer ${a.claveApiSecreto}` },
        body,
      });
      expect({ type, status: res.status, body: await res.json() }).toEqual({
        type,
        status: 403,
        body: { errors: [{ msg: MSG.claveApiSoloIndicadores }] },
      });
    }
    expect(await filas(a.admin.servicio)).toEqual(before);
  });
});

describe('refusals, last use and the limit', () => {
  it('refuses a revoked key at once, and a made-up one, with UNAUTHENTICATED', async () => {
    const clave = await crear(a.admin, 'Tablero a revocar');
    expect((await post(INDICADORES, PERIODO, clave.secreto)).status).toBe(200);
    ok(await server.gql(REVOCAR, { id: clave.id }, a.admin.token));
    for (const secreto of [clave.secreto, `hk_${'A'.repeat(43)}`, 'hk_']) {
      const res = await post(INDICADORES, PERIODO, secreto);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 401,
        body: {
          errors: [
            {
              message: MSG.claveApiInvalida,
              extensions: { code: 'UNAUTHENTICATED', errors: [{ field: '', msg: MSG.claveApiInvalida }] },
            },
          ],
        },
      });
    }
    // On /api too, nothing is reached.
    expect((await server.rest('GET', '/donante/search', undefined, clave.secreto)).status).toBe(403);
  });

  it("records each request as the key's last use", async () => {
    const clave = await crear(a.admin, 'Tablero de uso');
    const ultimoUso = async () =>
      ok(await server.gql<{ clavesApi: Listada[] }>(LISTAR, {}, a.admin.token)).clavesApi.find(
        (c) => c.id === clave.id,
      )?.ultimoUso;
    expect(await ultimoUso()).toBeNull();
    now += 1000;
    await post(INDICADORES, PERIODO, clave.secreto);
    expect(await ultimoUso()).toBe(new Date(now).toISOString());
    // A refused request is a use too.
    now += 5000;
    await post(`{ __typename }`, undefined, clave.secreto);
    expect(await ultimoUso()).toBe(new Date(now).toISOString());
  });

  it(`allows ${CLAVE_API_USOS_POR_MINUTO} requests a minute per key, counted by every process together`, async () => {
    const otro = await startTestServer({ sameDatabaseAs: server, now: () => now });
    try {
      now += 60_000;
      const clave = await crear(a.admin, 'Tablero apurado');
      const vecina = await crear(a.admin, 'Tablero vecino');
      for (let i = 0; i < CLAVE_API_USOS_POR_MINUTO; i += 1) {
        const target = i % 2 === 0 ? server : otro;
        const res = await fetch(`${target.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${clave.secreto}` },
          body: JSON.stringify({
            query: '{ indicadores(desde: "2024-01-01", hasta: "2024-01-01") { donaciones } }',
          }),
        });
        expect(res.status).toBe(200);
      }
      now += 20_000;
      const excedida = await post(INDICADORES, PERIODO, clave.secreto);
      expect(excedida.status).toBe(429);
      expect(excedida.headers.get('retry-after')).toBe('40');
      expect(excedida.body.data).toBeUndefined();
      expect(codeOf(excedida.body)).toBe('TOO_MANY_REQUESTS');
      expect(excedida.body.errors?.[0].message).toBe(MSG.claveApiDemasiadosUsos(40));
      // Another key of the same servicio is not slowed down.
      expect((await post(INDICADORES, PERIODO, vecina.secreto)).status).toBe(200);
      now += 40_000;
      expect((await post(INDICADORES, PERIODO, clave.secreto)).status).toBe(200);
    } finally {
      await otro.close();
    }
  });
});
