// Lints sample files with the repository's own eslint.config.mjs (ESLint's Node API).
// Reads { groups: [[{ file, code }]], disk } as JSON on stdin, writes the import-boundary messages
// of each sample of each group (no-restricted-imports, its typescript-eslint twin and
// import-x/no-cycle). In memory (disk false) each sample is linted at the path it would have in
// the repository, among the real files. A circle needs its files on disk: with disk true each
// group is written to a fresh temporary folder, at its repository paths, and linted there (the
// config's file patterns are relative to ESLint's cwd), so its files import each other and
// nothing of the real tree.
// A process of its own: ESLint loads its config with import(), which jest's module sandbox refuses.
import { ESLint } from 'eslint';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BOUNDARY_RULES = new Set([
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
  'import-x/no-cycle',
]);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { groups, disk } = JSON.parse(input);

async function lintGroup(samples) {
  const cwd = disk ? fs.mkdtempSync(path.join(os.tmpdir(), 'lint-samples-')) : root;
  try {
    if (disk) {
      for (const { file, code } of samples) {
        fs.mkdirSync(path.dirname(path.join(cwd, file)), { recursive: true });
        fs.writeFileSync(path.join(cwd, file), code);
      }
    }
    const eslint = new ESLint({ cwd, overrideConfigFile: path.join(root, 'eslint.config.mjs') });
    const out = [];
    for (const { file, code } of samples) {
      const [result] = disk
        ? await eslint.lintFiles([path.join(cwd, file)])
        : await eslint.lintText(code, { filePath: path.join(root, file) });
      out.push(result.messages.filter((m) => BOUNDARY_RULES.has(m.ruleId)).map((m) => m.message));
    }
    return out;
  } finally {
    if (disk) fs.rmSync(cwd, { recursive: true, force: true });
  }
}

const out = [];
for (const samples of groups) out.push(await lintGroup(samples));
process.stdout.write(JSON.stringify(out));
