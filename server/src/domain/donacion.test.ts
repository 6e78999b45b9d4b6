import { ultimaDonacion } from './donacion';

describe('ultimaDonacion (donante.ultima_donacion after recording a donation)', () => {
  it('is the new donation when it is the latest or the first', () => {
    expect(ultimaDonacion('2026-05-01', [])).toBe('2026-05-01');
    expect(ultimaDonacion('2026-05-01', ['2025-01-10', '2026-02-01'])).toBe('2026-05-01');
  });

  it('keeps a later donation recorded before (an older donation entered late)', () => {
    expect(ultimaDonacion('2025-03-01', ['2026-02-01', '2025-01-10'])).toBe('2026-02-01');
  });
});
