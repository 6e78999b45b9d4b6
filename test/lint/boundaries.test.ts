/**
 * The import boundaries of eslint.config.mjs (CONTRIBUTING.md, "Folders and imports") bite:
 * sample files, linted in memory at the path they would have, get the boundary error for each
 * forbidden import and none for the allowed ones; sample circles, linted on disk, get the cycle
 * error, and a one-way chain none.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

type Sample = { file: string; code: string };

/**
 * The import-boundary messages of each sample file of each group, linted by
 * test/lint/lint-samples.mjs: in memory among the repository's files, or (`disk`) each group
 * written to a folder of its own.
 */
function lintSamples(groups: Sample[][], disk = false): string[][][] {
  const run = spawnSync(process.execPath, [path.join(__dirname, 'lint-samples.mjs')], {
    input: JSON.stringify({ groups, disk }),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[][][];
}

/** One import line, used, in a file at `file`; a source written 'type ...' is an `import type`. */
const sample = (file: string, source: string): Sample => {
  const typeOnly = source.startsWith('type ');
  const from = typeOnly ? source.slice('type '.length) : source;
  return {
    file,
    code: typeOnly
      ? `import type { x } from '${from}';\nexport type { x };\n`
      : `import { x } from '${from}';\nexport { x };\n`,
  };
};

const cases: [rule: string, file: string, forbidden: string[], allowed: string[]][] = [
  [
    'framework code imports no module, and the composition roots only as types',
    'server/src/rest/sample.ts',
    [
      '../modules/donante/donante.entity',
      '../modules/donante/donante.rest',
      '../modules/auditoria/audit',
      'type ../modules/clave-api/clave-api.service',
      '../services',
      '../app',
      '../index',
      '..',
    ],
    [
      'type ../services',
      './http',
      '../errors',
      '../auth/context',
      '../database/prepared',
      '../domain/limites',
    ],
  ],
  [
    'a framework file at the root of server/src imports no module either',
    'server/src/sample.ts',
    ['./modules/donante/donante.loaders', './modules/servicio/servicio.entity', './services', './app'],
    ['type ./services', './loaders', './errors', './auth/context', './domain/validation'],
  ],
  [
    'a deeper framework file imports no module either',
    'server/src/database/migrations/sample.ts',
    ['../../modules/donante/donante.entity', '../../services'],
    ['./index', '../naming', '../../domain/limites'],
  ],
  [
    'the entry points compose the modules',
    'server/src/cli/sample.ts',
    [],
    ['../modules/auditoria/cadena', '../services', '../database/backup'],
  ],
  [
    'a test may build the whole app',
    'server/src/graphql/sample.test.ts',
    [],
    ['../services', '../modules/donante/donante.entity', './schema'],
  ],
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
      '../../services',
    ],
    [
      'type ../../services',
      '../donante/donante.service',
      '../donante/donante.entity',
      '../usuario/rol.enum',
      '../auditoria/audit',
      './auditoria.input',
      '../../rest/http',
      '../../domain/messages',
      '../../loaders',
      '../../context',
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
  const [results] = lintSamples([checked.map(({ file, source }) => sample(file, source))]);
  checked.forEach(({ file, source }, i) => errors.set(key(file, source), results[i]));
}, 60_000);

const errorsOf = (file: string, source: string) => errors.get(key(file, source));

describe.each(cases)('%s', (_rule, file, forbidden, allowed) => {
  // it.each refuses an empty table: an entry point has no forbidden import.
  if (forbidden.length > 0) {
    it.each(forbidden)(`refuses '%s' in ${file}`, (source) => {
      expect(errorsOf(file, source)).toHaveLength(1);
    });
  }

  it.each(allowed)(`allows '%s' in ${file}`, (source) => {
    expect(errorsOf(file, source)).toEqual([]);
  });
});

/** Files importing each other in a ring: `[file, imports][]`, each file's import the next file. */
const ring = (files: [file: string, source: string][]): Sample[] =>
  files.map(([file, source]) => sample(file, source));

const circles: [name: string, samples: Sample[], circle: boolean][] = [
  [
    'two framework files importing each other',
    ring([
      ['server/src/rest/sample-a.ts', './sample-b'],
      ['server/src/rest/sample-b.ts', './sample-a'],
    ]),
    true,
  ],
  [
    'three module files in a ring, each import allowed on its own',
    ring([
      ['server/src/modules/donante/sample.service.ts', './sample-b'],
      ['server/src/modules/donante/sample-b.ts', '../donacion/sample.service'],
      ['server/src/modules/donacion/sample.service.ts', '../donante/sample.service'],
    ]),
    true,
  ],
  [
    'a module, the framework and back up to the module',
    ring([
      ['server/src/modules/donante/sample.service.ts', '../../sample-framework'],
      ['server/src/sample-framework.ts', './graphql/sample-schema'],
      ['server/src/graphql/sample-schema.ts', '../modules/donante/sample.service'],
    ]),
    true,
  ],
  [
    'two domain files importing each other',
    ring([
      ['server/src/domain/sample-a.ts', './sample-b'],
      ['server/src/domain/sample-b.ts', './sample-a'],
    ]),
    true,
  ],
  [
    'three client files in a ring',
    ring([
      ['client/src/lib/sample-a.ts', '../components/sample-b'],
      ['client/src/components/sample-b.tsx', '../lib/sample-c'],
      ['client/src/lib/sample-c.ts', './sample-a'],
    ]),
    true,
  ],
  [
    'a chain that runs one way',
    [
      sample('server/src/modules/donante/sample.service.ts', '../../sample-framework'),
      sample('server/src/sample-framework.ts', './domain/sample'),
      { file: 'server/src/domain/sample.ts', code: 'export const x = 1;\n' },
    ],
    false,
  ],
  [
    'a type-only import back (erased by the compiler, nothing runs in a circle)',
    [
      sample('server/src/sample-framework.ts', 'type ./sample-root'),
      sample('server/src/sample-root.ts', './sample-framework'),
    ],
    false,
  ],
];

const circleMessages = new Map<string, string[][]>();

beforeAll(() => {
  const results = lintSamples(
    circles.map(([, samples]) => samples),
    true,
  );
  circles.forEach(([name], i) => circleMessages.set(name, results[i]));
}, 60_000);

describe.each(circles)('a circle: %s', (name, samples, circle) => {
  if (circle) {
    it('is refused in every file of it', () => {
      for (const errors of circleMessages.get(name) ?? []) {
        expect(errors).toEqual(expect.arrayContaining([expect.stringMatching(/^Dependency cycle/)]));
      }
      expect(circleMessages.get(name)).toHaveLength(samples.length);
    });
  } else {
    it('is no circle', () => {
      expect(circleMessages.get(name)).toEqual(samples.map(() => []));
    });
  }
});
