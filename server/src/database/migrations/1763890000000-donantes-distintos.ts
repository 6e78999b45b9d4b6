import { MigrationInterface, QueryRunner } from 'typeorm';
import {
  DONACION_INSERT_SQL,
  donacionCambioSql,
  RECALCULAR_SQL,
  RECONSTRUIR_SQL,
} from './1763850000000-indicadores';

/**
 * Distinct donors of a period from a roll-up, not from the period's donations.
 *
 * A donor counts once in [desde, hasta]: through the first of their donations in it, the one whose
 * previous donation (of the same donor record) is before `desde`, or that has none. So the count
 * is, over the period's donations, those whose previous donation is before `desde`: a range count
 * over two dates. Two pieces answer it:
 *
 * - donacion.fecha_anterior: the date of the donor's previous live donation (in the order fecha,
 *   id), NULL for the first. Kept by triggers: a new row gets it before it is written (one index
 *   read of the donor's donations), and any change to a donor's donations (a back-dated one, a
 *   deletion, a restore, a change of date, a merge that moves them) sets it again on every live
 *   donation of the donors involved (donacion_anteriores).
 * - indicador_distintos: per servicio, day and month of the previous donation ('-infinity' for
 *   none), how many live donations. Kept with indicador_diario and under the same day row lock:
 *   a creation adds to it, a recount of a day (indicador_recalcular) counts the day's rows again.
 *
 * Then, with M the first day of `desde`'s month, distinct donors =
 *   the roll-up's donations of the period's days whose previous month is before M (≤ 366 days ×
 *   a few dozen months), plus the period's donations whose previous donation falls in
 *   [M, desde): an index range over less than one month of previous dates
 *   (donacion_fecha_anterior_idx), empty when the period starts on the 1st.
 *
 * Bulk loads: indicador_reconstruir also sets fecha_anterior for every row (one window pass) and
 * rebuilds indicador_distintos. While it sets them, the transaction-local setting
 * hemoterapia.indicadores = 'en_bloque' makes donacion's roll-up triggers stand aside (it counts
 * everything itself right after).
 */
export class DonantesDistintos1763890000000 implements MigrationInterface {
  name = 'DonantesDistintos1763890000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE donacion ADD COLUMN fecha_anterior date`);
    await q.query(`
      CREATE TABLE indicador_distintos (
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        fecha date NOT NULL,
        mes_anterior date NOT NULL,
        donaciones integer NOT NULL,
        PRIMARY KEY (servicio_id, fecha, mes_anterior)
      )`);
    await q.query(
      `CREATE INDEX donacion_fecha_anterior_idx ON donacion (servicio_id, fecha_anterior, fecha) WHERE deleted_at IS NULL`,
    );
    // The distinct count no longer reads the period's donations.
    await q.query(`DROP INDEX donacion_fecha_donante_idx`);

    // The month of a previous donation as the roll-up keys it ('-infinity': none).
    await q.query(`
      CREATE FUNCTION indicador_mes(d date) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT coalesce(date_trunc('month', d::timestamp)::date, '-infinity'::date)
      $$`);

    // The donors' live donations get their previous one again (only the rows that change). With no
    // donors it sends no UPDATE: an UPDATE of no rows still fires donacion's statement triggers,
    // which call this again.
    await q.query(`
      CREATE FUNCTION donacion_anteriores(donantes uuid[]) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF coalesce(cardinality(donantes), 0) = 0 THEN RETURN; END IF;
        UPDATE donacion d SET fecha_anterior = c.anterior
          FROM (
            SELECT id, lag(fecha) OVER (PARTITION BY donante_id ORDER BY fecha, id) AS anterior
              FROM donacion WHERE donante_id = ANY(donantes) AND deleted_at IS NULL
          ) c
         WHERE d.id = c.id AND d.fecha_anterior IS DISTINCT FROM c.anterior;
      END $$`);

    // A new row's previous donation, before it is written (so a creation writes its row once).
    await q.query(`
      CREATE FUNCTION donacion_anterior_nueva() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.fecha_anterior := CASE WHEN NEW.deleted_at IS NULL THEN (
          SELECT o.fecha FROM donacion o
           WHERE o.donante_id = NEW.donante_id AND o.deleted_at IS NULL AND o.id <> NEW.id
             AND (o.fecha, o.id) < (NEW.fecha, NEW.id)
           ORDER BY o.fecha DESC, o.id DESC LIMIT 1
        ) END;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER donacion_anterior_nueva BEFORE INSERT ON donacion
        FOR EACH ROW EXECUTE FUNCTION donacion_anterior_nueva()`);

    await q.query(RECALCULAR_DISTINTOS_SQL);
    await q.query(DONACION_INSERT_DISTINTOS_SQL);
    await q.query(donacionCambioDistintosSql('DELETE'));
    await q.query(donacionCambioDistintosSql('UPDATE'));
    await q.query(RECONSTRUIR_DISTINTOS_SQL);
    await q.query(`SELECT indicador_reconstruir(NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(RECONSTRUIR_SQL);
    await q.query(donacionCambioSql('UPDATE'));
    await q.query(donacionCambioSql('DELETE'));
    await q.query(DONACION_INSERT_SQL);
    await q.query(RECALCULAR_SQL);
    await q.query(`DROP TRIGGER donacion_anterior_nueva ON donacion`);
    await q.query(`DROP FUNCTION donacion_anterior_nueva()`);
    await q.query(`DROP FUNCTION donacion_anteriores(uuid[])`);
    await q.query(`DROP FUNCTION indicador_mes(date)`);
    await q.query(
      `CREATE INDEX donacion_fecha_donante_idx ON donacion (servicio_id, fecha, donante_id) WHERE deleted_at IS NULL`,
    );
    await q.query(`DROP TABLE indicador_distintos`);
    await q.query(`ALTER TABLE donacion DROP COLUMN fecha_anterior`);
  }
}

/**
 * `sql` with `texto` put before `antes`. The functions below extend those of migration
 * 1763850000000 (one definition each), and an anchor that is not there any more fails the migration
 * instead of leaving a function without its new part (also for 1763900000000).
 */
export function insertar(sql: string, antes: string, texto: string): string {
  if (!sql.includes(antes)) throw new Error(`Migración de indicadores: falta «${antes}»`);
  return sql.replace(antes, () => texto + antes);
}

/** True inside indicador_reconstruir, while it sets every fecha_anterior itself. */
const EN_BLOQUE = `current_setting('hemoterapia.indicadores', true) = 'en_bloque'`;

/** indicador_recalcular (a day counted again, under its row lock), now with the day's distinct rows. */
const RECALCULAR_DISTINTOS_SQL = insertar(
  RECALCULAR_SQL,
  '-- A day left with nothing has no row',
  `DELETE FROM indicador_distintos WHERE servicio_id = s AND fecha = f;
        INSERT INTO indicador_distintos (servicio_id, fecha, mes_anterior, donaciones)
          SELECT s, f, indicador_mes(fecha_anterior), count(*)
            FROM donacion WHERE servicio_id = s AND fecha = f AND deleted_at IS NULL
           GROUP BY 3;
        `,
);

/**
 * A creation: the day's increments (indicador_diario, then indicador_distintos, in that order as
 * everywhere: the day's row lock first), then the previous donation of the same donors' later
 * rows (a back-dated donation), then the days of the same people's later donations.
 */
export const DONACION_INSERT_DISTINTOS_SQL = insertar(
  DONACION_INSERT_SQL,
  '        PERFORM indicador_recalcular_cambios(',
  `        INSERT INTO indicador_distintos AS i (servicio_id, fecha, mes_anterior, donaciones)
          SELECT servicio_id, fecha, indicador_mes(fecha_anterior), count(*)
            FROM nuevas WHERE deleted_at IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
          ON CONFLICT (servicio_id, fecha, mes_anterior) DO UPDATE
            SET donaciones = i.donaciones + excluded.donaciones;
        PERFORM donacion_anteriores(array_agg(DISTINCT n.donante_id))
          FROM nuevas n
         WHERE n.deleted_at IS NULL AND EXISTS (
           SELECT 1 FROM donacion o
            WHERE o.donante_id = n.donante_id AND o.deleted_at IS NULL AND o.id <> n.id
              AND (o.fecha, o.id) > (n.fecha, n.id));
`,
);

/**
 * A change or a deletion: first the previous donation of every donor whose donations moved, came
 * back or went (whose own UPDATE recounts the days of the rows it changes), then the days as before.
 */
function donacionCambioDistintosSql(evento: 'DELETE' | 'UPDATE'): string {
  const donantes =
    evento === 'DELETE'
      ? 'SELECT donante_id FROM viejas WHERE deleted_at IS NULL'
      : `SELECT x.donante_id FROM viejas o JOIN nuevas n ON n.id = o.id,
                LATERAL (VALUES (o.donante_id), (n.donante_id)) x(donante_id)
          WHERE (o.donante_id, o.fecha, o.deleted_at IS NULL)
                IS DISTINCT FROM (n.donante_id, n.fecha, n.deleted_at IS NULL)`;
  return insertar(
    donacionCambioSql(evento),
    '        PERFORM indicador_recalcular_cambios(',
    `        IF ${EN_BLOQUE} THEN RETURN NULL; END IF;
        PERFORM donacion_anteriores(array_agg(DISTINCT donante_id)) FROM (${donantes}) t;
`,
  );
}

/** indicador_reconstruir, which first sets every fecha_anterior in one pass, then counts. */
const RECONSTRUIR_DISTINTOS_SQL = insertar(
  RECONSTRUIR_SQL,
  '        DELETE FROM indicador_diario',
  `        PERFORM set_config('hemoterapia.indicadores', 'en_bloque', true);
        UPDATE donacion d SET fecha_anterior = c.anterior
          FROM (
            SELECT id, lag(fecha) OVER (PARTITION BY donante_id ORDER BY fecha, id) AS anterior
              FROM donacion WHERE (s IS NULL OR servicio_id = s) AND deleted_at IS NULL
          ) c
         WHERE d.id = c.id AND d.fecha_anterior IS DISTINCT FROM c.anterior;
        PERFORM set_config('hemoterapia.indicadores', '', true);
        DELETE FROM indicador_distintos WHERE s IS NULL OR servicio_id = s;
        INSERT INTO indicador_distintos (servicio_id, fecha, mes_anterior, donaciones)
          SELECT servicio_id, fecha, indicador_mes(fecha_anterior), count(*)
            FROM donacion WHERE (s IS NULL OR servicio_id = s) AND deleted_at IS NULL
           GROUP BY 1, 2, 3;
`,
);
