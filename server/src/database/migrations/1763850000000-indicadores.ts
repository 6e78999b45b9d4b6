import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reporting indicators' daily roll-up (modules/indicadores): one row per servicio and day
 * with the day's additive figures, so a year of indicators reads at most 366 rows whatever the
 * size of the database.
 *
 * Kept by triggers in the same transaction as every write that changes a figure, whoever makes
 * it (a creation, a result, a deletion, a restore, a merge, a donor's edit, a backup's restore):
 * each statement recomputes the days it touched from the rows themselves, so the roll-up can
 * never drift from them. A donation's 'primera vez' depends on the person's earlier donations,
 * so a change also recomputes the days of the same person's later donations.
 *
 * Concurrency: indicador_recalcular takes the day's row lock before it counts, and each of its
 * statements sees what was committed before it started (READ COMMITTED), so two writers of one
 * day count one after the other and neither's change is lost. Days are locked in order.
 *
 * What is counted (one definition, here):
 * - donaciones: live donations; voluntarias: of donors with es_voluntario 'Si';
 * - primera_vez: the donor did not declare an earlier donation and the servicio recorded none of
 *   the same person (same canonical DNI) before it (by date, then by when it was recorded), as
 *   Donacion.donacionesPrevias and the donor type on paper;
 * - excl_temporales: results 'Temporal' of 1 day or more; excl_definitivas: 'Definitiva';
 * - sero_analizadas: donations with serology recorded; a marker counts when true;
 * - grupos: {"abo|rh": n}, '' for a result not recorded yet;
 * - no_aptos / no_aptos_diferidos: 'No apto' visits, those with deferral days.
 */
export class Indicadores1763850000000 implements MigrationInterface {
  name = 'Indicadores1763850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE indicador_diario (
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        fecha date NOT NULL,
        donaciones integer NOT NULL DEFAULT 0,
        voluntarias integer NOT NULL DEFAULT 0,
        primera_vez integer NOT NULL DEFAULT 0,
        aferesis integer NOT NULL DEFAULT 0,
        excl_temporales integer NOT NULL DEFAULT 0,
        excl_definitivas integer NOT NULL DEFAULT 0,
        sero_analizadas integer NOT NULL DEFAULT 0,
        hiv integer NOT NULL DEFAULT 0,
        hep_b integer NOT NULL DEFAULT 0,
        hep_c integer NOT NULL DEFAULT 0,
        vdrl integer NOT NULL DEFAULT 0,
        brucelosis integer NOT NULL DEFAULT 0,
        chagas integer NOT NULL DEFAULT 0,
        htlv integer NOT NULL DEFAULT 0,
        grupos jsonb NOT NULL DEFAULT '{}',
        no_aptos integer NOT NULL DEFAULT 0,
        no_aptos_diferidos integer NOT NULL DEFAULT 0,
        PRIMARY KEY (servicio_id, fecha)
      )`);
    // Distinct donors of a period: an index-only read of the period's donations.
    await q.query(
      `CREATE INDEX donacion_fecha_donante_idx ON donacion (servicio_id, fecha, donante_id) WHERE deleted_at IS NULL`,
    );

    // The one definition of what each donation adds to its day (see the list above).
    await q.query(`
      CREATE FUNCTION indicador_totales(ids uuid[])
      RETURNS TABLE (servicio_id uuid, fecha date, donaciones int, voluntarias int, primera_vez int,
        aferesis int, excl_temporales int, excl_definitivas int, sero_analizadas int, hiv int, hep_b int,
        hep_c int, vdrl int, brucelosis int, chagas int, htlv int, grupos jsonb)
      LANGUAGE sql STABLE AS $$
        WITH a AS (
          SELECT x.servicio_id, x.fecha, x.abo || '|' || x.rh AS grupo,
            (p.es_voluntario = 'Si') AS voluntaria,
            (NOT p.donacion_anterior AND NOT EXISTS (
              SELECT 1 FROM donante q JOIN donacion o ON o.donante_id = q.id AND o.deleted_at IS NULL
               WHERE q.servicio_id = p.servicio_id AND q.dni = p.dni AND (q.deleted_at IS NULL OR q.id = p.id)
                 AND o.id <> x.id
                 AND (o.fecha < x.fecha OR (o.fecha = x.fecha AND o.created_at < x.created_at))
            )) AS primera,
            x.donacion_aferesis AS aferesis,
            (x.exclusion_definitiva = 'Temporal' AND x.exclusion_tiempo > 0) AS temporal,
            (x.exclusion_definitiva = 'Definitiva') AS definitiva,
            x.serologia
          FROM donacion x JOIN donante p ON p.id = x.donante_id
          WHERE x.id = ANY(ids) AND x.deleted_at IS NULL
        )
        , g AS (
          SELECT t.servicio_id, t.fecha, jsonb_object_agg(t.grupo, t.n) AS grupos
            FROM (SELECT servicio_id, fecha, grupo, count(*) AS n FROM a GROUP BY 1, 2, 3) t
           GROUP BY 1, 2
        )
        SELECT a.servicio_id, a.fecha, count(*)::int,
          count(*) FILTER (WHERE a.voluntaria)::int, count(*) FILTER (WHERE a.primera)::int,
          count(*) FILTER (WHERE a.aferesis)::int, count(*) FILTER (WHERE a.temporal)::int,
          count(*) FILTER (WHERE a.definitiva)::int, count(*) FILTER (WHERE a.serologia IS NOT NULL)::int,
          count(*) FILTER (WHERE a.serologia->>'hiv' = 'true')::int,
          count(*) FILTER (WHERE a.serologia->>'hepB' = 'true')::int,
          count(*) FILTER (WHERE a.serologia->>'hepC' = 'true')::int,
          count(*) FILTER (WHERE a.serologia->>'vdrl' = 'true')::int,
          count(*) FILTER (WHERE a.serologia->>'brucelosis' = 'true')::int,
          count(*) FILTER (WHERE a.serologia->>'chagas' = 'true')::int,
          count(*) FILTER (WHERE a.serologia->>'htlv' = 'true')::int,
          (array_agg(g.grupos))[1]
        FROM a JOIN g ON g.servicio_id = a.servicio_id AND g.fecha = a.fecha
        GROUP BY a.servicio_id, a.fecha
      $$`);

    // {"A|POSITIVO": 2} + {"A|POSITIVO": 1, "O|NEGATIVO": 1} = {"A|POSITIVO": 3, "O|NEGATIVO": 1}
    await q.query(`
      CREATE FUNCTION indicador_sumar_grupos(a jsonb, b jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
        SELECT coalesce(jsonb_object_agg(k, total), '{}'::jsonb) FROM (
          SELECT k, sum(v::int) AS total
            FROM (SELECT * FROM jsonb_each_text(a) UNION ALL SELECT * FROM jsonb_each_text(b)) t(k, v)
           GROUP BY k
        ) s
      $$`);

    await q.query(RECALCULAR_SQL);

    // The days a change touches: its own, and those of the same people's donations from `desde` on.
    await q.query(`
      CREATE FUNCTION indicador_recalcular_cambios(
        servicios uuid[], donantes uuid[], desdes date[], con_sus_dias boolean
      ) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE r record;
      BEGIN
        FOR r IN
          WITH c AS (
            SELECT * FROM unnest(servicios, donantes, desdes) AS c(servicio_id, donante_id, desde)
          )
          SELECT DISTINCT servicio_id, fecha FROM (
            SELECT c.servicio_id, c.desde AS fecha FROM c WHERE con_sus_dias
            UNION ALL
            SELECT x.servicio_id, x.fecha
              FROM c
              JOIN donante p ON p.id = c.donante_id
              JOIN donante q ON q.servicio_id = p.servicio_id AND q.dni = p.dni
              JOIN donacion x ON x.donante_id = q.id AND x.deleted_at IS NULL AND x.fecha >= c.desde
          ) t
          ORDER BY servicio_id, fecha
        LOOP
          PERFORM indicador_recalcular(r.servicio_id, r.fecha);
        END LOOP;
      END $$`);

    await q.query(DONACION_INSERT_SQL);
    await q.query(`
      CREATE TRIGGER indicador_donacion_insert AFTER INSERT ON donacion REFERENCING NEW TABLE AS nuevas
        FOR EACH STATEMENT EXECUTE FUNCTION indicador_donacion_insert()`);
    for (const evento of ['DELETE', 'UPDATE'] as const) {
      await q.query(donacionCambioSql(evento));
      await q.query(`
        CREATE TRIGGER indicador_donacion_${evento.toLowerCase()} AFTER ${evento} ON donacion
          REFERENCING ${TABLAS_DE_TRANSICION[evento]}
          FOR EACH STATEMENT EXECUTE FUNCTION indicador_donacion_${evento.toLowerCase()}()`);
    }

    // donante: what a donor's donations are counted as (voluntary, declared earlier, the person).
    await q.query(DONANTE_UPDATE_SQL);
    await q.query(`
      CREATE TRIGGER indicador_donante_update AFTER UPDATE ON donante
        REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
        FOR EACH STATEMENT EXECUTE FUNCTION indicador_donante_update()`);

    // visita_no_apto: the day's visits.
    for (const [evento, tablas, filas] of [
      ['INSERT', 'NEW TABLE AS nuevas', 'SELECT servicio_id, fecha FROM nuevas'],
      ['DELETE', 'OLD TABLE AS viejas', 'SELECT servicio_id, fecha FROM viejas'],
      [
        'UPDATE',
        'OLD TABLE AS viejas NEW TABLE AS nuevas',
        'SELECT servicio_id, fecha FROM viejas UNION ALL SELECT servicio_id, fecha FROM nuevas',
      ],
    ]) {
      const nombre = `indicador_visita_${evento.toLowerCase()}`;
      await q.query(`
        CREATE FUNCTION ${nombre}() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE r record;
        BEGIN
          FOR r IN SELECT DISTINCT servicio_id, fecha FROM (${filas}) t ORDER BY 1, 2 LOOP
            PERFORM indicador_recalcular(r.servicio_id, r.fecha);
          END LOOP;
          RETURN NULL;
        END $$`);
      await q.query(`
        CREATE TRIGGER ${nombre} AFTER ${evento} ON visita_no_apto REFERENCING ${tablas}
          FOR EACH STATEMENT EXECUTE FUNCTION ${nombre}()`);
    }

    await q.query(RECONSTRUIR_SQL);
    await q.query(`SELECT indicador_reconstruir(NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const evento of ['insert', 'delete', 'update']) {
      await q.query(`DROP TRIGGER indicador_donacion_${evento} ON donacion`);
      await q.query(`DROP FUNCTION indicador_donacion_${evento}()`);
      await q.query(`DROP TRIGGER indicador_visita_${evento} ON visita_no_apto`);
      await q.query(`DROP FUNCTION indicador_visita_${evento}()`);
    }
    await q.query(`DROP TRIGGER indicador_donante_update ON donante`);
    await q.query(`DROP FUNCTION indicador_donante_update()`);
    await q.query(`DROP FUNCTION indicador_reconstruir(uuid)`);
    await q.query(`DROP FUNCTION indicador_recalcular_cambios(uuid[], uuid[], date[], boolean)`);
    await q.query(`DROP FUNCTION indicador_recalcular(uuid, date)`);
    await q.query(`DROP FUNCTION indicador_sumar_grupos(jsonb, jsonb)`);
    await q.query(`DROP FUNCTION indicador_totales(uuid[])`);
    await q.query(`DROP INDEX donacion_fecha_donante_idx`);
    await q.query(`DROP TABLE indicador_diario`);
  }
}

// The functions later migrations (1763890000000 distinct donors, 1763900000000 people) replace:
// exported so that their down() puts back exactly these.

/** A day counted again from its rows, under the day's row lock (see the header). */
export const RECALCULAR_SQL = `
      CREATE OR REPLACE FUNCTION indicador_recalcular(s uuid, f date) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO indicador_diario (servicio_id, fecha) VALUES (s, f) ON CONFLICT DO NOTHING;
        PERFORM 1 FROM indicador_diario WHERE servicio_id = s AND fecha = f FOR UPDATE;
        UPDATE indicador_diario i SET
            donaciones = coalesce(t.donaciones, 0), voluntarias = coalesce(t.voluntarias, 0),
            primera_vez = coalesce(t.primera_vez, 0), aferesis = coalesce(t.aferesis, 0),
            excl_temporales = coalesce(t.excl_temporales, 0),
            excl_definitivas = coalesce(t.excl_definitivas, 0),
            sero_analizadas = coalesce(t.sero_analizadas, 0), hiv = coalesce(t.hiv, 0),
            hep_b = coalesce(t.hep_b, 0), hep_c = coalesce(t.hep_c, 0), vdrl = coalesce(t.vdrl, 0),
            brucelosis = coalesce(t.brucelosis, 0), chagas = coalesce(t.chagas, 0),
            htlv = coalesce(t.htlv, 0), grupos = coalesce(t.grupos, '{}'::jsonb),
            no_aptos = v.no_aptos, no_aptos_diferidos = v.diferidos
          FROM (SELECT 1) uno
          LEFT JOIN indicador_totales(ARRAY(
            SELECT id FROM donacion WHERE servicio_id = s AND fecha = f AND deleted_at IS NULL
          )) t ON true
          CROSS JOIN (
            SELECT count(*)::int AS no_aptos, count(*) FILTER (WHERE diferimiento_dias > 0)::int AS diferidos
              FROM visita_no_apto WHERE servicio_id = s AND fecha = f
          ) v
          WHERE i.servicio_id = s AND i.fecha = f;
        -- A day left with nothing has no row, as a day that never had any.
        DELETE FROM indicador_diario
         WHERE servicio_id = s AND fecha = f AND donaciones = 0 AND no_aptos = 0;
      END $$`;

/**
 * donacion, one trigger per event (a trigger with transition tables has one event). A creation
 * adds its rows to their days (atomic increments: no recount of a busy day for each new
 * donation) and recounts only the days of the same people's later donations, whose 'primera
 * vez' it may change; a change or a deletion recounts every day it touches.
 */
export const DONACION_INSERT_SQL = `
      CREATE OR REPLACE FUNCTION indicador_donacion_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO indicador_diario AS i (servicio_id, fecha, donaciones, voluntarias, primera_vez,
            aferesis, excl_temporales, excl_definitivas, sero_analizadas, hiv, hep_b, hep_c, vdrl,
            brucelosis, chagas, htlv, grupos)
          SELECT * FROM indicador_totales(ARRAY(SELECT id FROM nuevas)) ORDER BY 1, 2
          ON CONFLICT (servicio_id, fecha) DO UPDATE SET
            donaciones = i.donaciones + excluded.donaciones, voluntarias = i.voluntarias + excluded.voluntarias,
            primera_vez = i.primera_vez + excluded.primera_vez, aferesis = i.aferesis + excluded.aferesis,
            excl_temporales = i.excl_temporales + excluded.excl_temporales,
            excl_definitivas = i.excl_definitivas + excluded.excl_definitivas,
            sero_analizadas = i.sero_analizadas + excluded.sero_analizadas, hiv = i.hiv + excluded.hiv,
            hep_b = i.hep_b + excluded.hep_b, hep_c = i.hep_c + excluded.hep_c, vdrl = i.vdrl + excluded.vdrl,
            brucelosis = i.brucelosis + excluded.brucelosis, chagas = i.chagas + excluded.chagas,
            htlv = i.htlv + excluded.htlv, grupos = indicador_sumar_grupos(i.grupos, excluded.grupos);
        PERFORM indicador_recalcular_cambios(array_agg(servicio_id), array_agg(donante_id), array_agg(fecha + 1), false)
          FROM nuevas WHERE deleted_at IS NULL;
        RETURN NULL;
      END $$`;

/** donante: a change of what its donations are counted as (the voluntary status, the person...). */
export const DONANTE_UPDATE_SQL = `
      CREATE OR REPLACE FUNCTION indicador_donante_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM indicador_recalcular_cambios(
            array_agg(servicio_id), array_agg(id), array_agg('0001-01-01'::date), false)
          FROM (
            SELECT o.servicio_id, o.id FROM viejas o JOIN nuevas n ON n.id = o.id
             WHERE (o.es_voluntario, o.donacion_anterior, o.dni, o.deleted_at IS NULL)
                   IS DISTINCT FROM (n.es_voluntario, n.donacion_anterior, n.dni, n.deleted_at IS NULL)
          ) t;
        RETURN NULL;
      END $$`;

export const TABLAS_DE_TRANSICION = {
  DELETE: 'OLD TABLE AS viejas',
  UPDATE: 'OLD TABLE AS viejas NEW TABLE AS nuevas',
} as const;

/** A change or a deletion of donations: the days of the rows before and after it. */
export function donacionCambioSql(evento: 'DELETE' | 'UPDATE'): string {
  const filas =
    evento === 'DELETE'
      ? 'SELECT servicio_id, donante_id, fecha FROM viejas'
      : 'SELECT servicio_id, donante_id, fecha FROM viejas UNION ALL SELECT servicio_id, donante_id, fecha FROM nuevas';
  return `
      CREATE OR REPLACE FUNCTION indicador_donacion_${evento.toLowerCase()}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM indicador_recalcular_cambios(array_agg(servicio_id), array_agg(donante_id), array_agg(fecha), true)
          FROM (${filas}) t;
        RETURN NULL;
      END $$`;
}

/**
 * The whole roll-up (of one servicio, or of all with NULL) counted again in one pass: for bulk
 * loads that ran without the triggers (a backup's restore, the benchmark's seed) and for the rows
 * that exist now. It takes no day locks: run it where nobody else writes.
 */
export const RECONSTRUIR_SQL = `
      CREATE OR REPLACE FUNCTION indicador_reconstruir(s uuid) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM indicador_diario WHERE s IS NULL OR servicio_id = s;
        INSERT INTO indicador_diario (servicio_id, fecha, donaciones, voluntarias, primera_vez, aferesis,
            excl_temporales, excl_definitivas, sero_analizadas, hiv, hep_b, hep_c, vdrl, brucelosis,
            chagas, htlv, grupos)
          SELECT * FROM indicador_totales(ARRAY(
            SELECT id FROM donacion WHERE (s IS NULL OR servicio_id = s) AND deleted_at IS NULL
          ));
        INSERT INTO indicador_diario AS i (servicio_id, fecha, no_aptos, no_aptos_diferidos)
          SELECT servicio_id, fecha, count(*), count(*) FILTER (WHERE diferimiento_dias > 0)
            FROM visita_no_apto WHERE s IS NULL OR servicio_id = s GROUP BY 1, 2
          ON CONFLICT (servicio_id, fecha) DO UPDATE
            SET no_aptos = excluded.no_aptos, no_aptos_diferidos = excluded.no_aptos_diferidos;
      END $$`;
