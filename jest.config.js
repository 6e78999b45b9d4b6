/** One jest run, three projects: server integration, client components, browser end-to-end. */
const swcServer = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
    },
    module: { type: 'commonjs', ignoreDynamic: true },
  },
];

const swcClient = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** Browser tests: no decorators; import() compiled to require(), so that it loads pdf.js in jest. */
const swcE2e = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];

/** @type {import('jest').Config} */
module.exports = {
  // Chakra components in jsdom and real-Postgres suites are slow on a 2-core machine.
  testTimeout: 30000,
  // Two suites at a time (jest's default is one fewer than the cores: one, on a 2-core machine).
  // The suites wait on Postgres and Chromium much of the time, so two fill both cores: on the
  // 2-core CI machine `npm test`'s jest step took 9 min instead of 17 (27 Nov 2026).
  maxWorkers: 2,
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      // test/perf has only the bench smoke test: `npm run test:bench-smoke`, not part of `npm test`.
      roots: ['<rootDir>/server/src', '<rootDir>/test/api', '<rootDir>/test/security', '<rootDir>/test/lint'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.ts$': swcServer },
      globalSetup: '<rootDir>/test/setup/postgres-global-setup.mjs',
      globalTeardown: '<rootDir>/test/setup/postgres-global-teardown.mjs',
      setupFiles: ['<rootDir>/test/setup/server-env.js'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/server-setup.ts'],
    },
    {
      displayName: 'client',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/client/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      // pdf.js (.mjs) reads the PDFs back in the PDF tests.
      transform: { '^.+\\.(t|j)sx?$|\\.mjs$': swcClient },
      // @react-pdf/renderer, pdf.js and their ESM-only dependencies are compiled for the PDF tests.
      transformIgnorePatterns: [
        '/node_modules/(?!(@react-pdf|pdfjs-dist|jsbarcode|color-string|color-name|fontkit|@swc/helpers|restructure|unicode-properties|unicode-trie|linebreak|png-js|jay-peg|yoga-layout|brotli|dfa|tiny-inflate|clone|base64-js|is-url|hyphen|emoji-regex|abs-svg-path|normalize-svg-path|parse-svg-path|svg-arc-to-cubic-bezier|media-engine|postcss-value-parser|hsl-to-hex|queue|scheduler|bidi-js|crypto-js)/)',
      ],
      moduleNameMapper: {
        '^@domain/(.*)$': '<rootDir>/server/src/domain/$1',
        '^@/(.*)$': '<rootDir>/client/src/$1',
        // Its package exports offer only an "import" condition.
        '^@react-pdf/hyphenate/(.*)$': '<rootDir>/node_modules/@react-pdf/hyphenate/lib/$1.js',
        '\\.(css|png|svg|pdf)$': '<rootDir>/test/setup/file-stub.js',
      },
      setupFiles: ['<rootDir>/test/setup/client-polyfills.js'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/client-setup.ts'],
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/e2e'],
      testMatch: ['**/*.test.ts'],
      // pdf.js (.mjs) reads the downloaded PDFs back (test/pdf/pdf-reader.ts loads it with import()).
      // Only pdf.js's .mjs: global-setup.mjs is run as the ES module it is.
      transform: { '^.+\\.ts$': swcE2e, 'pdfjs-dist/.+\\.mjs$': swcE2e },
      transformIgnorePatterns: ['/node_modules/(?!pdfjs-dist/)'],
      globalSetup: '<rootDir>/test/e2e/global-setup.mjs',
      globalTeardown: '<rootDir>/test/e2e/global-teardown.mjs',
      testTimeout: 120000,
    },
  ],
};
