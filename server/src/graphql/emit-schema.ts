import fs from 'node:fs';
import path from 'node:path';
import { resolvers } from '../services';
import { printSchemaText } from './print';

/** Writes schema.graphql at the repository root (npm run gen): an entry point, like index.ts. */
const target = path.resolve(__dirname, '..', '..', '..', 'schema.graphql');
fs.writeFileSync(target, printSchemaText(resolvers));
console.log(`schema.graphql escrito en ${target}`);
