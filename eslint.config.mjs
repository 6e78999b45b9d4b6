import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ---------------------------------------------------------------------------------------------
// Import boundaries (CONTRIBUTING.md, "Folders and imports"), with ESLint's no-restricted-imports
// (and typescript-eslint's twin where an `import type` is allowed). The rule sees only the import
// string, so each boundary is a regular expression over the forms this tree writes: './x' and
// '../x', '@/...' (client/src) and '@domain/...' (server/src/domain). When several config blocks
// give a file one rule, the last one wins: each block below carries every pattern its files are
// held to. Dynamic import() is not checked by the rule.
//
// The server's imports run one way: modules -> framework and domain; the composition roots ->
// everything. Framework code is every server/src file but these:
//   - domain/ (held to DOMAIN_ONLY) and modules/ (the features);
//   - the composition roots: services.ts (the modules' entities, resolvers, REST routes, loaders
//     and services, handed to the framework as parameters), app.ts and index.ts;
//   - the other entry points, composition roots too: cli/*.ts (npm run backup, restore,
//     verificar-auditoria) and graphql/emit-schema.ts (npm run gen);
//   - tests and test-utils/, which build the whole app to exercise it.
// ---------------------------------------------------------------------------------------------

/** server/src/domain runs in the browser too. */
const DOMAIN_ONLY = {
  regex: '^(?!\\./)',
  message:
    'server/src/domain is shared with the browser: it imports only other domain files (./x), no package and nothing else of the server.',
};

/** From server/src/modules/<a>/x.ts: '../<b>/y' or '../../modules/<b>/y' unless y is public. */
const MODULE_PUBLIC_ONLY = {
  regex: String.raw`^(\.\./|\.\./\.\./modules/)[^./][^/]*/(?!(?:[^/]+\.(?:entity|enum|service)|audit)$)`,
  message:
    'Another module is used through its entity, enum or service (and auditoria/audit) only, never its resolver, rest, input or helper files.',
};

const MODULE_NOT_APP = {
  regex: String.raw`^\.\./\.\.(/(app|index)?)?$`,
  message: 'A module never imports app.ts or index.ts: the app is built from the modules, not the reverse.',
};

/**
 * The import of server/src itself from a file `depth` folders below it: '.' from a root file,
 * '..' from rest/x.ts, '../..' from database/migrations/x.ts. The framework's rules are written
 * for each depth, so that './index' in database/migrations/ (its own index) is not taken for
 * server/src/index.ts.
 */
const SERVER_DEPTHS = [0, 1, 2, 3, 4];
const upTo = (depth) =>
  depth === 0 ? String.raw`\.` : String.raw`\.\.` + String.raw`/\.\.`.repeat(depth - 1);
const filesAt = (depth) => [`server/src/${'*/'.repeat(depth)}*.ts`];

/** From framework code: './modules/...', '../modules/...' (as deep as the file is). */
const frameworkNotModules = (depth) => ({
  regex: String.raw`^${upTo(depth)}/modules(/|$)`,
  message:
    'Framework code imports no feature module: the composition root (services.ts) hands it what it needs of them as parameters; a constant both use goes to server/src/domain.',
});

/**
 * The composition roots import every module, so anything else that ran them would run back up
 * (and close a circle): it may name their types (the Services and Loaders of the Context), nothing
 * more. Checked by @typescript-eslint/no-restricted-imports, which tells `import type` apart.
 * From framework code: './services', '../app', '../../index', '..' (server/src/index.ts)...
 */
const frameworkCompositionTypesOnly = (depth) => ({
  regex: String.raw`^${upTo(depth)}(/(app|index|services))?$`,
  allowTypeImports: true,
  message:
    'app.ts, index.ts and services.ts compose the modules: framework code imports only their types (import type), never their code.',
});

/** From a module: '../../services' (app and index are MODULE_NOT_APP's). */
const MODULE_SERVICES_TYPES_ONLY = {
  regex: String.raw`^\.\.(/\.\.)*/services$`,
  allowTypeImports: true,
  message:
    'services.ts composes the modules: a module imports only its types (import type Services), never its code.',
};

/** The server files that compose the modules, and may import any of them. */
const COMPOSITION_ROOTS = [
  'server/src/app.ts',
  'server/src/index.ts',
  'server/src/services.ts',
  'server/src/cli/**',
  'server/src/graphql/emit-schema.ts',
  'server/src/test-utils/**',
  'server/src/**/*.test.ts',
];

const NOT_FRAMEWORK = ['server/src/domain/**', 'server/src/modules/**', ...COMPOSITION_ROOTS];

/** The client takes the server's rules as @domain/... and nothing else of it. */
const CLIENT_NOT_SERVER = [
  {
    regex: String.raw`^(\.\.?/)+(.*/)?server(/|$)`,
    message: "The client imports the server's rules only as @domain/..., never by a relative path.",
  },
  {
    group: [
      'typeorm',
      'type-graphql',
      'pg',
      'pg-*',
      'express',
      'class-validator',
      'argon2',
      'jsonwebtoken',
      '@apollo/server',
    ],
    message: 'Server packages never reach the browser.',
  },
];

/**
 * Shared code flows one way: components and lib -> imprimibles -> features -> app. Each tier
 * imports only the tiers before it (and packages, @domain, generated).
 */
const SHARED_NOT_FEATURES = {
  regex: String.raw`^(@/|(\.\./)+)(imprimibles|features|app)(/|$)`,
  message:
    'client/src/components and client/src/lib never import imprimibles, features or app: shared code flows one way.',
};

const IMPRIMIBLES_NOT_FEATURES = {
  regex: String.raw`^(@/|(\.\./)+)(features|app)(/|$)`,
  message:
    'client/src/imprimibles is shared by the features: it never imports features or app (shared code flows one way).',
};

const FEATURE_NOT_APP = {
  regex: String.raw`^(@/|(\.\./)+)app(/|$)`,
  message:
    'A feature never imports app/ (the app is built from the features, not the reverse): what a feature needs of the app goes to components/ or lib/.',
};

const FEATURES = readdirSync(new URL('./client/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** From client/src/features/<feature>/...: '@/features/<other>/...' or '../<other>/...'. */
const notOtherFeature = (feature) => ({
  regex: String.raw`^(@/features/|(\.\./)+)(?!${feature}(/|$))(${FEATURES.join('|')})(/|$)`,
  message: `A feature never imports another feature (here from ${feature}): move what both need to components/, lib/ or imprimibles/.`,
});

const restrict = (files, patterns, { ignores = [], rule = 'no-restricted-imports' } = {}) => ({
  files,
  ignores,
  rules: {
    [rule]: ['error', { patterns: patterns.map((p) => (p.regex ? { ...p, caseSensitive: true } : p)) }],
  },
});

const boundaries = [
  restrict(['server/src/domain/**/*.ts'], [DOMAIN_ONLY]),
  restrict(['server/src/modules/**/*.ts'], [MODULE_PUBLIC_ONLY, MODULE_NOT_APP]),
  ...SERVER_DEPTHS.flatMap((depth) => [
    restrict(filesAt(depth), [frameworkNotModules(depth)], { ignores: NOT_FRAMEWORK }),
    restrict(filesAt(depth), [frameworkCompositionTypesOnly(depth)], {
      ignores: NOT_FRAMEWORK,
      rule: '@typescript-eslint/no-restricted-imports',
    }),
  ]),
  restrict(['server/src/modules/**/*.ts'], [MODULE_SERVICES_TYPES_ONLY], {
    ignores: COMPOSITION_ROOTS,
    rule: '@typescript-eslint/no-restricted-imports',
  }),
  restrict(['client/src/**/*.{ts,tsx}'], CLIENT_NOT_SERVER),
  restrict(['client/src/{components,lib}/**/*.{ts,tsx}'], [...CLIENT_NOT_SERVER, SHARED_NOT_FEATURES]),
  restrict(['client/src/imprimibles/**/*.{ts,tsx}'], [...CLIENT_NOT_SERVER, IMPRIMIBLES_NOT_FEATURES]),
  ...FEATURES.map((feature) =>
    restrict(
      [`client/src/features/${feature}/**/*.{ts,tsx}`],
      [...CLIENT_NOT_SERVER, notOtherFeature(feature), FEATURE_NOT_APP],
    ),
  ),
];

// ---------------------------------------------------------------------------------------------
// No import circle in server/src or client/src (import-x/no-cycle). The rule follows the imports
// that run: an `import type` is erased by the compiler and is not followed, so the Context may name
// the composition root's Services and Loaders types. Only .ts/.tsx files of the repository are
// read, with a parser of their syntax alone (packages are never parsed: the check adds a second
// or two to `npm run lint`); the client's '@/' and '@domain/' paths resolve through
// client/tsconfig.json.
// ---------------------------------------------------------------------------------------------

/** How import-x reads the files it follows: the syntax tree without ESLint's scope analysis. */
const IMPORT_PARSER = fileURLToPath(new URL('./test/lint/import-parser.cjs', import.meta.url));

const noCycle = (files, resolverOptions = {}) => ({
  files,
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.tsx'],
    'import-x/ignore': ['node_modules'],
    'import-x/parsers': { [IMPORT_PARSER]: ['.ts', '.tsx'] },
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx'], ...resolverOptions })],
  },
  rules: { 'import-x/no-cycle': 'error' },
});

const cycles = [
  noCycle(['server/src/**/*.ts']),
  noCycle(['client/src/**/*.{ts,tsx}'], {
    tsconfig: { configFile: fileURLToPath(new URL('./client/tsconfig.json', import.meta.url)) },
  }),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'client/src/generated/**',
      'coverage/**',
      '.data/**',
      'test-artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  ...boundaries,
  ...cycles,
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: [
      '**/*.{js,mjs,cjs}',
      'scripts/**',
      'test/**',
      'server/src/graphql/emit-schema.ts',
      'server/scripts/**',
    ],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-console': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
);
