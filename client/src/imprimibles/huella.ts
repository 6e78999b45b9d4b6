/**
 * The fingerprint printed at the foot of each register book page ('Huella: 3F9A1C27B0'): the
 * first HUELLA_CHARS hex characters of a SHA-256 over a canonical text of the donations the page
 * lists: what identifies each row (the donation's id and number, its date and time, its donor's
 * id and the DNI and name printed beside it) and its results (ABO, Rh, serology, exclusion).
 * Reprinting the same records gives the same fingerprint; a number, a result, the date or time, or
 * the donor a donation belongs to (a merge of duplicate donors moves donations) changed since
 * gives another, so a printed page can be checked against the database.
 *
 * Canonical text: the version tag HUELLA_VERSION, then one JSON array per donation, its fields in
 * a fixed order (never an object's key order), serology by SEROLOGIA_KEYS, every absent value
 * null, numbers as text; the donations sorted by id, so the order of the list does not matter
 * either. What the text covers only changes with a new version tag, so a page printed under v1
 * is checked with v1's text.
 *
 * Why @noble/hashes rather than crypto.subtle.digest: the PDF is laid out synchronously
 * (react-pdf renders each page from its props) and subtle.digest is async; @noble/hashes (audited,
 * no dependencies, already shipped with the PDF library) hashes synchronously and gives the same
 * answer in the browser and in Node.
 */
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { SEROLOGIA_KEYS, type SerologiaKey } from '@domain/donacion';

/** Hex characters of the fingerprint printed on the page. */
export const HUELLA_CHARS = 10;

/** The version of the canonical text, its first characters. */
export const HUELLA_VERSION = 'v1';

/** What the fingerprint covers of one donation (any object with these fields). */
export type DonacionHuella = {
  id: string;
  numero: string | number;
  /** 'YYYY-MM-DD' and 'HH:mm', as printed. */
  fecha: string;
  hora: string;
  donanteId: string;
  /** The donor as the page prints it. */
  donante: { dni: string; apellido: string; nombre: string };
  abo?: string | null;
  rh?: string | null;
  serologia?: Partial<Record<SerologiaKey, boolean | null>> | null;
  exclusionDefinitiva?: string | null;
  exclusionTiempo?: number | null;
  exclusionCodigo?: string | null;
};

/** SHA-256 of the UTF-8 bytes of `text`, as 64 lower-case hex characters. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

const orNull = <T>(v: T | null | undefined): T | null => (v === undefined || v === '' ? null : v);

/** The canonical text of the donations (see the module's comment). */
export function huellaCanonica(donaciones: readonly DonacionHuella[]): string {
  const filas = donaciones.map((d) => ({
    id: String(d.id),
    fila: [
      String(d.id),
      String(d.numero),
      d.fecha,
      d.hora,
      String(d.donanteId),
      d.donante.dni,
      d.donante.apellido,
      d.donante.nombre,
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
  return `${HUELLA_VERSION}${JSON.stringify(filas.map((f) => f.fila))}`;
}

/** The page's fingerprint: HUELLA_CHARS upper-case hex characters. */
export function huellaDonaciones(donaciones: readonly DonacionHuella[]): string {
  return sha256Hex(huellaCanonica(donaciones)).slice(0, HUELLA_CHARS).toUpperCase();
}
