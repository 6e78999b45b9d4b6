import { BOM, line, textCell, toCsv } from './csv';

describe('textCell', () => {
  it.each([
    ['=HYPERLINK("http://x","Ver")', `"'=HYPERLINK(""http://x"",""Ver"")"`],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', `'\t=1`],
    ['\r=1', `"'\r=1"`],
    ['  =1+1', "'  =1+1"],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['=1;2', `"'=1;2"`],
  ])('makes %j inert: a leading apostrophe, quoted when needed', (text, written) => {
    expect(textCell(text)).toBe(written);
  });

  it('leaves ordinary text as it is, quoted only for the separator, a quote or a line break', () => {
    expect(textCell('Hospital Norte')).toBe('Hospital Norte');
    expect(textCell('José Núñez - Güemes')).toBe('José Núñez - Güemes');
    expect(textCell('A+B')).toBe('A+B');
    expect(textCell('Hospital "Sur"; anexo')).toBe('"Hospital ""Sur""; anexo"');
    expect(textCell('dos\nlíneas')).toBe('"dos\nlíneas"');
    expect(textCell('')).toBe('');
  });
});

describe('line and toCsv', () => {
  it('join cells with ; and lines with CRLF after a BOM', () => {
    expect(toCsv([line('a', '1'), line(textCell('=b'), '-2')])).toBe(`${BOM}a;1\r\n'=b;-2\r\n`);
  });
});
