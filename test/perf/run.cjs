// Entry point of `npm run seed:perf` and `npm run bench`: runs the TypeScript
// harness (and the server code it imports) through SWC with the test tsconfig,
// which enables the decorators the server's entities need.
const path = require('node:path');

process.env.SWC_NODE_PROJECT = path.join(__dirname, '..', 'tsconfig.json');
process.env.TZ = process.env.TZ || 'America/Argentina/Buenos_Aires';
require('@swc-node/register');

const scripts = {
  seed: './seed.ts',
  bench: './bench.ts',
  explain: './explain.ts',
  overhead: './overhead.ts',
  bundle: './bundle-size.ts',
  browser: './browser-bench.ts',
  lighthouse: './lighthouse.ts',
  profile: './profile.ts',
  red: './red.ts',
};
// `npm run bench -- --red`: the network's cases (red.ts), on their own database.
const name = process.argv[2] === 'bench' && process.argv.includes('--red') ? 'red' : process.argv[2];
if (!scripts[name]) {
  console.error(
    'Uso: node test/perf/run.cjs seed|bench|red|explain|overhead|bundle|browser|lighthouse|profile [opciones]',
  );
  process.exit(2);
}
require(scripts[name])
  .main(process.argv.slice(3).filter((a) => a !== '--red'))
  .then(
    (code) => process.exit(code ?? 0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
