import { lexicographicSortSchema, printSchema } from 'graphql';
import { getProductSchema, type Resolvers } from './schema';

const HEADER = '# Generado desde las clases TypeGraphQL del servidor (npm run gen). No editar a mano.\n\n';

/** The product's schema, without the federation fields only a network's gateway uses. */
export function printSchemaText(resolvers: Resolvers): string {
  return HEADER + printSchema(lexicographicSortSchema(getProductSchema(resolvers))) + '\n';
}
