// Lints in-memory sample files with the repository's own eslint.config.mjs (ESLint's Node API).
// Reads [{ file, code }] as JSON on stdin, writes the no-restricted-imports messages of each.
// A process of its own: ESLint loads its config with import(), which jest's module sandbox refuses.
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.mjs') });

let input = '';
for await (const chunk of process.stdin) input += chunk;

const out = [];
for (const { file, code } of JSON.parse(input)) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  out.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
}
process.stdout.write(JSON.stringify(out));
