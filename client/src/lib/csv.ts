/**
 * The one way the product writes a CSV file (the reports of /reportes and of the network): UTF-8
 * with a BOM, ';' between cells, CRLF line ends. Every cell that holds text goes through
 * `textCell`, so a name someone typed ('=HYPERLINK("http://…","Ver")', '+1', '@SUM(A1)') is read
 * by a spreadsheet as the text it is, never as a formula. A number the product computed is
 * written as it is formatted (a negative one is a number, not typed text).
 */

/** The byte order mark: spreadsheets open the file as UTF-8 (accents, ñ) only with it. */
export const BOM = '\uFEFF';
const SEP = ';';

/**
 * What makes a spreadsheet read a cell as a formula: '=', '+', '-' or '@' first (also after
 * spaces, which some spreadsheets skip, and in their full-width forms, which some read as the
 * ASCII ones), or a tab or carriage return first (which some drop before reading the rest).
 */
const FORMULA = /^(?:[\t\r]|[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/**
 * A text cell: one that a spreadsheet would read as a formula gets a leading apostrophe (so it
 * shows as text, as OWASP advises for CSV injection); quoted when it holds the separator, a
 * quote or a line break.
 */
export function textCell(text: string): string {
  const inert = FORMULA.test(text) ? `'${text}` : text;
  return /[";\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

/** One row of cells already written (textCell, or a formatted number). */
export const line = (...cells: string[]) => cells.join(SEP);

/** The file's text: the BOM, then the lines, each ended by CRLF. */
export const toCsv = (lines: string[]) => BOM + lines.join('\r\n') + '\r\n';
