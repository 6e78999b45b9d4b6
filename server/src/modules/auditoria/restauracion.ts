/**
 * A restore is part of the audit trail. Before a copy replaces the data, `prepararRestauracion`
 * computes per servicio what the live database has and the copy lacks: entries of the trail,
 * donations created or changed after the copy and the results among them, donors, 'No apto'
 * visits. `restaurarCopia` restores the copy and, in the same transaction, once its rows are back,
 * writes to each servicio's chain an entry recording the restore: the copy's date and SHA-256,
 * the chain's head before, and what was dropped. The entry goes through the chain trigger like
 * any other (lockAuditChains, auditStatement), so the chain continues from the restored head and
 * `verificarAuditoria` verifies it and lists the restore (cadena.ts) without an anchor.
 */
import path from 'node:path';
import type { DescarteRestauracion } from '../../domain/messages';
import {
  backupFileSha256,
  compareWithBackup,
  restoreDatabase,
  type BackupHeader,
  type BackupQuery,
  type RestoreSummary,
} from '../../database/backup';
import { auditStatement, lockAuditChains } from './audit';
import { ENTIDAD_COPIA, type CambiosRestauracion } from './cadena';

/** What the live database has that the copy lacks, for one servicio of the live database. */
export type FaltanteServicio = DescarteRestauracion & {
  servicioId: string;
  nombre: string;
  /** False: the servicio registered after the copy; the restore removes it with its whole trail. */
  enCopia: boolean;
  /** The chain's head before the restore: its last entry and that entry's hash. */
  entradaAnterior: string | null;
  cabezaAnterior: string | null;
};

/** The compared relations, by the table each summarises. */
const TABLAS = {
  servicio: 'servicio',
  cadena: 'auditoria_cadena',
  auditoria: 'auditoria',
  donacion: 'donacion',
  donante: 'donante',
  visita: 'visita_no_apto',
} as const;
type Clave = keyof typeof TABLAS;
type Relaciones = Record<Clave, string>;

/**
 * What the comparison needs of each row, from the relation `rel` (the live table, the copy's
 * temporary table, or the live rows kept before a restore). A row's fingerprint covers every
 * column but the derived ones, which the restore computes again (donacion.fecha_anterior).
 */
const RESUMEN: Record<Clave, (rel: string) => string> = {
  servicio: (rel) => `SELECT id, nombre FROM ${rel}`,
  cadena: (rel) => `SELECT servicio_id, ultimo_id, hash FROM ${rel}`,
  auditoria: (rel) => `SELECT id, servicio_id, hash FROM ${rel}`,
  donacion: (rel) => `
    SELECT id, servicio_id, numero,
           md5((to_jsonb(t) - 'fecha_anterior')::text) AS huella,
           md5(jsonb_build_array(abo, rh, serologia, exclusion_definitiva, exclusion_tiempo,
                                 exclusion_codigo)::text) AS resultados,
           (abo <> '' OR rh <> '' OR serologia IS NOT NULL OR exclusion_definitiva IS NOT NULL) AS con_resultado,
           (exclusion_definitiva IS NOT DISTINCT FROM 'Definitiva'
             OR EXISTS (SELECT 1 FROM jsonb_each(t.serologia) s WHERE s.value = 'true'::jsonb)) AS reactivo
      FROM ${rel} t`,
  donante: (rel) => `SELECT id, servicio_id, md5(to_jsonb(t)::text) AS huella FROM ${rel} t`,
  visita: (rel) => `SELECT id, servicio_id, md5(to_jsonb(t)::text) AS huella FROM ${rel} t`,
};

const CLAVES = Object.keys(TABLAS) as Clave[];
const relaciones = (rel: (clave: Clave) => string): Relaciones =>
  Object.fromEntries(CLAVES.map((c) => [c, rel(c)])) as Relaciones;

/**
 * Per servicio of the live database: what it has that the copy lacks. An entry is the copy's
 * when the copy has it with the same hash; a donation, donor or visit when the copy has it with
 * the same content (a donation's results compared on their own too).
 */
const FALTANTES_SQL = (vivo: Relaciones, copia: Relaciones) => `
  WITH e AS (
    SELECT v.servicio_id, count(*)::int AS n, min(v.id)::text AS desde, max(v.id)::text AS hasta
      FROM ${vivo.auditoria} v
     WHERE NOT EXISTS (SELECT 1 FROM ${copia.auditoria} c WHERE c.id = v.id AND c.hash = v.hash)
     GROUP BY v.servicio_id
  ), d AS (
    SELECT v.servicio_id, count(*)::int AS n,
           count(*) FILTER (WHERE v.con_resultado AND c.resultados IS DISTINCT FROM v.resultados)::int AS resultados,
           coalesce(array_agg(v.numero ORDER BY v.numero)
                      FILTER (WHERE v.reactivo AND c.resultados IS DISTINCT FROM v.resultados), '{}') AS reactivos
      FROM ${vivo.donacion} v LEFT JOIN ${copia.donacion} c ON c.id = v.id
     WHERE c.huella IS DISTINCT FROM v.huella
     GROUP BY v.servicio_id
  ), p AS (
    SELECT v.servicio_id, count(*)::int AS n
      FROM ${vivo.donante} v LEFT JOIN ${copia.donante} c ON c.id = v.id
     WHERE c.huella IS DISTINCT FROM v.huella
     GROUP BY v.servicio_id
  ), x AS (
    SELECT v.servicio_id, count(*)::int AS n
      FROM ${vivo.visita} v LEFT JOIN ${copia.visita} c ON c.id = v.id
     WHERE c.huella IS DISTINCT FROM v.huella
     GROUP BY v.servicio_id
  )
  SELECT s.id::text AS servicio_id, s.nombre,
         EXISTS (SELECT 1 FROM ${copia.servicio} c WHERE c.id = s.id) AS en_copia,
         cab.ultimo_id::text AS entrada_anterior, cab.hash AS cabeza_anterior,
         coalesce(e.n, 0) AS entradas, e.desde, e.hasta,
         coalesce(d.n, 0) AS donaciones, coalesce(d.resultados, 0) AS resultados,
         coalesce(d.reactivos, '{}') AS reactivos,
         coalesce(p.n, 0) AS donantes, coalesce(x.n, 0) AS visitas
    FROM ${vivo.servicio} s
    LEFT JOIN ${vivo.cadena} cab ON cab.servicio_id = s.id
    LEFT JOIN e ON e.servicio_id = s.id
    LEFT JOIN d ON d.servicio_id = s.id
    LEFT JOIN p ON p.servicio_id = s.id
    LEFT JOIN x ON x.servicio_id = s.id
   ORDER BY s.nombre, s.id`;

async function faltantes(
  query: BackupQuery,
  vivo: Relaciones,
  copia: Relaciones,
): Promise<FaltanteServicio[]> {
  const rows = await query(FALTANTES_SQL(vivo, copia));
  const texto = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return rows.map((r) => ({
    servicioId: String(r.servicio_id),
    nombre: String(r.nombre),
    enCopia: r.en_copia === true,
    entradaAnterior: texto(r.entrada_anterior),
    cabezaAnterior: texto(r.cabeza_anterior),
    entradas: Number(r.entradas),
    primeraEntrada: texto(r.desde),
    ultimaEntrada: texto(r.hasta),
    donaciones: Number(r.donaciones),
    resultados: Number(r.resultados),
    reactivos: (r.reactivos as unknown[]).map(Number),
    donantes: Number(r.donantes),
    visitasNoApto: Number(r.visitas),
  }));
}

export type PlanRestauracion = {
  file: string;
  header: BackupHeader;
  sha256: string;
  /** Per servicio of the live database; empty when it has none (nothing to lose). */
  faltantes: FaltanteServicio[];
};

/** What restoring `file` over the database at `url` would drop; the database is only read. */
export async function prepararRestauracion(url: string, file: string): Promise<PlanRestauracion> {
  const sha256 = await backupFileSha256(file);
  const { header, result } = await compareWithBackup(
    url,
    file,
    CLAVES.filter((c) => c !== 'cadena').map((c) => TABLAS[c]),
    ({ query, copy }) =>
      faltantes(
        query,
        relaciones((c) => `(${RESUMEN[c](TABLAS[c])})`),
        relaciones((c) => `(${RESUMEN[c](copy(TABLAS[c]))})`),
      ),
  );
  return { file, header, sha256, faltantes: result ?? [] };
}

/** The entry a servicio's chain got for the restore, and what it dropped of that servicio. */
export type EntradaRestauracion = {
  servicioId: string;
  nombre: string;
  entrada: string;
  cambios: CambiosRestauracion;
};

export type ResultadoRestauracion = RestoreSummary<EntradaRestauracion[]> & {
  sha256: string;
  /** What the live database had and the copy lacked, as the restore found it. */
  faltantes: FaltanteServicio[];
};

/** The live rows' summaries, kept in the restore's transaction before the copy replaces them. */
const vivoGuardado = (c: Clave) => `pg_temp.restauracion_vivo_${c}`;

/**
 * Restores `file` over the database at `url` (database/backup.ts restoreDatabase) and records the
 * restore in every restored servicio's chain, in the restore's one transaction.
 */
export async function restaurarCopia(url: string, file: string): Promise<ResultadoRestauracion> {
  const sha256 = await backupFileSha256(file);
  let descartado: FaltanteServicio[] = [];
  const summary = await restoreDatabase<EntradaRestauracion[]>(url, file, {
    before: async ({ query }) => {
      for (const c of CLAVES) {
        await query(`CREATE TEMP TABLE ${vivoGuardado(c)} ON COMMIT DROP AS ${RESUMEN[c](TABLAS[c])}`);
        await query(`ANALYZE ${vivoGuardado(c)}`);
      }
    },
    after: async ({ query, header }) => {
      descartado = await faltantes(
        query,
        relaciones(vivoGuardado),
        relaciones((c) => `(${RESUMEN[c](TABLAS[c])})`),
      );
      return registrar(query, header, path.basename(file), sha256, descartado);
    },
  });
  return { ...summary, sha256, faltantes: descartado };
}

/** One entry per servicio of the restored database, through the chain trigger. */
async function registrar(
  query: BackupQuery,
  header: BackupHeader,
  archivo: string,
  sha256: string,
  descartado: FaltanteServicio[],
): Promise<EntradaRestauracion[]> {
  const servicios = (await query(`SELECT id::text AS id, nombre FROM servicio ORDER BY servicio.id`)).map(
    (r) => ({ id: String(r.id), nombre: String(r.nombre) }),
  );
  // New entry ids follow the dropped ones, never reuse them: an entry number kept on paper names
  // one entry only. The sequence is the one the chain trigger takes ids from (migration 1763880000000).
  await query(
    `SELECT setval('auditoria_id_seq', GREATEST((SELECT max(id) FROM auditoria),
                                                (SELECT max(id) FROM ${vivoGuardado('auditoria')}), 0) + 1, false)`,
  );
  await lockAuditChains(
    (sql, params) => query(sql, params),
    servicios.map((s) => s.id),
  );
  const porServicio = new Map(descartado.map((f) => [f.servicioId, f]));
  const entradas: EntradaRestauracion[] = [];
  for (const { id: servicioId, nombre } of servicios) {
    const f = porServicio.get(servicioId);
    const cambios: CambiosRestauracion = {
      archivo,
      copiaCreada: header.createdAt,
      copiaSha256: sha256,
      entradaAnterior: f?.entradaAnterior ?? null,
      cabezaAnterior: f?.cabezaAnterior ?? null,
      entradasDescartadas: f?.entradas ?? 0,
      primeraDescartada: f?.primeraEntrada ?? null,
      ultimaDescartada: f?.ultimaEntrada ?? null,
      donacionesDescartadas: f?.donaciones ?? 0,
      resultadosDescartados: f?.resultados ?? 0,
      reactivosDescartados: [...(f?.reactivos ?? [])],
      donantesDescartados: f?.donantes ?? 0,
      visitasNoAptoDescartadas: f?.visitasNoApto ?? 0,
    };
    const entry = auditStatement(
      { uid: null, servicio: servicioId },
      'restaurar',
      ENTIDAD_COPIA,
      sha256,
      cambios,
    );
    const [row] = await query(`${entry.sql} RETURNING id::text AS id`, entry.params);
    entradas.push({ servicioId, nombre, entrada: String(row.id), cambios });
  }
  return entradas;
}
