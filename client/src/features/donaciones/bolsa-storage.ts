import { TIPOS_BOLSA, TIPO_BOLSA_DEFAULT } from '@domain/donacion';
import type { TipoBolsa } from '@domain/donacion';

/** localStorage keys of the bag type and lot last used on this browser. */
const TIPO_BOLSA_KEY = 'tipoBolsa';
const LOTE_BOLSA_KEY = 'loteBolsa';

export type UltimaBolsa = { tipoBolsa: TipoBolsa; loteBolsa: string };

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The bag last used here; Bolsa Doble and no lot the first time. */
export function ultimaBolsa(): UltimaBolsa {
  const tipo = read(TIPO_BOLSA_KEY);
  return {
    tipoBolsa: TIPOS_BOLSA.includes(tipo as TipoBolsa) ? (tipo as TipoBolsa) : TIPO_BOLSA_DEFAULT,
    loteBolsa: read(LOTE_BOLSA_KEY) ?? '',
  };
}

export function recordarBolsa(tipoBolsa: string, loteBolsa: string): void {
  try {
    localStorage.setItem(TIPO_BOLSA_KEY, tipoBolsa);
    localStorage.setItem(LOTE_BOLSA_KEY, loteBolsa.trim());
  } catch {
    // Private mode or full storage: the next form simply starts empty.
  }
}
