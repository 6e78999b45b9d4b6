import { INPUT_DEPTH_MAX, inputProblem, jsonTextTooDeep } from './input-guard';

const nested = (levels: number): unknown => {
  let value: unknown = 'hoja';
  for (let i = 0; i < levels; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('inputProblem', () => {
  it('takes real bodies and refuses text Postgres cannot store, at any depth', () => {
    expect(
      inputProblem({ query: '{ me { id } }', variables: { input: { cph: { contacto1: {} } } } }),
    ).toBeNull();
    expect(inputProblem(nested(INPUT_DEPTH_MAX))).toBeNull();
    expect(inputProblem({ a: [{ b: 'x\u0000y' }] })).toBe('texto');
    expect(inputProblem({ ['\ud800']: 1 })).toBe('texto');
  });

  it('refuses objects and arrays nested past the limit, however deep, without overflowing', () => {
    expect(inputProblem(nested(INPUT_DEPTH_MAX + 1))).toBe('anidamiento');
    expect(inputProblem(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)))).toBe('anidamiento');
  });
});

describe('jsonTextTooDeep', () => {
  it('counts the nesting of a JSON text, brackets inside strings aside', () => {
    expect(jsonTextTooDeep(JSON.stringify({ ta: '120/80', fc: '72' }))).toBe(false);
    expect(jsonTextTooDeep(JSON.stringify(nested(INPUT_DEPTH_MAX)))).toBe(false);
    expect(jsonTextTooDeep(JSON.stringify(nested(INPUT_DEPTH_MAX + 1)))).toBe(true);
    expect(jsonTextTooDeep(JSON.stringify({ nota: '['.repeat(1000), otra: 'a\\"[[[' }))).toBe(false);
    expect(jsonTextTooDeep('['.repeat(100_000))).toBe(true);
    expect(jsonTextTooDeep('no es json')).toBe(false);
  });
});
