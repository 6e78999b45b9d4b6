import 'reflect-metadata';
import { GraphQLSchema } from 'graphql';
import { validateOrReject, ValidationError } from 'class-validator';
import { ArgumentValidationError, buildSchemaSync, getMetadataStorage } from 'type-graphql';
import { authChecker } from '../auth/auth-checker';
import { subgraphSchema } from './federation';
import { resolvers } from './resolvers';

let productSchema: GraphQLSchema | undefined;
let schema: GraphQLSchema | undefined;

/** TypeGraphQL's own defaults for `validate: true`. */
const VALIDATOR_OPTIONS = { skipMissingProperties: true, forbidUnknownValues: false };
const isObject = (value: unknown): value is object => value !== null && typeof value === 'object';

/**
 * Validates each input argument against its class-validator decorators, as
 * TypeGraphQL's default does, but with class-validator imported once: the
 * default loads it with import() for every argument of every request.
 */
async function validateArgument(value: unknown): Promise<void> {
  if (!isObject(value)) return;
  try {
    if (Array.isArray(value)) {
      await Promise.all(value.filter(isObject).map((item) => validateOrReject(item, VALIDATOR_OPTIONS)));
    } else {
      await validateOrReject(value, VALIDATOR_OPTIONS);
    }
  } catch (errors) {
    throw new ArgumentValidationError(errors as ValidationError[]);
  }
}

/**
 * Fields read straight from their object get graphql-js's default resolver. TypeGraphQL
 * otherwise wraps every field of every row in a resolver of its own (to run middlewares and the
 * authChecker), which costs an allocation and a call per field per row for nothing: no field here
 * has middlewares. A field with roles (`@Authorized` on a field) or middlewares keeps the wrapper,
 * so its check still runs; fields with their own resolver (`@FieldResolver`) are not affected.
 * (TypeGraphQL attaches roles and middlewares to the fields only while building, so they are read
 * from their own lists; a name found there keeps the wrapper on every type, to err on the safe side.)
 */
export function withoutFieldWrappers(): void {
  const storage = getMetadataStorage();
  const guarded = new Set([
    ...storage.authorizedFields.map((a) => a.fieldName),
    ...storage.middlewares.map((m) => m.fieldName),
  ]);
  for (const field of storage.fields) field.simple ??= !guarded.has(field.name);
}

/**
 * The product's own schema, built once from the TypeGraphQL classes: what schema.graphql
 * describes for the client (npm run gen).
 */
export function getProductSchema(): GraphQLSchema {
  if (!productSchema) withoutFieldWrappers();
  productSchema ??= buildSchemaSync({
    resolvers,
    authChecker,
    authMode: 'error',
    validateFn: validateArgument,
  });
  return productSchema;
}

/**
 * The schema /graphql serves: the product's, as an Apollo Federation 2 subgraph
 * (graphql/federation.ts) with `_service` and `_entities` for a network's gateway.
 */
export function getSchema(): GraphQLSchema {
  schema ??= subgraphSchema(getProductSchema());
  return schema;
}
