/**
 * Verifies the audit trail's hash chain (migration 1763880000000): each entry's hash is computed
 * again from its content and its predecessor's hash, by the same SQL function the trigger that
 * wrote it used (auditoria_hash), and compared with what is stored.
 *
 * The first broken entry is reported:
 * - an entry whose content (or hash) was edited: that entry;
 * - an entry removed, or entries reordered: the next one (its hash_anterior no longer links);
 * - the last entries removed: the chain head (auditoria_cadena) names the missing last entry;
 * - a servicio with live users, donors or donations and no trail at all (its trail and head
 *   removed).
 * The tables are append-only (migration 1763910000000), so any of these took their owner's
 * rights. What the chain alone cannot show is a rewrite from an entry onwards with every later
 * hash and the head recomputed: ultimoHash, the head's hash, is what a servicio keeps outside the
 * database (the anchor); given back as `ancla`, it must still be the hash of one of the entries.
 * A restore of an older copy (restauracion.ts) drops the later entries by design: the chain then
 * verifies, and the restore's own entry, listed in `restauraciones`, says what was dropped.
 * Used by `verificarAuditoria` (the caller's servicio) and `npm run verificar-auditoria` (every one).
 */
import { MSG, type DescarteRestauracion } from '../../domain/messages';

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
  /** The chain head's hash (the last entry's), to keep outside the database; null with no entries. */
  ultimoHash: string | null;
  /**
   * The restores of a backup the chain records (restauracion.ts), oldest first: what each dropped
   * shows here, so a chain that verifies after a restore does not hide the entries it lost.
   */
  restauraciones: RestauracionCadena[];
};

/**
 * An anchor: an entry's hash as ultimoHash gives it, or its first 16 or more hex characters (as
 * the register book prints it), either case. 16 characters are 64 bits: no rewrite can be made to
 * match them by trying.
 */
export const ANCLA_RE = /^[0-9a-fA-F]{16,64}$/;

/**
 * One pass over the servicio's entries in id order (id order is chain order: the trigger takes
 * the id under the chain's lock), read in that order from auditoria_servicio_id_idx. $2 is the
 * anchor (a hash kept outside the database) or null.
 */
export const VERIFICAR_SQL = `
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
         c.hash AS cabeza_hash,
         ($2::text IS NULL OR EXISTS (SELECT 1 FROM e WHERE left(e.hash, length($2::text)) = $2::text)) AS con_ancla
    FROM (SELECT 1) uno LEFT JOIN auditoria_cadena c ON c.servicio_id = $1`;

/**
 * Whether a servicio has live users, donors or donations (each by an index of its live rows):
 * asked only of a servicio with no trail, which the app never leaves (its registration is audited).
 */
const CON_DATOS_SQL = `
  SELECT EXISTS (SELECT 1 FROM usuario WHERE servicio_id = $1 AND deleted_at IS NULL)
      OR EXISTS (SELECT 1 FROM donante WHERE servicio_id = $1 AND deleted_at IS NULL)
      OR EXISTS (SELECT 1 FROM donacion WHERE servicio_id = $1 AND deleted_at IS NULL) AS con_datos`;

type Fila = {
  entradas: number;
  rota_id: string | null;
  rota_intacta: boolean | null;
  ultima_id: string | null;
  ultima_hash: string | null;
  cabeza_id: string | null;
  cabeza_hash: string | null;
  con_ancla: boolean;
};

/** The entries that record a restore: accion 'restaurar', entidad 'copia', entidad_id the file's SHA-256. */
export const ENTIDAD_COPIA = 'copia';

/** An audit entry's `cambios` when it records a restore. */
export type CambiosRestauracion = {
  archivo: string;
  copiaCreada: string;
  copiaSha256: string;
  entradaAnterior: string | null;
  cabezaAnterior: string | null;
  entradasDescartadas: number;
  primeraDescartada: string | null;
  ultimaDescartada: string | null;
  donacionesDescartadas: number;
  resultadosDescartados: number;
  reactivosDescartados: number[];
  donantesDescartados: number;
  visitasNoAptoDescartadas: number;
};

/** A restore as its entry in the chain records it. */
export type RestauracionCadena = CambiosRestauracion & { entrada: string; at: Date };

/** A servicio's restore entries, oldest first (by the index on servicio, entidad and id). */
export const RESTAURACIONES_SQL = `
  SELECT id::text AS id, at, cambios FROM auditoria
   WHERE servicio_id = $1 AND entidad = '${ENTIDAD_COPIA}' AND accion = 'restaurar'
   ORDER BY auditoria.id`;

/** A restore entry's row read back; what an older or hand-made entry lacks reads as nothing. */
export function leerRestauracion(row: Record<string, unknown>): RestauracionCadena {
  const c = (typeof row.cambios === 'object' && row.cambios !== null ? row.cambios : {}) as Record<
    string,
    unknown
  >;
  const texto = (k: string) => (typeof c[k] === 'string' ? (c[k] as string) : null);
  const numero = (k: string) => (typeof c[k] === 'number' ? (c[k] as number) : 0);
  return {
    entrada: String(row.id),
    at: row.at instanceof Date ? row.at : new Date(String(row.at)),
    archivo: texto('archivo') ?? '',
    copiaCreada: texto('copiaCreada') ?? '',
    copiaSha256: texto('copiaSha256') ?? '',
    entradaAnterior: texto('entradaAnterior'),
    cabezaAnterior: texto('cabezaAnterior'),
    entradasDescartadas: numero('entradasDescartadas'),
    primeraDescartada: texto('primeraDescartada'),
    ultimaDescartada: texto('ultimaDescartada'),
    donacionesDescartadas: numero('donacionesDescartadas'),
    resultadosDescartados: numero('resultadosDescartados'),
    reactivosDescartados: Array.isArray(c.reactivosDescartados)
      ? c.reactivosDescartados.filter((n): n is number => typeof n === 'number')
      : [],
    donantesDescartados: numero('donantesDescartados'),
    visitasNoAptoDescartadas: numero('visitasNoAptoDescartadas'),
  };
}

/**
 * Recomputes one servicio's chain. `ancla`: a hash the servicio kept from an earlier ultimoHash, or
 * its first characters (checked by the caller against ANCLA_RE); the chain must still hold it.
 */
export async function verificarCadena(
  query: QueryRows,
  servicioId: string,
  ancla: string | null = null,
): Promise<VerificacionCadena> {
  const [f] = (await query(VERIFICAR_SQL, [servicioId, ancla?.toLowerCase() ?? null])) as Fila[];
  const entradas = Number(f.entradas);
  const ultimoHash = f.cabeza_hash ?? f.ultima_hash;
  const restauraciones = (await query(RESTAURACIONES_SQL, [servicioId])).map(leerRestauracion);
  const rota = (id: string | null, motivo: string): VerificacionCadena => ({
    ok: false,
    entradas,
    primeraRota: id,
    motivo,
    ultimoHash,
    restauraciones,
  });
  if (f.rota_id !== null) {
    return rota(f.rota_id, f.rota_intacta ? MSG.auditoriaFaltaAnterior : MSG.auditoriaEntradaModificada);
  }
  if (f.cabeza_id === null) {
    // Entries and no head: the head was removed.
    if (f.ultima_id !== null) return rota(f.ultima_id, MSG.auditoriaSinCabeza);
    // No trail at all, yet people, donors or donations: the trail was removed with its head.
    const [d] = await query(CON_DATOS_SQL, [servicioId]);
    if (d.con_datos) return rota(null, MSG.auditoriaSinRegistro);
  } else if (f.cabeza_id !== f.ultima_id || f.cabeza_hash !== f.ultima_hash) {
    // The head names an entry that is no longer the last one: the last entries were removed.
    return rota(f.cabeza_id, MSG.auditoriaFaltanUltimas);
  }
  // Intact in itself, but not the chain the anchor was taken from: rewritten and recomputed.
  if (!f.con_ancla) return rota(null, MSG.auditoriaSinAncla);
  return { ok: true, entradas, primeraRota: null, motivo: null, ultimoHash, restauraciones };
}

/**
 * Every servicio to check, in id order: every servicio row, so that one whose trail was removed
 * whole is checked too (the trail's rows and heads all reference a servicio row).
 */
export async function serviciosAVerificar(query: QueryRows): Promise<string[]> {
  const rows = await query(`SELECT id::text AS id FROM servicio ORDER BY id`, []);
  return rows.map((r) => String(r.id));
}

/** What was dropped, as a restore entry records it. */
export function descarteDe(c: CambiosRestauracion): DescarteRestauracion {
  return {
    entradas: c.entradasDescartadas,
    primeraEntrada: c.primeraDescartada,
    ultimaEntrada: c.ultimaDescartada,
    donaciones: c.donacionesDescartadas,
    resultados: c.resultadosDescartados,
    reactivos: c.reactivosDescartados,
    donantes: c.donantesDescartados,
    visitasNoApto: c.visitasNoAptoDescartadas,
  };
}
