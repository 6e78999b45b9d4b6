import { lexicographicSortSchema, printSchema } from 'graphql';
import { getSchema } from './schema';

const HEADER = '# Generado desde las clases TypeGraphQL del servidor (npm run gen). No editar a mano.\n\n';

export function printSchemaText(): string {
  return HEADER + printSchema(lexicographicSortSchema(getSchema())) + '\n';
}
