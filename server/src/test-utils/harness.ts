import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createApp } from '../app';
import { connectDatabase } from '../database/data-source';
import { createServices, entities, Services } from '../services';
import { apiAnswerChecker } from './openapi-check';
import { migratedTemplate } from './template-database';

export const TEST_JWT_SECRET = 'secreto-de-prueba-de-al-menos-treinta-y-dos-caracteres';

export type GqlResult<T = Record<string, unknown>> = {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string; errors?: { field: string; msg: string }[] } }[];
};

/** A GraphQL answer's data, for a step the test expects to succeed; else a failure naming its errors. */
export function ok<T>(res: GqlResult<T>): T {
  if (!res.data || res.errors?.length) throw new Error(JSON.stringify(res.errors));
  return res.data;
}

export type RestResult<T = unknown> = { status: number; body: T };

export type TestServer = {
  url: string;
  /** The database it runs on (another server may share it: `sameDatabaseAs`). */
  databaseUrl: string;
  dataSource: DataSource;
  services: Services;
  gql: <T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ) => Promise<GqlResult<T>>;
  rest: <T = unknown>(
    method: string,
    route: string,
    body?: unknown,
    token?: string,
  ) => Promise<RestResult<T>>;
  close: () => Promise<void>;
};

/**
 * Creates a database on the run's Postgres: a copy of the migrated template (applying the
 * migrations to it finds nothing to run), or with `empty` one without any table, for a test
 * that applies only some of the migrations itself.
 */
export async function createTestDatabase(
  options: { empty?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_ADMIN_DATABASE_URL;
  if (!admin) throw new Error('TEST_ADMIN_DATABASE_URL no está definido (¿falta el globalSetup?)');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = options.empty ? null : await migratedTemplate(admin);
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type TestServerOptions = {
  /** The clock of the sign-in delays. */
  now?: () => number;
  /** Built as with NODE_ENV=production. */
  production?: boolean;
  /** A second app process on that server's database (which that server drops). */
  sameDatabaseAs?: TestServer;
  /** The built client to serve (client/dist when omitted). */
  clientDir?: string;
  /** The blank planillas to serve (server/planillas when omitted). */
  planillasDir?: string;
};

/** The real app (GraphQL, REST, static files) on a fresh database, listening on a free port. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const shared = options.sameDatabaseAs?.databaseUrl;
  const db = shared ? { url: shared, drop: async () => undefined } : await createTestDatabase();
  const dataSource = await connectDatabase(db.url, { entities });
  const services = createServices(dataSource, TEST_JWT_SECRET, { now: options.now });
  const root = path.resolve(__dirname, '..', '..', '..');
  const { handler, apollo } = await createApp(services, {
    clientDir: options.clientDir ?? path.join(root, 'client', 'dist'),
    planillasDir: options.planillasDir ?? path.join(root, 'server', 'planillas'),
    production: options.production ?? false,
  });
  // Every /api answer, from rest() or a test's own fetch, is checked against the OpenAPI document.
  const answers = apiAnswerChecker();
  const undocumented = () => {
    const found = answers.take();
    if (found.length > 0) {
      throw new Error(`Respuestas de /api que el documento OpenAPI no describe:\n${found.join('\n')}`);
    }
  };
  const server = http.createServer((req, res) => {
    answers.watch(req, res);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const headers = (token?: string): Record<string, string> => ({
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });

  return {
    url,
    databaseUrl: db.url,
    dataSource,
    services,
    gql: async (query, variables, token) => {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: headers(token),
        body: JSON.stringify({ query, variables }),
      });
      return (await res.json()) as GqlResult<never>;
    },
    rest: async (method, route, body, token) => {
      const res = await fetch(`${url}/api${route}`, {
        method,
        headers: headers(token),
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      undocumented();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body: parsed as never };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await apollo.stop();
      await services.close();
      await dataSource.destroy();
      await db.drop();
      undocumented();
    },
  };
}

export type Session = { token: string; uid: string; servicio: string };

let counter = 0;

/** Registers a new servicio through the API and returns its administrator's session. */
export async function registerServicio(
  server: TestServer,
  overrides: Partial<{ nombre: string; username: string; email: string; password: string }> = {},
): Promise<Session> {
  counter += 1;
  const username = overrides.username ?? `admin${counter}_${randomBytes(3).toString('hex')}`;
  const password = overrides.password ?? 'clave-segura';
  const result = await server.gql<{
    register: { token: string; usuario: { id: string; servicioId: string } };
  }>(`mutation ($input: RegisterInput!) { register(input: $input) { token usuario { id servicioId } } }`, {
    input: {
      nombre: overrides.nombre ?? `Servicio ${counter}`,
      username,
      email: overrides.email ?? `${username}@hospital.test`,
      password,
      password2: password,
    },
  });
  if (!result.data) throw new Error(`registro fallido: ${JSON.stringify(result.errors)}`);
  const { token, usuario } = result.data.register;
  return { token, uid: usuario.id, servicio: usuario.servicioId };
}

/**
 * A new member of `admin`'s servicio with role `rol` ('ROL_MEDICO', 'ROL_TECNICO', ...), created by
 * that servicio's administrator and signed in: its session.
 */
export async function registerMember(
  server: TestServer,
  admin: Session,
  rol: string,
  nombres: Partial<{ nombre: string; apellido: string }> = {},
): Promise<Session> {
  counter += 1;
  const username = `${rol.slice(4).toLowerCase()}${counter}_${randomBytes(3).toString('hex')}`;
  const password = 'clave-segura';
  const creado = await server.gql<{ createIntegrante: { integrante: { id: string } } }>(
    `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
    {
      input: {
        nombre: nombres.nombre ?? 'Ana',
        apellido: nombres.apellido ?? rol,
        username,
        password,
        password2: password,
        rol,
      },
    },
    admin.token,
  );
  if (!creado.data) throw new Error(`alta fallida: ${JSON.stringify(creado.errors)}`);
  const login = await server.gql<{ login: { token: string } }>(
    `mutation ($input: LoginInput!) { login(input: $input) { token } }`,
    { input: { username, password } },
  );
  if (!login.data) throw new Error(`ingreso fallido: ${JSON.stringify(login.errors)}`);
  return {
    token: login.data.login.token,
    uid: creado.data.createIntegrante.integrante.id,
    servicio: admin.servicio,
  };
}

/** A new regional network whose members are `miembros` (each joins with its invitation code): its account's token. */
export async function createNetwork(server: TestServer, ...miembros: Session[]): Promise<string> {
  counter += 1;
  const username = `red${counter}_${randomBytes(3).toString('hex')}`;
  const reg = await server.gql<{ register: { token: string } }>(
    `mutation ($input: RegisterInput!) { register(input: $input) { token } }`,
    {
      input: {
        nombre: `Red ${username}`,
        username,
        email: `${username}@salud.example`,
        password: 'clave-segura',
        password2: 'clave-segura',
        rol: 'ROL_RED',
      },
    },
  );
  if (!reg.data) throw new Error(`registro de la red fallido: ${JSON.stringify(reg.errors)}`);
  const token = reg.data.register.token;
  const red = await server.gql<{ red: { codigoInvitacion: string } }>(
    `{ red { codigoInvitacion } }`,
    {},
    token,
  );
  if (!red.data) throw new Error(JSON.stringify(red.errors));
  for (const s of miembros) {
    const unido = await server.gql(
      `mutation ($c: String!) { unirseARed(codigo: $c) { id } }`,
      { c: red.data.red.codigoInvitacion },
      s.token,
    );
    if (!unido.data) throw new Error(`unirse a la red fallido: ${JSON.stringify(unido.errors)}`);
  }
  return token;
}

/** A deterministic pseudo-random sequence in [0, 1) from `semilla`, so that a failure can be replayed. */
export function azar(semilla: number): () => number {
  let x = semilla;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}
