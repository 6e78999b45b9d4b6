import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The canonical DNI as this migration wrote it (the first version of domain/dni.ts), kept here
 * frozen: a migration never runs live code, whose rules move on (the second version is migration
 * 1764000000000's).
 */
const IGNORADOS_V1 = /[\s\p{Z}.\p{Pd}\u2212\p{Cf}\p{Cc}]/gu;
function canonicalDni(value: unknown): string {
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  return text.normalize('NFKC').replace(IGNORADOS_V1, '').toUpperCase();
}

/** Runs one statement: a QueryRunner (the migration's transaction) or a DataSource (a test). */
export type Consulta = { query: (sql: string, params?: unknown[]) => Promise<unknown> };

/** Rows read per statement while canonicalising. */
const LOTE = 2000;

/**
 * Brings every donor's DNI to its canonical form (the first version, above), in batches by id, writing only
 * the rows that change. Where live donors of one servicio end up with the same DNI, the oldest
 * (created_at, id) keeps it plainly and the others keep it too with duplicado_de = the oldest's
 * id: merge candidates (donante.duplicados.ts). Nothing is deleted and no donation moves.
 *
 * Safe with donante_servicio_dni_uq in place (it leaves out rows with duplicado_de): a changed
 * live row is first written with duplicado_de = its own id, then each group's rows other than
 * the oldest point at the oldest, and only then the oldest is made plain again.
 *
 * donante_clave (1763810000000) holds only the searchable names, not the DNI, and its trigger
 * does not fire on dni or duplicado_de: nothing to keep in step there.
 *
 * Returns how many rows changed and how many were marked as duplicates.
 */
export async function canonicalizarDnis(q: Consulta): Promise<{ cambiados: number; duplicados: number }> {
  let cambiados = 0;
  let desde = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const filas = (await q.query(`SELECT id, dni FROM donante WHERE id > $1 ORDER BY id LIMIT $2`, [
      desde,
      LOTE,
    ])) as { id: string; dni: string }[];
    if (filas.length === 0) break;
    desde = filas[filas.length - 1].id;
    const cambios = filas.filter((f) => canonicalDni(f.dni) !== f.dni);
    if (cambios.length === 0) continue;
    await q.query(
      `UPDATE donante d
          SET dni = v.dni, duplicado_de = CASE WHEN d.deleted_at IS NULL THEN d.id ELSE d.duplicado_de END
         FROM unnest($1::uuid[], $2::text[]) AS v(id, dni)
        WHERE d.id = v.id`,
      [cambios.map((f) => f.id), cambios.map((f) => canonicalDni(f.dni))],
    );
    cambiados += cambios.length;
  }
  if (cambiados === 0) return { cambiados, duplicados: 0 };
  // The groups of live donors (servicio, dni) that a changed row joined.
  const marcados = (await q.query(
    `WITH grupo AS (
       SELECT d.id, first_value(d.id) OVER (PARTITION BY d.servicio_id, d.dni ORDER BY d.created_at, d.id) AS primero
         FROM donante d
        WHERE d.deleted_at IS NULL
          AND (d.servicio_id, d.dni) IN (SELECT servicio_id, dni FROM donante
                                          WHERE deleted_at IS NULL AND duplicado_de = id))
     , marcado AS (
       UPDATE donante d SET duplicado_de = g.primero
         FROM grupo g
        WHERE d.id = g.id AND g.id <> g.primero
       RETURNING d.id)
     SELECT count(*)::int AS n FROM marcado`,
  )) as { n: number }[];
  await q.query(`UPDATE donante SET duplicado_de = NULL WHERE duplicado_de = id`);
  return { cambiados, duplicados: marcados[0].n };
}

/**
 * One identity per donor: the DNI in canonical form, and what a merge needs.
 * - duplicado_de: a live donor that shares its canonical DNI with an older one (a merge
 *   candidate, left out of the unique index until merged);
 * - fusionado_con: a donor merged into another (soft-deleted; it cannot be restored);
 * - donante_servicio_dni_uq without the rows awaiting a merge, and donante_servicio_dni_prefijo_idx
 *   with them for the DNI search (every record of the person must be found);
 * - donante_homonimo_idx: live donors by searchable surname, name and birth date, in the order
 *   the duplicate finder pairs them (an index-only read in order, no sort);
 * - donante_duplicado_idx: the few live rows with duplicado_de, so listing them reads only them.
 */
export class DniCanonico1763830000000 implements MigrationInterface {
  name = 'DniCanonico1763830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE donante
        ADD duplicado_de uuid NULL REFERENCES donante(id),
        ADD fusionado_con uuid NULL REFERENCES donante(id)`);
    await q.query(`DROP INDEX donante_servicio_dni_uq`);
    await q.query(`
      CREATE UNIQUE INDEX donante_servicio_dni_uq
        ON donante (servicio_id, dni text_pattern_ops) WHERE deleted_at IS NULL AND duplicado_de IS NULL`);
    // The DNI prefix search reads every live record, those awaiting a merge too (donante.search.ts),
    // which the unique index no longer holds. text_pattern_ops serves = as well.
    await q.query(`
      CREATE INDEX donante_servicio_dni_prefijo_idx
        ON donante (servicio_id, dni text_pattern_ops) WHERE deleted_at IS NULL`);
    await canonicalizarDnis(q);
    await q.query(`
      CREATE INDEX donante_homonimo_idx
        ON donante (servicio_id, apellido_busqueda, nombre_busqueda, fecha_nacimiento, created_at, id)
        WHERE deleted_at IS NULL AND duplicado_de IS NULL`);
    await q.query(`
      CREATE INDEX donante_duplicado_idx
        ON donante (servicio_id, created_at, id) WHERE deleted_at IS NULL AND duplicado_de IS NOT NULL`);
  }

  /** The canonical DNIs stay: the old form of each one is not kept anywhere. */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX donante_duplicado_idx`);
    await q.query(`DROP INDEX donante_homonimo_idx`);
    await q.query(`DROP INDEX donante_servicio_dni_prefijo_idx`);
    await q.query(`DROP INDEX donante_servicio_dni_uq`);
    // Rows awaiting a merge share their DNI with another live row: the old index would refuse
    // them, so they are soft-deleted first (still in the table, with their donations).
    await q.query(
      `UPDATE donante SET deleted_at = now() WHERE deleted_at IS NULL AND duplicado_de IS NOT NULL`,
    );
    await q.query(`
      CREATE UNIQUE INDEX donante_servicio_dni_uq
        ON donante (servicio_id, dni text_pattern_ops) WHERE deleted_at IS NULL`);
    await q.query(`ALTER TABLE donante DROP COLUMN fusionado_con, DROP COLUMN duplicado_de`);
  }
}
