/**
 * Reads a CODE128 symbol back from a row of gray pixels (the test's barcode scanner; swap in
 * @zxing/library when it is installed). Checks start, checksum and stop, and the quiet zones.
 */
// The standard CODE128 bar table (values 0..106), as jsbarcode ships it: '1' bar, '0' space.
const { BARS } = require('jsbarcode/bin/barcodes/CODE128/constants') as { BARS: number[] };

const PATTERNS = new Map<string, number>(BARS.map((bits, value) => [runsOf(String(bits)), value]));

function runsOf(bits: string): string {
  return (bits.match(/(.)\1*/g) ?? []).map((r) => r.length).join('');
}

export type Decoded = { text: string; quietLeft: number; quietRight: number };

/** row: gray values left to right. Quiet zones are returned in modules. */
export function decodeCode128(row: Uint8Array): Decoded | null {
  const dark = Array.from(row, (v) => v < 128);
  const first = dark.indexOf(true);
  const last = dark.lastIndexOf(true);
  if (first < 0) return null;
  const runs: number[] = [];
  let i = first;
  while (i <= last) {
    let j = i;
    while (j <= last && dark[j] === dark[i]) j++;
    runs.push(j - i);
    i = j;
  }
  // 6 runs per symbol, the stop has 7.
  if ((runs.length - 7) % 6 !== 0) return null;
  const total = runs.reduce((a, b) => a + b, 0);
  const symbols = (runs.length - 7) / 6 + 1;
  const module = total / (symbols * 11 + 2);
  const values: number[] = [];
  for (let s = 0; s < runs.length - 7; s += 6) {
    const key = runs
      .slice(s, s + 6)
      .map((r) => Math.max(1, Math.round(r / module)))
      .join('');
    const value = PATTERNS.get(key);
    if (value === undefined) return null;
    values.push(value);
  }
  const stop = runs
    .slice(runs.length - 7)
    .map((r) => Math.max(1, Math.round(r / module)))
    .join('');
  if (stop !== '2331112') return null;
  const [start, ...rest] = values;
  const check = rest.pop()!;
  const sum = rest.reduce((acc, v, k) => acc + v * (k + 1), start) % 103;
  if (sum !== check) return null;
  let set = start === 103 ? 'A' : start === 104 ? 'B' : start === 105 ? 'C' : null;
  if (!set) return null;
  let text = '';
  for (const v of rest) {
    if (v === 99) set = 'C';
    else if (v === 100) set = 'B';
    else if (v === 101) set = 'A';
    else if (set === 'C') text += String(v).padStart(2, '0');
    else if (set === 'B') text += String.fromCharCode(v + 32);
    else text += String.fromCharCode(v < 64 ? v + 32 : v - 64);
  }
  return { text, quietLeft: first / module, quietRight: (row.length - 1 - last) / module };
}
