/**
 * The product's schema as an Apollo Federation 2 subgraph, so that a regional network's gateway
 * (Apollo Router) can join it with other services' APIs. Donante, Donacion and Servicio are
 * entities keyed by id (`@Directive('@key(fields: "id")')` on their classes); `_service` and
 * `_entities` need a signed-in user of a servicio like every other operation, and `_entities`
 * reads only the caller's servicio through the feature services.
 */
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import {
  DocumentNode,
  GraphQLFieldResolver,
  GraphQLSchema,
  isObjectType,
  Kind,
  parse,
  printSchema,
  visit,
} from 'graphql';
import { createResolversMap } from 'type-graphql';
import { authChecker } from '../auth/auth-checker';
import type { AuthUser } from '../auth/context';
import { Context } from '../context';
import { ENTIDADES_POR_CONSULTA_MAX } from '../domain/limites';
import { MSG } from '../domain/messages';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';

/** The Federation 2 spec this subgraph links, and the one directive it uses. */
const FEDERATION_LINK = `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])`;

/** How `_entities` finds one entity of the caller's servicio by id: null when it is not there. */
type Referencia = (auth: AuthUser, id: string, ctx: Context) => Promise<object | null>;

/** A record of another servicio, a deleted one or a malformed id reads as missing: null. */
async function orNull(found: Promise<object>): Promise<object | null> {
  try {
    return await found;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** Every entity type of the subgraph and how it is read, through the feature services. */
const ENTIDADES: Record<string, Referencia> = {
  Donante: (auth, id, ctx) => orNull(ctx.services.donante.get(auth, id)),
  Donacion: (auth, id, ctx) => orNull(ctx.services.donacion.get(auth, id)),
  // A servicio reads only itself.
  Servicio: async (auth, id, ctx) => (id === auth.servicio ? ctx.services.opciones.get(auth) : null),
};

/** The type definitions: the TypeGraphQL schema printed with its types' directives (`@key`). */
function typeDefs(schema: GraphQLSchema): DocumentNode {
  const printed = visit(parse(printSchema(schema)), {
    ObjectTypeDefinition(node) {
      const type = schema.getType(node.name.value);
      const own = isObjectType(type) ? (type.astNode?.directives ?? []) : [];
      return own.length > 0 ? { ...node, directives: [...(node.directives ?? []), ...own] } : undefined;
    },
  });
  return {
    kind: Kind.DOCUMENT,
    definitions: [...parse(FEDERATION_LINK).definitions, ...printed.definitions],
  };
}

type Resolver = GraphQLFieldResolver<unknown, Context, Record<string, unknown>>;

/**
 * The rule of every other operation (auth/auth-checker.ts, as `@Authorized()`): a signed-in
 * user of a servicio; anonymous callers UNAUTHENTICATED, API keys and others FORBIDDEN.
 */
function soloConSesion(resolve: (auth: AuthUser, ...rest: Parameters<Resolver>) => unknown): Resolver {
  return async (root, args, context, info) => {
    if (!(await authChecker({ root, args, context, info }, []))) throw new ForbiddenError();
    if (!context.auth) throw new ForbiddenError();
    return resolve(context.auth, root, args, context, info);
  };
}

const esObjeto = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `_entities`: each representation `{ __typename, id }` read in the caller's servicio, in order;
 * a missing, foreign or malformed id is null. An unknown type, or more than
 * ENTIDADES_POR_CONSULTA_MAX representations, refuses the whole call (BAD_USER_INPUT).
 */
async function entidades(auth: AuthUser, representations: unknown, ctx: Context): Promise<(object | null)[]> {
  const lista = Array.isArray(representations) ? representations : [];
  if (lista.length > ENTIDADES_POR_CONSULTA_MAX) {
    throw ValidationError.single('representations', MSG.demasiadasEntidades);
  }
  const pedidas = lista.map((rep) => {
    const typename = esObjeto(rep) ? rep.__typename : undefined;
    if (typeof typename !== 'string' || !Object.hasOwn(ENTIDADES, typename)) {
      throw ValidationError.single('representations', MSG.entidadInvalida);
    }
    return { typename, id: (rep as Record<string, unknown>).id };
  });
  return Promise.all(
    pedidas.map(async ({ typename, id }) => {
      const found = typeof id === 'string' ? await ENTIDADES[typename](auth, id, ctx) : null;
      // What the subgraph's _Entity union resolves the type by (as @apollo/subgraph itself does).
      return found && Object.defineProperty(found, '__typename', { value: typename, configurable: true });
    }),
  );
}

/**
 * The subgraph schema over the TypeGraphQL one: the same resolvers (with their authorization
 * and validation), plus `_service { sdl }` and `_entities` for signed-in users only.
 */
export function subgraphSchema(schema: GraphQLSchema): GraphQLSchema {
  // TypeGraphQL's resolvers, scalars and enum values, taken from its schema (its own types are wider).
  const resolvers = createResolversMap(schema) as GraphQLResolverMap<unknown>;
  const subgraph = buildSubgraphSchema({ typeDefs: typeDefs(schema), resolvers });
  const fields = subgraph.getQueryType()?.getFields();
  const service = fields?._service?.resolve;
  if (!fields?._entities || !service) throw new Error('El esquema federado no tiene _service ni _entities');
  fields._service.resolve = soloConSesion((_auth, ...rest) => service(...rest));
  fields._entities.resolve = soloConSesion((auth, _root, args, ctx) =>
    entidades(auth, args.representations, ctx),
  );
  return subgraph;
}
