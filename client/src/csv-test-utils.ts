/**
 * Reading a CSV back the way a spreadsheet does, for the tests that prove no CSV the product writes
 * can run code (features/reportes/csv-formulas.test.ts and each feature's own CSV test).
 */

/** Typed names that a spreadsheet would run as formulas if written as they are. */
export const FORMULAS = [
  '=HYPERLINK("http://x","Ver")',
  '+1',
  '-1+1',
  '@SUM(A1)',
  '\t=1',
  '\r=1',
  ' =1',
  '=1;=2',
  '"=1"',
];

/** The cells of a ';'-separated file with '"' quotes, as a spreadsheet splits them. */
export function cells(csv: string): string[] {
  const out: string[] = [];
  let cellText = '';
  let quoted = false;
  const text = csv.replace(/^\uFEFF/, '');
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cellText += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cellText += c;
    } else if (c === '"' && cellText === '') quoted = true;
    else if (c === ';' || (c === '\r' && text[i + 1] === '\n')) {
      out.push(cellText);
      cellText = '';
      if (c === '\r') i += 1;
    } else cellText += c;
  }
  if (cellText !== '') out.push(cellText);
  return out;
}

/** How a spreadsheet reads a cell as a formula (leading spaces skipped; a leading tab or CR dropped). */
export const STARTS_FORMULA = /^[\t\r ]*[=+\-@]/;
