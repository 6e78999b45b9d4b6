import { system } from './theme';

/** The light-mode hex value of a colour token, following semantic tokens to their base colour. */
function hex(name: string): string {
  const token = system.tokens.getByName(`colors.${name}`);
  if (!token) throw new Error(`Sin token colors.${name}`);
  const conditions = token.extensions.conditions as Record<string, string> | undefined;
  const value = String(conditions?._light ?? conditions?.base ?? token.originalValue ?? token.value);
  const ref = /^\{colors\.(.+)\}$/.exec(value);
  if (ref) return hex(ref[1]);
  if (value === 'white') return '#ffffff';
  if (!/^#[0-9a-f]{6}$/i.test(value)) throw new Error(`colors.${name}: ${value}`);
  return value;
}

/** WCAG 2 contrast ratio between two #rrggbb colours. */
function contraste(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const v = parseInt(c.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('contraste del tema (WCAG AA, 4.5:1 para texto)', () => {
  it.each([
    // Validation messages, the required mark and error alerts.
    ['fg.error', '#ffffff'],
    ['fg.warning', '#ffffff'],
    ['fg.success', '#ffffff'],
    // Quiet text (DNI under a name, the negative serology markers) on white and on the page.
    ['gray.600', '#ffffff'],
    ['gray.600', hex('gray.50')],
  ])('%s sobre %s', (fg, bg) => {
    expect(contraste(hex(fg), bg)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['red', 'green', 'brand'])('texto blanco sobre %s.solid (marca REACTIVO, botones)', (palette) => {
    expect(contraste(hex(`${palette}.solid`), hex(`${palette}.contrast`))).toBeGreaterThanOrEqual(4.5);
  });

  it('orange.fg sobre orange.subtle (exclusión temporal)', () => {
    expect(contraste(hex('orange.fg'), hex('orange.subtle'))).toBeGreaterThanOrEqual(4.5);
  });
});
