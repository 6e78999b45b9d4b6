import { isUuid } from './validation';

describe('isUuid (every id the app accepts)', () => {
  it.each(['0b6c2f9e-4a1d-4c57-9d3e-2f1a7b8c9d0e', '0B6C2F9E-4A1D-4C57-9D3E-2F1A7B8C9D0E'])(
    'accepts %s',
    (id) => {
      expect(isUuid(id)).toBe(true);
    },
  );

  it.each([
    ['empty', ''],
    ['too short', '0b6c2f9e-4a1d-4c57-9d3e-2f1a7b8c9d0'],
    ['with spaces', ' 0b6c2f9e-4a1d-4c57-9d3e-2f1a7b8c9d0e'],
    ['trailing newline', '0b6c2f9e-4a1d-4c57-9d3e-2f1a7b8c9d0e\n'],
    ['not hex', 'zb6c2f9e-4a1d-4c57-9d3e-2f1a7b8c9d0e'],
    ['without dashes', '0b6c2f9e4a1d4c579d3e2f1a7b8c9d0e'],
    ['SQL', "' OR 1=1 --"],
  ])('refuses %s', (_name, id) => {
    expect(isUuid(id)).toBe(false);
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, {}, ['0b6c2f9e-4a1d-4c57-9d3e-2f1a7b8c9d0e']]) {
      expect(isUuid(value)).toBe(false);
    }
  });
});
