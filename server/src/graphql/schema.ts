import 'reflect-metadata';
import { GraphQLSchema } from 'graphql';
import { validateOrReject, ValidationError } from 'class-validator';
import { ArgumentValidationError, buildSchemaSync } from 'type-graphql';
import { authChecker } from '../auth/auth-checker';
import { resolvers } from './resolvers';

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

/** The GraphQL schema, built once from the TypeGraphQL classes. */
export function getSchema(): GraphQLSchema {
  schema ??= buildSchemaSync({
    resolvers,
    authChecker,
    authMode: 'error',
    validateFn: validateArgument,
  });
  return schema;
}
