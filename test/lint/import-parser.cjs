// The parser import-x/no-cycle (eslint.config.mjs) reads the imported files with: TypeScript's
// syntax tree alone. ESLint's own parser also builds the scope analysis, which import-x never
// uses and which made the cycle check cost the lint a third more time.
const { createRequire } = require('node:module');

// typescript-eslint's own copies, whatever npm hoisted.
const estree = createRequire(require.resolve('typescript-eslint')).resolve(
  '@typescript-eslint/typescript-estree',
);
const { parse } = require(estree);
const { visitorKeys } = createRequire(estree)('@typescript-eslint/visitor-keys');

module.exports = { parse, VisitorKeys: visitorKeys };
