import fs from 'node:fs';
import path from 'node:path';
import { printSchemaText } from './print';

/** Writes schema.graphql at the repository root (npm run gen). */
const target = path.resolve(__dirname, '..', '..', '..', 'schema.graphql');
fs.writeFileSync(target, printSchemaText());
console.log(`schema.graphql escrito en ${target}`);
