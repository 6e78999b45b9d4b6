/**
 * The schema as an Apollo Federation 2 subgraph: its SDL carries the entity keys, it composes
 * with another service's subgraph, and a real gateway in front of both joins the two for the
 * caller while every record stays within the caller's servicio.
 */
import { composeServices } from '@apollo/composition';
import { ApolloGateway, RemoteGraphQLDataSource } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { startStandaloneServer } from '@apollo/server/standalone';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { Kind, parse, print } from 'graphql';
import { todayIso } from '../domain/dates';
import { ENTIDADES_POR_CONSULTA_MAX } from '../domain/limites';
import { MSG } from '../domain/messages';
import { GqlResult, registerServicio, Session, startTestServer, TestServer } from '../test-utils/harness';

jest.setTimeout(60_000);

const SDL = `{ _service { sdl } }`;
const ENTITIES = `query ($r: [_Any!]!) {
  _entities(representations: $r) {
    __typename
    ... on Donante { id apellido dni }
    ... on Donacion { id numero donanteId }
    ... on Servicio { id nombre }
  }
}`;

/** A hospital's transfusion service: another team's subgraph that extends Donacion. */
const HOSPITAL_SDL = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])

  type Transfusion {
    id: ID!
    paciente: String!
    fecha: String!
    "The donation the blood came from, read from the blood bank's subgraph"
    donacion: Donacion
  }

  type Donacion @key(fields: "id") {
    id: ID!
    transfusiones: [Transfusion!]!
  }

  type Query {
    transfusiones: [Transfusion!]!
  }
`;

type Transfusion = { id: string; paciente: string; fecha: string; donacionId: string };

type Mundo = { session: Session; donanteId: string; donacionId: string; numero: number; apellido: string };

let server: TestServer;
let a: Mundo;
let b: Mundo;
let hospital: ApolloServer;
let gateway: ApolloServer<{ authorization?: string }>;
let gatewayUrl = '';
let hospitalUrl = '';
const transfusiones: Transfusion[] = [];

function ok<T>(res: GqlResult<T>): T {
  if (!res.data || res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data;
}

let numero = 7000;
let dni = 31_000_000 + Math.floor(Math.random() * 1_000_000);

/** A servicio with one donor and one donation, created through the API. */
async function mundo(label: string): Promise<Mundo> {
  const session = await registerServicio(server, { nombre: `Servicio ${label}` });
  ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 100000) }`, {}, session.token));
  const apellido = `Apellido${label}`;
  const donante = ok(
    await server.gql<{ createDonante: { id: string } }>(
      `mutation ($input: DonanteInput!) { createDonante(input: $input) { id } }`,
      {
        input: {
          nombre: 'Ana',
          apellido,
          dni: String((dni += 7)),
          fechaNacimiento: '1990-05-10',
          sexo: 'Femenino',
        },
      },
      session.token,
    ),
  ).createDonante;
  numero += 1;
  const donacion = ok(
    await server.gql<{ createDonacion: { id: string } }>(
      `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`,
      {
        input: {
          donanteId: donante.id,
          numero,
          fecha: todayIso(),
          hora: '10:30',
          plasmaCovid: false,
          sv: { tas: 120, tad: 80, fc: 72, peso: 70, temp: 36.5, hb: 13.5, hto: 40 },
          tipoBolsa: 'Bolsa Doble',
          loteBolsa: 'L-1',
        },
      },
      session.token,
    ),
  ).createDonacion;
  return { session, donanteId: donante.id, donacionId: donacion.id, numero, apellido };
}

/** Posts a query to the gateway with the caller's token. */
async function viaGateway<T = Record<string, unknown>>(query: string, token?: string): Promise<GqlResult<T>> {
  const res = await fetch(gatewayUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query }),
  });
  return (await res.json()) as GqlResult<T>;
}

beforeAll(async () => {
  server = await startTestServer();
  a = await mundo('Alfa');
  b = await mundo('Beta');
  transfusiones.push(
    { id: 't1', paciente: 'Paciente 1', fecha: todayIso(), donacionId: a.donacionId },
    { id: 't2', paciente: 'Paciente 2', fecha: todayIso(), donacionId: a.donacionId },
    { id: 't3', paciente: 'Paciente 3', fecha: todayIso(), donacionId: b.donacionId },
  );

  hospital = new ApolloServer({
    plugins: [ApolloServerPluginInlineTraceDisabled()],
    schema: buildSubgraphSchema({
      typeDefs: parse(HOSPITAL_SDL),
      resolvers: {
        Query: { transfusiones: () => transfusiones },
        Transfusion: { donacion: (t: Transfusion) => ({ __typename: 'Donacion', id: t.donacionId }) },
        Donacion: {
          __resolveReference: (ref: { id: string }) => ({ id: ref.id }),
          transfusiones: (d: { id: string }) => transfusiones.filter((t) => t.donacionId === d.id),
        },
      },
    }),
  });
  hospitalUrl = (await startStandaloneServer(hospital, { listen: { port: 0, host: '127.0.0.1' } })).url;
});

afterAll(async () => {
  await gateway?.stop();
  await hospital?.stop();
  await server.close();
});

/** This subgraph's SDL as a signed-in user reads it. */
async function bancoSdl(): Promise<string> {
  return ok(await server.gql<{ _service: { sdl: string } }>(SDL, {}, a.session.token))._service.sdl;
}

test('_service { sdl } carries @key(fields: "id") on Donante, Donacion and Servicio', async () => {
  const sdl = await bancoSdl();
  const keys = parse(sdl).definitions.flatMap((d) =>
    d.kind === Kind.OBJECT_TYPE_DEFINITION
      ? (d.directives ?? []).filter((k) => k.name.value === 'key').map((k) => `${d.name.value} ${print(k)}`)
      : [],
  );
  expect(keys.sort()).toEqual([
    'Donacion @key(fields: "id")',
    'Donante @key(fields: "id")',
    'Servicio @key(fields: "id")',
  ]);
  expect(sdl).toContain('@link(url: "https://specs.apollo.dev/federation/v2.3"');
});

test('_service and _entities need a signed-in user: anonymous UNAUTHENTICATED, an API key FORBIDDEN', async () => {
  const reps = { r: [{ __typename: 'Donante', id: a.donanteId }] };
  for (const [query, variables] of [
    [SDL, {}],
    [ENTITIES, reps],
  ] as const) {
    const anon = await server.gql(query, variables);
    expect({ code: anon.errors?.[0].extensions?.code, data: anon.data ?? null }).toEqual({
      code: 'UNAUTHENTICATED',
      data: null,
    });
    expect(JSON.stringify(anon)).not.toContain(a.apellido);
  }

  const clave = ok(
    await server.gql<{ crearClaveApi: { secreto: string } }>(
      `mutation { crearClaveApi(nombre: "Tablero") { secreto } }`,
      {},
      a.session.token,
    ),
  ).crearClaveApi.secreto;
  for (const [query, variables] of [
    [SDL, {}],
    [ENTITIES, reps],
  ] as const) {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${clave}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as GqlResult;
    expect({
      status: res.status,
      code: body.errors?.[0].extensions?.code,
      msg: body.errors?.[0].message,
    }).toEqual({ status: 403, code: 'FORBIDDEN', msg: MSG.claveApiSoloIndicadores });
    expect(body.data ?? null).toBeNull();
  }
});

test('in production an anonymous caller gets neither the SDL nor the introspection', async () => {
  const prod = await startTestServer({ production: true, sameDatabaseAs: server });
  try {
    const sdl = await prod.gql(SDL);
    expect(sdl.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(sdl.data ?? null).toBeNull();
    const schema = await prod.gql(`{ __schema { types { name } } }`);
    expect(schema.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const signedIn = ok(await prod.gql<{ _service: { sdl: string } }>(SDL, {}, a.session.token));
    expect(signedIn._service.sdl).toMatch(/type Donacion\s+@key/);
  } finally {
    // The database is the first server's: only this app and its connections are closed.
    await prod.close();
  }
});

test("_entities reads the caller's own records, in order; another servicio's or a malformed id is null", async () => {
  const res = await server.gql(
    ENTITIES,
    {
      r: [
        { __typename: 'Donante', id: a.donanteId },
        { __typename: 'Donacion', id: a.donacionId },
        { __typename: 'Servicio', id: a.session.servicio },
        { __typename: 'Donante', id: b.donanteId },
        { __typename: 'Donacion', id: b.donacionId },
        { __typename: 'Servicio', id: b.session.servicio },
        { __typename: 'Donacion', id: 'no-es-un-uuid' },
        { __typename: 'Donante', id: 42 },
        { __typename: 'Donante' },
      ],
    },
    a.session.token,
  );
  expect(res).toEqual({
    data: {
      _entities: [
        { __typename: 'Donante', id: a.donanteId, apellido: a.apellido, dni: expect.any(String) },
        { __typename: 'Donacion', id: a.donacionId, numero: a.numero, donanteId: a.donanteId },
        { __typename: 'Servicio', id: a.session.servicio, nombre: 'Servicio Alfa' },
        null,
        null,
        null,
        null,
        null,
        null,
      ],
    },
  });
});

test('_entities refuses an unknown type or too many representations with a Spanish BAD_USER_INPUT', async () => {
  const cases: [unknown[], string][] = [
    [[{ __typename: 'Usuario', id: a.session.uid }], MSG.entidadInvalida],
    [[{ __typename: 'toString', id: a.donanteId }], MSG.entidadInvalida],
    [['Donante'], MSG.entidadInvalida],
    [[{ id: a.donanteId }], MSG.entidadInvalida],
    [
      Array.from({ length: ENTIDADES_POR_CONSULTA_MAX + 1 }, () => ({
        __typename: 'Donante',
        id: a.donanteId,
      })),
      MSG.demasiadasEntidades,
    ],
  ];
  for (const [r, msg] of cases) {
    const res = await server.gql(ENTITIES, { r }, a.session.token);
    expect({ code: res.errors?.[0].extensions?.code, msg: res.errors?.[0].message, data: res.data }).toEqual({
      code: 'BAD_USER_INPUT',
      msg,
      data: null,
    });
  }
});

test('no per-field trace is sent to a caller that asks for one', async () => {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${a.session.token}`,
      'apollo-federation-include-trace': 'ftv1',
    },
    body: JSON.stringify({ query: `{ servicio { id } }` }),
  });
  const body = (await res.json()) as GqlResult & { extensions?: Record<string, unknown> };
  expect(body.errors).toBeUndefined();
  expect(body.extensions?.ftv1).toBeUndefined();
});

describe('behind an Apollo gateway with a hospital subgraph', () => {
  beforeAll(async () => {
    const composed = composeServices([
      { name: 'banco', url: `${server.url}/graphql`, typeDefs: parse(await bancoSdl()) },
      { name: 'hospital', url: hospitalUrl, typeDefs: parse(HOSPITAL_SDL) },
    ]);
    expect(composed.errors ?? []).toEqual([]);
    if (!composed.supergraphSdl) throw new Error('sin supergrafo');

    gateway = new ApolloServer<{ authorization?: string }>({
      gateway: new ApolloGateway({
        supergraphSdl: composed.supergraphSdl,
        buildService: ({ url }) =>
          new RemoteGraphQLDataSource<{ authorization?: string }>({
            url,
            // The caller's token goes to every subgraph, as Apollo Router's header propagation does.
            willSendRequest(options) {
              const authorization = 'context' in options ? options.context.authorization : undefined;
              if (authorization) options.request.http?.headers.set('authorization', authorization);
            },
          }),
      }),
    });
    const started = await startStandaloneServer(gateway, {
      listen: { port: 0, host: '127.0.0.1' },
      context: async ({ req }) => ({ authorization: req.headers.authorization }),
    });
    gatewayUrl = started.url;
  });

  const JOIN = `{ donaciones { total items { id numero transfusiones { id paciente } } } }`;
  type Join = {
    donaciones: { total: number; items: { id: string; numero: number; transfusiones: { id: string }[] }[] };
  };

  test("the servicio's donaciones joined with the hospital's transfusiones", async () => {
    const res = await viaGateway<Join>(JOIN, a.session.token);
    expect(res.errors).toBeUndefined();
    expect(res.data?.donaciones).toEqual({
      total: 1,
      items: [
        {
          id: a.donacionId,
          numero: a.numero,
          transfusiones: [
            { id: 't1', paciente: 'Paciente 1' },
            { id: 't2', paciente: 'Paciente 2' },
          ],
        },
      ],
    });
  });

  test("another servicio's token gets nothing of the first servicio's records through the gateway", async () => {
    const own = await viaGateway<Join>(JOIN, b.session.token);
    expect(own.data?.donaciones.items.map((d) => [d.id, d.transfusiones.map((t) => t.id)])).toEqual([
      [b.donacionId, ['t3']],
    ]);
    // The hospital's list points at both servicios' donations: B resolves only its own.
    const desdeHospital = await viaGateway<{
      transfusiones: { id: string; donacion: { id: string; numero: number; donanteId: string } | null }[];
    }>(`{ transfusiones { id donacion { id numero donanteId } } }`, b.session.token);
    expect(desdeHospital.errors).toBeUndefined();
    expect(desdeHospital.data?.transfusiones).toEqual([
      { id: 't1', donacion: null },
      { id: 't2', donacion: null },
      { id: 't3', donacion: { id: b.donacionId, numero: b.numero, donanteId: b.donanteId } },
    ]);
    for (const body of [own, desdeHospital]) {
      const text = JSON.stringify(body);
      for (const marker of [a.donanteId, a.apellido, a.session.servicio, `"numero":${a.numero}`]) {
        expect(text).not.toContain(marker);
      }
    }
  });

  test('an anonymous caller gets UNAUTHENTICATED through the gateway and no data', async () => {
    const res = await viaGateway(JOIN);
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(JSON.stringify(res)).not.toContain(a.donacionId);
  });
});
