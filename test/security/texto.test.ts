/**
 * No invisible or control characters in stored text (domain/texto.ts). Every String and ID
 * field of every GraphQL operation's arguments, found in the served schema, and every body field
 * and query parameter of every /api route, found in the served OpenAPI document (with the fields
 * inside its JSON-text fields cph, sv and serologia), refuses each kind of refused code point with
 * 400, the Spanish message and the field's name, and nothing changes. Pasted whitespace is stored
 * as spaces, ordinary Spanish text and emoji as typed, a DNI keeps its own canonical form, and a
 * password is never rewritten.
 */
import {
  astFromValue,
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  getNullableType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  type IntrospectionQuery,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  print,
} from 'graphql';
import { MSG } from '../../server/src/domain/messages';
import {
  GqlResult,
  registerServicio,
  Session,
  startTestServer,
  TestServer,
} from '../../server/src/test-utils/harness';
import { restRoutes } from './rest-routes';

jest.setTimeout(240_000);

let server: TestServer;
let admin: Session;
let schema: GraphQLSchema;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerServicio(server);
  const introspection = await server.gql<IntrospectionQuery>(getIntrospectionQuery(), undefined, admin.token);
  schema = buildClientSchema(introspection.data!);
});
afterAll(() => server.close());

/** One code point of each refused kind. */
const REFUSED: Record<string, string> = {
  'control U+0007': '\u0007',
  'delete U+007F': '\u007F',
  'C1 control U+009B': '\u009B',
  'right-to-left override U+202E': '\u202E',
  'isolate U+2067': '\u2067',
  'zero-width space U+200B': '\u200B',
  'BOM U+FEFF': '\uFEFF',
  'private use U+E000': '\uE000',
  'non-character U+FFFF': '\uFFFF',
  'non-character U+FDD0': '\uFDD0',
  'non-character U+10FFFF': '\u{10FFFF}',
};
const KINDS = Object.entries(REFUSED);
/** The kinds sent in the query text itself (the parser's own path, not the variables'). */
const LITERAL_KINDS = KINDS.filter(([kind]) => /U\+(202E|200B|FFFF)/.test(kind));

const UUID = '00000000-0000-4000-8000-000000000000';

async function counts(): Promise<string> {
  const rows: unknown[] = await server.dataSource.query(
    `SELECT (SELECT count(*) FROM donante) AS donante, (SELECT count(*) FROM donacion) AS donacion,
            (SELECT count(*) FROM usuario) AS usuario, (SELECT count(*) FROM auditoria) AS auditoria,
            (SELECT string_agg(nombre || coalesce(telefono, '') || coalesce(direccion, ''), '|' ORDER BY id)
               FROM servicio) AS servicios`,
  );
  return JSON.stringify(rows);
}

async function postGraphql(body: unknown): Promise<{ status: number; body: GqlResult }> {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as GqlResult };
}

// ---------------------------------------------------------------------------------------------
// GraphQL: every text leaf of every root field's arguments, from the schema.
// ---------------------------------------------------------------------------------------------

/** A value of the type that passes coercion: its required fields, each with a valid value. */
function minimal(type: GraphQLInputType): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return [minimal(nullable.ofType)];
  if (isInputObjectType(nullable)) {
    const out: Record<string, unknown> = {};
    for (const f of Object.values(nullable.getFields())) {
      if (isNonNullType(f.type) && f.defaultValue === undefined) out[f.name] = minimal(f.type);
    }
    return out;
  }
  if (isEnumType(nullable)) return nullable.getValues()[0].value;
  if (isScalarType(nullable)) {
    if (nullable.name === 'ID') return UUID;
    if (nullable.name === 'Int' || nullable.name === 'Float') return 1;
    if (nullable.name === 'Boolean') return false;
  }
  return 'x';
}

type Leaf = {
  /** Where the value goes in the field's arguments: the argument, then input fields. */
  keys: string[];
  /** The field the refusal names: inside an input object, its path; else the argument. */
  field: string;
};

/** Every String or ID leaf of a field's arguments (through lists and input objects). */
function textLeaves(field: GraphQLField<unknown, unknown>): Leaf[] {
  const out: Leaf[] = [];
  const walk = (type: GraphQLInputType, keys: string[], seen: Set<string>) => {
    const named = getNamedType(type);
    if (isInputObjectType(named)) {
      if (seen.has(named.name)) return;
      for (const f of Object.values(named.getFields())) {
        walk(f.type, [...keys, f.name], new Set([...seen, named.name]));
      }
    } else if (isScalarType(named) && ['String', 'ID'].includes(named.name)) {
      out.push({ keys, field: keys.length > 1 ? keys.slice(1).join('.') : keys[0] });
    }
  };
  for (const arg of field.args) walk(arg.type, [arg.name], new Set());
  return out;
}

/** `current`, a value of `type`, with `value` at the path of input fields `keys` (lists: their first item). */
function setAt(current: unknown, type: GraphQLInputType, keys: string[], value: string): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    const items: unknown[] =
      Array.isArray(current) && current.length > 0 ? current : [minimal(nullable.ofType)];
    return [setAt(items[0], nullable.ofType, keys, value), ...items.slice(1)];
  }
  if (keys.length === 0) return value;
  if (!isInputObjectType(nullable)) return current;
  const object = { ...((current ?? minimal(nullable)) as Record<string, unknown>) };
  const field = nullable.getFields()[keys[0]];
  object[keys[0]] = setAt(object[keys[0]] ?? minimal(field.type), field.type, keys.slice(1), value);
  return object;
}

/** The field's arguments, each required one with a valid value, and `value` at the leaf. */
function argumentsWith(
  field: GraphQLField<unknown, unknown>,
  leaf: Leaf,
  value: string,
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const arg of field.args) if (isNonNullType(arg.type)) args[arg.name] = minimal(arg.type);
  const arg = field.args.find((a) => a.name === leaf.keys[0])!;
  args[arg.name] = setAt(args[arg.name], arg.type, leaf.keys.slice(1), value);
  return args;
}

/** An operation calling the field with one variable per argument. */
function operationText(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const defs = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
  return `${kind} (${defs}) { ${field.name}(${args})${selection} }`;
}

/** The same call with every argument written in the query text. */
function literalText(
  kind: 'query' | 'mutation',
  field: GraphQLField<unknown, unknown>,
  args: Record<string, unknown>,
): string {
  const written = field.args
    .filter((a) => a.name in args)
    .map((a) => `${a.name}: ${print(astFromValue(args[a.name], a.type)!)}`)
    .join(', ');
  const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
  return `${kind} { ${field.name}(${written})${selection} }`;
}

function rootFields(): { kind: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> }[] {
  return [
    ...Object.values(schema.getQueryType()!.getFields()).map((field) => ({ kind: 'query' as const, field })),
    ...Object.values(schema.getMutationType()!.getFields()).map((field) => ({
      kind: 'mutation' as const,
      field,
    })),
  ].filter(({ field }) => textLeaves(field).length > 0);
}

const refusedAnswer = (field: string) => ({
  status: 400,
  code: 'BAD_USER_INPUT',
  errors: [{ field, msg: MSG.caracteresNoPermitidos }],
  data: undefined,
});

const answerOf = (res: { status: number; body: GqlResult }) => ({
  status: res.status,
  code: res.body.errors?.[0]?.extensions?.code,
  errors: res.body.errors?.[0]?.extensions?.errors,
  data: res.body.data ?? undefined,
});

test('GraphQL: each refused kind, in a variable, at every text field of every operation, is refused naming the field', async () => {
  const before = await counts();
  const found: string[] = [];
  let sent = 0;
  for (const { kind, field } of rootFields()) {
    const query = operationText(kind, field);
    for (const leaf of textLeaves(field)) {
      // A DNI keeps its own rule: invisible characters are removed from it (domain/dni.ts).
      if (leaf.keys[leaf.keys.length - 1] === 'dni') continue;
      for (const [name, cp] of KINDS) {
        const variables = argumentsWith(field, leaf, `Ana${cp}x`);
        const answer = answerOf(await postGraphql({ query, variables }));
        sent += 1;
        if (JSON.stringify(answer) !== JSON.stringify(refusedAnswer(leaf.field))) {
          found.push(`${field.name} ${leaf.keys.join('.')} ${name}: ${JSON.stringify(answer)}`);
        }
      }
    }
  }
  expect(found).toEqual([]);
  expect(sent).toBeGreaterThan(500);
  expect(await counts()).toBe(before);
});

test('GraphQL: the same written in the query text, as a string or a block string, is refused too', async () => {
  const before = await counts();
  const found: string[] = [];
  for (const { kind, field } of rootFields()) {
    for (const leaf of textLeaves(field)) {
      if (leaf.keys[leaf.keys.length - 1] === 'dni') continue;
      for (const [name, cp] of LITERAL_KINDS) {
        const query = literalText(kind, field, argumentsWith(field, leaf, `Ana${cp}x`));
        const answer = answerOf(await postGraphql({ query }));
        if (JSON.stringify(answer) !== JSON.stringify(refusedAnswer(leaf.field))) {
          found.push(`${field.name} ${leaf.keys.join('.')} ${name}: ${JSON.stringify(answer)}`);
        }
      }
    }
  }
  const block = await postGraphql({
    query: `mutation { updateOpciones(input: { nombre: """Hospital \u202EChico""" }) { __typename } }`,
  });
  expect(answerOf(block)).toEqual(refusedAnswer('nombre'));
  // A default value of a variable is part of the query text as well.
  const byDefault = await postGraphql({
    query: `mutation ($n: String! = "Ana\u2066x") { crearClaveApi(nombre: $n) { __typename } }`,
  });
  expect(answerOf(byDefault)).toEqual(refusedAnswer('nombre'));
  expect(found).toEqual([]);
  expect(await counts()).toBe(before);
});

// ---------------------------------------------------------------------------------------------
// REST: every documented body field and query parameter of every route.
// ---------------------------------------------------------------------------------------------

type OpenApiSchema = { $ref?: string; properties?: Record<string, unknown> };
type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        requestBody?: { content: { 'application/json': { schema: OpenApiSchema } } };
      }
    >
  >;
  components: { schemas: Record<string, OpenApiSchema> };
};

/** The body fields and query parameters the served document lists for a route ('PUT /donante/:id'). */
function documented(doc: OpenApiDocument, route: string): { fields: string[]; query: string[] } {
  const [method, routePath] = route.split(' ');
  const operation = doc.paths[routePath.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  let body = operation?.requestBody?.content['application/json'].schema;
  if (body?.$ref) body = doc.components.schemas[body.$ref.split('/').pop()!];
  return {
    fields: Object.keys(body?.properties ?? {}),
    query: (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
  };
}

/** The GraphQL input type that has the fields of each JSON-text field of the REST shim. */
const JSON_TEXT_TYPES: Record<string, string> = {
  cph: 'DonanteCphInput',
  sv: 'SignosVitalesInput',
  serologia: 'SerologiaInput',
};

/** Each field inside a JSON-text field, as an object path: cph -> [[establecimientoLaboral], [contacto1, Nombre], ...]. */
function jsonTextLeaves(field: string): string[][] {
  const type = schema.getType(JSON_TEXT_TYPES[field]);
  const out: string[][] = [];
  const walk = (t: GraphQLInputType, keys: string[]) => {
    const named = getNamedType(t);
    if (isInputObjectType(named))
      for (const f of Object.values(named.getFields())) walk(f.type, [...keys, f.name]);
    else out.push(keys);
  };
  if (type && isInputObjectType(type)) walk(type, []);
  return out;
}

const nest = (keys: string[], value: unknown): unknown =>
  keys.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);

test('REST: each refused kind in every body field, inside the JSON-text fields, and in every query parameter', async () => {
  const doc = (await server.rest<OpenApiDocument>('GET', '/openapi.json')).body;
  const before = await counts();
  const found: string[] = [];
  let sent = 0;
  const expectRefused = async (label: string, method: string, path: string, body: unknown, param: string) => {
    const res = await server.rest(method, path, body, admin.token);
    sent += 1;
    const expected = { status: 400, body: { errors: [{ msg: MSG.caracteresNoPermitidos, param }] } };
    if (JSON.stringify({ status: res.status, body: res.body }) !== JSON.stringify(expected)) {
      found.push(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
    }
  };
  for (const route of await restRoutes(server)) {
    const [method, pattern] = route.split(' ');
    const path = pattern.replace(/:\w+/g, UUID);
    const { fields, query } = documented(doc, route);
    for (const [name, cp] of KINDS) {
      const value = `Ana${cp}x`;
      if (method === 'POST' || method === 'PUT') {
        for (const field of fields.filter((f) => f !== 'dni')) {
          await expectRefused(`${route} ${field} ${name}`, method, path, { [field]: value }, field);
          if (!(field in JSON_TEXT_TYPES)) continue;
          for (const keys of jsonTextLeaves(field)) {
            const inner = nest(keys, value);
            const param = [field, ...keys].join('.');
            // As the original product sends it (JSON text), and already parsed.
            await expectRefused(
              `${route} ${param} ${name}`,
              method,
              path,
              { [field]: JSON.stringify(inner) },
              param,
            );
            await expectRefused(
              `${route} ${param} ${name} (objeto)`,
              method,
              path,
              { [field]: inner },
              param,
            );
          }
        }
      }
      for (const param of query.filter((q) => q !== 'dni')) {
        await expectRefused(
          `${route} ?${param} ${name}`,
          'GET',
          `${path}?${param}=${encodeURIComponent(value)}`,
          undefined,
          param,
        );
      }
    }
  }
  expect(found).toEqual([]);
  expect(sent).toBeGreaterThan(200);
  expect(await counts()).toBe(before);
});

// ---------------------------------------------------------------------------------------------
// What is accepted: pasted whitespace as spaces, ordinary text as typed, a DNI canonical.
// ---------------------------------------------------------------------------------------------

type Donante = {
  id: string;
  dni: string;
  nombre: string;
  apellido: string;
  telefono: string | null;
  ocupacion: string | null;
};
const DONANTE_FIELDS = 'id dni nombre apellido telefono ocupacion';
let dniSeq = 40_000_000;
const nextDni = () => String((dniSeq += 11));

test('GraphQL stores pasted whitespace as spaces and Spanish text and emoji as typed, from variables and from the query text', async () => {
  const dni = nextDni();
  const created = await server.gql<{ createDonante: Donante }>(
    `mutation ($input: DonanteInput!) { createDonante(input: $input) { ${DONANTE_FIELDS} } }`,
    {
      input: {
        nombre: '\tJosé\u00A0María\r\n',
        apellido: 'Núñez Güemes 👨‍👩‍👧 ❤️',
        dni: `${dni.slice(0, 2)}\u200B${dni.slice(2)}\uFEFF`,
        fechaNacimiento: '1990-05-10',
        sexo: 'Masculino',
        telefono: '341\u2007555\u20091234',
        ocupacion: "Maestra d'escuela ¿Sí? ¡Ñandú!",
      },
    },
    admin.token,
  );
  expect(created.errors).toBeUndefined();
  expect(created.data!.createDonante).toMatchObject({
    dni,
    nombre: 'José María',
    apellido: 'Núñez Güemes 👨‍👩‍👧 ❤️',
    telefono: '341 555 1234',
    ocupacion: "Maestra d'escuela ¿Sí? ¡Ñandú!",
  });

  const renamed = await server.gql<{ updateOpciones: unknown }>(
    `mutation { updateOpciones(input: { nombre: "Hospital\\tChico\\u00A0Central", telefono: "0341\\u00A0123" }) { __typename } }`,
    undefined,
    admin.token,
  );
  expect(renamed.errors).toBeUndefined();
  const [servicio] = (await server.dataSource.query('SELECT nombre, telefono FROM servicio WHERE id = $1', [
    admin.servicio,
  ])) as { nombre: string; telefono: string }[];
  expect(servicio).toEqual({ nombre: 'Hospital Chico Central', telefono: '0341 123' });
});

test('REST stores pasted whitespace as spaces, inside the JSON-text cph too', async () => {
  const dni = nextDni();
  const created = await server.rest<{ _id?: string; id?: string }>(
    'POST',
    '/donante/',
    {
      nombre: 'Ana\u00A0Luz',
      apellido: 'Pérez\t',
      dni: `${dni}\u200B`,
      fechaNacimiento: '19900510',
      sexo: 'Femenino',
      cph: JSON.stringify({
        establecimientoLaboral: 'Escuela\u00A0N°\u00A05',
        contacto1: { Nombre: 'Luis\tGómez' },
      }),
    },
    admin.token,
  );
  expect(created.status).toBe(200);
  const [row] = (await server.dataSource.query(
    'SELECT nombre, apellido, dni, cph FROM donante WHERE servicio_id = $1 AND dni = $2',
    [admin.servicio, dni],
  )) as { nombre: string; apellido: string; dni: string; cph: Record<string, unknown> }[];
  expect(row).toMatchObject({ nombre: 'Ana Luz', apellido: 'Pérez', dni });
  expect(row.cph).toMatchObject({
    establecimientoLaboral: 'Escuela N° 5',
    contacto1: { Nombre: 'Luis Gómez' },
  });
});

test('a password is kept exactly as typed; a control character in it is refused', async () => {
  const password = ' clave\u00A0con espacios ';
  const username = `clave_${nextDni()}`;
  await registerServicio(server, { username, password });
  const login = (pw: string) =>
    server.gql<{ login: { token: string } }>(
      `mutation ($input: LoginInput!) { login(input: $input) { token } }`,
      { input: { username, password: pw } },
    );
  expect((await login(password)).data?.login.token).toBeTruthy();
  expect((await login('clave con espacios')).data?.login).toBeUndefined();
  const tab = await postGraphql({
    query: `mutation ($input: LoginInput!) { login(input: $input) { token } }`,
    variables: { input: { username, password: 'clave\tsegura' } },
  });
  expect(answerOf(tab)).toEqual(refusedAnswer('password'));
});
