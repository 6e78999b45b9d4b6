/**
 * The fingerprint printed at the foot of each register book page ('Huella: 3F9A1C27B0'): the
 * first HUELLA_CHARS hex characters of a SHA-256 over a canonical text of the donations the page
 * lists (their ids, numbers and results: ABO, Rh, serology, exclusion). Reprinting the same
 * records gives the same fingerprint; a number or a result changed since gives another, so a
 * printed page can be checked against the database (here or on the server: this module is shared).
 *
 * Canonical text: one JSON array per donation, its fields in a fixed order (never an object's key
 * order), serology by SEROLOGIA_KEYS, every absent value null, numbers as text; the donations
 * sorted by id, so the order of the list does not matter either.
 *
 * Why a SHA-256 of our own rather than crypto.subtle.digest: the PDF is laid out synchronously
 * (react-pdf renders each page from its props) and subtle.digest is async; and the domain must
 * give the same answer in the browser and in Node without a new dependency. The implementation
 * is the FIPS 180-4 algorithm, checked against Node's crypto in huella.test.ts. It is a
 * fingerprint of public rows, not a secret: no timing or key concerns apply.
 */
import { SEROLOGIA_KEYS, type SerologiaKey } from './donacion';

/** Hex characters of the fingerprint printed on the page. */
export const HUELLA_CHARS = 10;

/** What the fingerprint covers of one donation (any object with these fields). */
export type DonacionHuella = {
  id: string;
  numero: string | number;
  abo?: string | null;
  rh?: string | null;
  serologia?: Partial<Record<SerologiaKey, boolean | null>> | null;
  exclusionDefinitiva?: string | null;
  exclusionTiempo?: number | null;
  exclusionCodigo?: string | null;
};

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/** SHA-256 of the UTF-8 bytes of `text`, as 64 lower-case hex characters. */
export function sha256Hex(text: string): string {
  const data = new TextEncoder().encode(text);
  // Message, a 1 bit, zeros, and the length in bits as a 64-bit big-endian number.
  const blocks = Math.ceil((data.length + 9) / 64);
  const bytes = new Uint8Array(blocks * 64);
  bytes.set(data);
  bytes[data.length] = 0x80;
  const view = new DataView(bytes.buffer);
  view.setUint32(bytes.length - 8, Math.floor(data.length / 0x20000000));
  view.setUint32(bytes.length - 4, (data.length * 8) >>> 0);

  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  for (let offset = 0; offset < bytes.length; offset += 64) {
    for (let t = 0; t < 16; t += 1) w[t] = view.getUint32(offset + t * 4);
    for (let t = 16; t < 64; t += 1) {
      const s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >>> 3);
      const s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >>> 10);
      w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let t = 0; t < 64; t += 1) {
      const t1 = hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t];
      const t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
  }
  return Array.from(h, (x) => x.toString(16).padStart(8, '0')).join('');
}

const orNull = <T>(v: T | null | undefined): T | null => (v === undefined || v === '' ? null : v);

/** The canonical text of the donations (see the module's comment). */
export function huellaCanonica(donaciones: readonly DonacionHuella[]): string {
  const filas = donaciones.map((d) => ({
    id: String(d.id),
    fila: [
      String(d.id),
      String(d.numero),
      orNull(d.abo),
      orNull(d.rh),
      d.serologia ? SEROLOGIA_KEYS.map((k) => orNull(d.serologia?.[k])) : null,
      orNull(d.exclusionDefinitiva),
      orNull(d.exclusionTiempo),
      orNull(d.exclusionCodigo),
    ],
  }));
  // By code unit, as the server would sort (never the locale's collation).
  filas.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  return JSON.stringify(filas.map((f) => f.fila));
}

/** The page's fingerprint: HUELLA_CHARS upper-case hex characters. */
export function huellaDonaciones(donaciones: readonly DonacionHuella[]): string {
  return sha256Hex(huellaCanonica(donaciones)).slice(0, HUELLA_CHARS).toUpperCase();
}
