/**
 * The import boundaries of eslint.config.mjs (CONTRIBUTING.md, "Folders and imports") bite:
 * sample files, linted in memory at the path they would have, get the boundary error for each
 * forbidden import and none for the allowed ones.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** The no-restricted-imports messages of each sample file, linted by test/lint/lint-samples.mjs. */
function lintSamples(samples: { file: string; code: string }[]): string[][] {
  const run = spawnSync(process.execPath, [path.join(__dirname, 'lint-samples.mjs')], {
    input: JSON.stringify(samples),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[][];
}

/** One import line, used, in a file at `file`. */
const sample = (file: string, source: string) => ({
  file,
  code: `import { x } from '${source}';\nexport { x };\n`,
});

const cases: [rule: string, file: string, forbidden: string[], allowed: string[]][] = [
  [
    'the domain imports only other domain files',
    'server/src/domain/sample.ts',
    ['typeorm', 'node:crypto', 'class-validator', '../errors', '../modules/donante/donante.entity'],
    ['./messages', './limites'],
  ],
  [
    "a module uses another's entity, enum or service only, and never the app",
    'server/src/modules/auditoria/sample.ts',
    [
      '../donante/donante.resolver',
      '../donante/donante.rest',
      '../donacion/donacion.input',
      '../donacion/donacion.create',
      '../../modules/donante/donante.resolver',
      '../../app',
      '../../index',
      '../..',
    ],
    [
      '../donante/donante.service',
      '../donante/donante.entity',
      '../usuario/rol.enum',
      '../auditoria/audit',
      './auditoria.input',
      '../../rest/http',
      '../../domain/messages',
    ],
  ],
  [
    'the client takes from the server only @domain/...',
    'client/src/features/donantes/sample.tsx',
    [
      '../../../../server/src/domain/messages',
      '../../../server/src/app',
      'typeorm',
      'type-graphql',
      'pg',
      'express',
    ],
    ['@domain/messages', '@apollo/client', '@/components/pager'],
  ],
  [
    'components never import imprimibles, features or app',
    'client/src/components/sample.tsx',
    [
      '@/features/donantes/donantes-page',
      '@/imprimibles/print',
      '@/app/router',
      '../features/opciones/opciones-generales-page',
      '../imprimibles/types',
      '../app/router',
    ],
    ['@/lib/apollo', '@/lib/auth-context', './pager', './page-card', '@domain/dates'],
  ],
  [
    'lib never imports imprimibles, features or app',
    'client/src/lib/sample.ts',
    ['@/imprimibles/print', '@/features/donaciones/donaciones-store', '@/app/providers', '../app/router'],
    ['./session', './ui-context', '@/components/toast'],
  ],
  [
    'imprimibles never import features or app',
    'client/src/imprimibles/sample.ts',
    [
      '@/features/donaciones/donaciones-store',
      '../features/cph/cph-page',
      '@/app/router',
      '../app/providers',
    ],
    ['./types', './print', '@/lib/auth-context', '@/components/toast', '@/generated/graphql'],
  ],
  [
    'a feature never imports another feature',
    'client/src/features/auditoria/sample.tsx',
    [
      '../opciones/opciones-generales-page',
      '@/features/opciones/routes',
      '@/features/donantes/donantes-page',
    ],
    ['./auditoria-page', '@/features/auditoria/routes', '@/components/page-card', '@/components/pager'],
  ],
  [
    'a feature never imports app',
    'client/src/features/cph/sample.tsx',
    ['@/app/router', '@/app/layout/app-layout', '../../app/providers'],
    [
      '@/lib/auth-context',
      '@/components/lazy-page',
      '@/imprimibles/print',
      '@/imprimibles/use-print',
      '@/imprimibles/from-graphql',
      './cph-page',
    ],
  ],
];

const checked = cases.flatMap(([, file, forbidden, allowed]) =>
  [...forbidden, ...allowed].map((source) => ({ file, source })),
);
const key = (file: string, source: string) => `${file} <- ${source}`;
const errors = new Map<string, string[]>();

beforeAll(() => {
  const results = lintSamples(checked.map(({ file, source }) => sample(file, source)));
  checked.forEach(({ file, source }, i) => errors.set(key(file, source), results[i]));
}, 60_000);

const errorsOf = (file: string, source: string) => errors.get(key(file, source));

describe.each(cases)('%s', (_rule, file, forbidden, allowed) => {
  it.each(forbidden)(`refuses '%s' in ${file}`, (source) => {
    expect(errorsOf(file, source)).toHaveLength(1);
  });

  it.each(allowed)(`allows '%s' in ${file}`, (source) => {
    expect(errorsOf(file, source)).toEqual([]);
  });
});
