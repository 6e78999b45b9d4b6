/**
 * `npm run test:bench-smoke`: the bench smoke test alone, outside `npm test` (it checks that the
 * performance harness still runs, not a behaviour of the product). The server project's setup
 * (embedded Postgres, SWC) with only test/perf as its root.
 */
const path = require('node:path');
const { projects, ...base } = require('../../jest.config.js');

const server = projects.find((p) => p.displayName === 'server');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  ...server,
  displayName: 'bench-smoke',
  rootDir: path.resolve(__dirname, '..', '..'),
  roots: ['<rootDir>/test/perf'],
};
