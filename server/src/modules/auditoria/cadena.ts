/**
 * Verifies the audit trail's hash chain (migration 1763880000000): each entry's hash is computed
 * again from its content and its predecessor's hash, by the same SQL function the trigger that
 * wrote it used (auditoria_hash), and compared with what is stored.
 *
 * The first broken entry is reported:
 * - an entry whose content (or hash) was edited: that entry;
 * - an entry removed, or entries reordered: the next one (its hash_anterior no longer links);
 * - the last entries removed: the chain head (auditoria_cadena) names the missing last entry.
 * Used by `verificarAuditoria` (the caller's servicio) and `npm run verificar-auditoria` (every one).
 */
import { MSG } from '../../domain/messages';

/** Runs one statement and gives its rows (a DataSource's query or a pg Client's, adapted). */
export type QueryRows = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

export type VerificacionCadena = {
  ok: boolean;
  /** The servicio's entries. */
  entradas: number;
  /** The id of the first broken entry; null when the chain is intact. */
  primeraRota: string | null;
  /** Why it is broken, in Spanish; null when intact. */
  motivo: string | null;
};

/**
 * One pass over the servicio's entries in id order (id order is chain order: the trigger takes
 * the id under the chain's lock).
 */
const VERIFICAR_SQL = `
  WITH e AS (
    SELECT id, hash,
           hash_anterior IS NOT DISTINCT FROM lag(hash) OVER (ORDER BY id) AS enlazada,
           hash IS NOT DISTINCT FROM auditoria_hash(servicio_id, usuario_id, at, accion, entidad,
                                                    entidad_id, cambios, hash_anterior) AS intacta
      FROM auditoria WHERE servicio_id = $1
  ), rota AS (
    SELECT id, intacta FROM e WHERE NOT (enlazada AND intacta) ORDER BY id LIMIT 1
  ), ultima AS (
    SELECT id, hash FROM e ORDER BY id DESC LIMIT 1
  )
  SELECT (SELECT count(*) FROM e)::int AS entradas,
         (SELECT id::text FROM rota) AS rota_id,
         (SELECT intacta FROM rota) AS rota_intacta,
         (SELECT id::text FROM ultima) AS ultima_id,
         (SELECT hash FROM ultima) AS ultima_hash,
         c.ultimo_id::text AS cabeza_id,
         c.hash AS cabeza_hash
    FROM (SELECT 1) uno LEFT JOIN auditoria_cadena c ON c.servicio_id = $1`;

type Fila = {
  entradas: number;
  rota_id: string | null;
  rota_intacta: boolean | null;
  ultima_id: string | null;
  ultima_hash: string | null;
  cabeza_id: string | null;
  cabeza_hash: string | null;
};

const rota = (entradas: number, id: string, motivo: string): VerificacionCadena => ({
  ok: false,
  entradas,
  primeraRota: id,
  motivo,
});

/** Recomputes one servicio's chain. */
export async function verificarCadena(query: QueryRows, servicioId: string): Promise<VerificacionCadena> {
  const [f] = (await query(VERIFICAR_SQL, [servicioId])) as Fila[];
  const entradas = Number(f.entradas);
  if (f.rota_id !== null) {
    return rota(
      entradas,
      f.rota_id,
      f.rota_intacta ? MSG.auditoriaFaltaAnterior : MSG.auditoriaEntradaModificada,
    );
  }
  if (f.cabeza_id === null) {
    // Entries and no head: the head was removed.
    if (f.ultima_id !== null) return rota(entradas, f.ultima_id, MSG.auditoriaSinCabeza);
  } else if (f.cabeza_id !== f.ultima_id || f.cabeza_hash !== f.ultima_hash) {
    // The head names an entry that is no longer the last one: the last entries were removed.
    return rota(entradas, f.cabeza_id, MSG.auditoriaFaltanUltimas);
  }
  return { ok: true, entradas, primeraRota: null, motivo: null };
}

/** Every servicio with an audit trail (entries or a chain head), in id order. */
export async function serviciosConAuditoria(query: QueryRows): Promise<string[]> {
  const rows = await query(
    `SELECT servicio_id::text AS id FROM auditoria_cadena
      UNION SELECT DISTINCT servicio_id::text FROM auditoria ORDER BY 1`,
    [],
  );
  return rows.map((r) => String(r.id));
}
