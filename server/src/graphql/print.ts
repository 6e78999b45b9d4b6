import { lexicographicSortSchema, printSchema } from 'graphql';
import { getProductSchema } from './schema';

const HEADER = '# Generado desde las clases TypeGraphQL del servidor (npm run gen). No editar a mano.\n\n';

/** The product's schema, without the federation fields only a network's gateway uses. */
export function printSchemaText(): string {
  return HEADER + printSchema(lexicographicSortSchema(getProductSchema())) + '\n';
}
