import 'reflect-metadata';
import { GraphQLSchema } from 'graphql';
import { validateOrReject, ValidationError } from 'class-validator';
import { ArgumentValidationError, buildSchemaSync } from 'type-graphql';
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
 * The product's own schema, built once from the TypeGraphQL classes: what schema.graphql
 * describes for the client (npm run gen).
 */
export function getProductSchema(): GraphQLSchema {
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
