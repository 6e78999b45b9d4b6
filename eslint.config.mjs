import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ---------------------------------------------------------------------------------------------
// Import boundaries (CONTRIBUTING.md, "Folders and imports"), with ESLint's no-restricted-imports.
// The rule sees only the import string, so each boundary is a regular expression over the forms
// this tree writes: './x' and '../x', '@/...' (client/src) and '@domain/...' (server/src/domain).
// When several config blocks give a file this rule, the last one wins: each block below carries
// every pattern its files are held to. Dynamic import() is not checked by the rule.
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

const restrict = (files, patterns) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: patterns.map((p) => (p.regex ? { ...p, caseSensitive: true } : p)) },
    ],
  },
});

const boundaries = [
  restrict(['server/src/domain/**/*.ts'], [DOMAIN_ONLY]),
  restrict(['server/src/modules/**/*.ts'], [MODULE_PUBLIC_ONLY, MODULE_NOT_APP]),
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
