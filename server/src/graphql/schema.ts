import 'reflect-metadata';
import { GraphQLSchema } from 'graphql';
import { buildSchemaSync } from 'type-graphql';
import { authChecker } from '../auth/auth-checker';
import { resolvers } from './resolvers';

let schema: GraphQLSchema | undefined;

/** The GraphQL schema, built once from the TypeGraphQL classes. */
export function getSchema(): GraphQLSchema {
  schema ??= buildSchemaSync({
    resolvers,
    authChecker,
    authMode: 'error',
    validate: { forbidUnknownValues: false },
  });
  return schema;
}
