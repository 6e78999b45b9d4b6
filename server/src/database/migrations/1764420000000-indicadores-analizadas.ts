import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reports count what was tested (laboratory results per marker, migration 1764400000000):
 *
 * - <marker>_analizadas: donations whose spec marker was tested, for each of the seven markers;
 *   its reactive count (hiv, hep_b ...) counts only among those, so a rate is over tested donations;
 * - sero_analizadas: donations with every one of the seven tested (complete results). Until now it
 *   counted donations with any result saved. Pending results are the day's donations minus these
 *   (a whole figure, or per marker: the donations minus the marker's analizadas).
 *
 * What 'tested' is comes from one place: donacion.serologia_realizada, the spec markers actually
 * tested, which the service writes with every change of the results from the domain's
 * serologiaRealizada (domain/resultados.ts: 'hepB' is HBsAg and anti-HBc, a NAT alone does not make
 * a marker tested). The roll-up counts that column and does not read the resultado table: reading
 * the table would need a second definition of the rule in SQL, and triggers on resultado besides
 * those on donacion (every change of the results updates its donation's row, whose triggers
 * already recount the day).
 *
 * The new columns are also copied at the first change of a day for readers outside the servicio
 * (pub_*, migration 1764200000000). The roll-up is rebuilt; a row that had not changed today keeps
 * its stamp (read as it is, as before), a row that had changed today starts an empty copy, as a
 * rebuild does: its results are read by outside readers tomorrow.
 */
export class IndicadoresAnalizadas1764420000000 implements MigrationInterface {
  name = 'IndicadoresAnalizadas1764420000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE indicador_diario
        ${ANALIZADAS.map((c) => `ADD COLUMN ${c} integer NOT NULL DEFAULT 0`).join(',\n        ')},
        ${ANALIZADAS.map((c) => `ADD COLUMN pub_${c} integer NOT NULL DEFAULT 0`).join(',\n        ')}`);
    await this.funciones(q, true);
    await reconstruir(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await this.funciones(q, false);
    await q.query(`
      ALTER TABLE indicador_diario
        ${ANALIZADAS.flatMap((c) => [`DROP COLUMN ${c}`, `DROP COLUMN pub_${c}`]).join(',\n        ')}`);
    await reconstruir(q);
  }

  /**
   * The roll-up's functions that name its columns: with the tested markers', or as before (which
   * read nothing of migration 1764400000000, so that its down() can drop the columns).
   */
  private async funciones(q: QueryRunner, analizadas: boolean): Promise<void> {
    // Its result columns change: it is made again (CREATE OR REPLACE keeps a function's type).
    await q.query(`DROP FUNCTION indicador_totales(uuid[])`);
    await q.query(totalesSql(analizadas));
    await q.query(recalcularSql(analizadas));
    await q.query(reconstruirSql(analizadas));
    await q.query(donacionInsertSql(analizadas));
    await q.query(publicarSql(analizadas));
  }
}

/** The spec's seven markers: the key of serologia and serologia_realizada, and the roll-up's column. */
const MARCADORES = [
  ['hiv', 'hiv'],
  ['hepB', 'hep_b'],
  ['hepC', 'hep_c'],
  ['vdrl', 'vdrl'],
  ['brucelosis', 'brucelosis'],
  ['chagas', 'chagas'],
  ['htlv', 'htlv'],
] as const;
const ANALIZADAS = MARCADORES.map(([, c]) => `${c}_analizadas`);
const TODAS = `'{${MARCADORES.map(([k]) => k).join(',')}}'::text[]`;

/** The columns indicador_totales gives, in order (with or without the tested markers'). */
const columnas = (analizadas: boolean) => [
  'donaciones',
  'voluntarias',
  'primera_vez',
  'aferesis',
  'excl_temporales',
  'excl_definitivas',
  'sero_analizadas',
  ...MARCADORES.map(([, c]) => c),
  'grupos',
  ...(analizadas ? ANALIZADAS : []),
];

/**
 * What each donation adds to its day (migrations 1763850000000 and 1764000000000); with
 * `analizadas`, the serology as described above, else as before (any result saved; true markers).
 */
function totalesSql(analizadas: boolean): string {
  const reactiva = (k: string) =>
    analizadas
      ? `count(*) FILTER (WHERE a.serologia->>'${k}' = 'true' AND '${k}' = ANY(a.realizada))::int`
      : `count(*) FILTER (WHERE a.serologia->>'${k}' = 'true')::int`;
  const tipos = columnas(analizadas)
    .map((c) => `${c} ${c === 'grupos' ? 'jsonb' : 'int'}`)
    .join(', ');
  return `
      CREATE FUNCTION indicador_totales(ids uuid[])
      RETURNS TABLE (servicio_id uuid, fecha date, ${tipos})
      LANGUAGE sql STABLE AS $$
        WITH a AS (
          SELECT x.servicio_id, x.fecha, x.abo || '|' || x.rh AS grupo,
            (p.es_voluntario = 'Si') AS voluntaria,
            (NOT p.donacion_anterior AND donacion_previas(x.id) = 0) AS primera,
            x.donacion_aferesis AS aferesis,
            (x.exclusion_definitiva = 'Temporal' AND x.exclusion_tiempo > 0) AS temporal,
            (x.exclusion_definitiva = 'Definitiva') AS definitiva,
            x.serologia${analizadas ? ', x.serologia_realizada AS realizada' : ''}
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
          count(*) FILTER (WHERE a.definitiva)::int,
          ${analizadas ? `count(*) FILTER (WHERE a.realizada @> ${TODAS})::int` : `count(*) FILTER (WHERE a.serologia IS NOT NULL)::int`},
          ${MARCADORES.map(([k]) => reactiva(k)).join(',\n          ')},
          (array_agg(g.grupos))[1]${
            analizadas
              ? `,\n          ${MARCADORES.map(([k]) => `count(*) FILTER (WHERE '${k}' = ANY(a.realizada))::int`).join(',\n          ')}`
              : ''
          }
        FROM a JOIN g ON g.servicio_id = a.servicio_id AND g.fecha = a.fecha
        GROUP BY a.servicio_id, a.fecha
      $$`;
}

/** A day counted again under its row lock (migrations 1763850000000 and 1763890000000). */
function recalcularSql(analizadas: boolean): string {
  const sets = columnas(analizadas)
    .map((c) => `${c} = coalesce(t.${c}, ${c === 'grupos' ? `'{}'::jsonb` : '0'})`)
    .join(',\n            ');
  return `
      CREATE OR REPLACE FUNCTION indicador_recalcular(s uuid, f date) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO indicador_diario (servicio_id, fecha) VALUES (s, f) ON CONFLICT DO NOTHING;
        PERFORM 1 FROM indicador_diario WHERE servicio_id = s AND fecha = f FOR UPDATE;
        UPDATE indicador_diario i SET
            ${sets},
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
        DELETE FROM indicador_distintos WHERE servicio_id = s AND fecha = f;
        INSERT INTO indicador_distintos (servicio_id, fecha, mes_anterior, donaciones)
          SELECT s, f, indicador_mes(fecha_anterior), count(*)
            FROM donacion WHERE servicio_id = s AND fecha = f AND deleted_at IS NULL
           GROUP BY 3;
        -- A day left with nothing has no row, as a day that never had any.
        DELETE FROM indicador_diario
         WHERE servicio_id = s AND fecha = f AND donaciones = 0 AND no_aptos = 0;
      END $$`;
}

/** The whole roll-up counted again (migrations 1763850000000 and 1763890000000). */
function reconstruirSql(analizadas: boolean): string {
  return `
      CREATE OR REPLACE FUNCTION indicador_reconstruir(s uuid) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM set_config('hemoterapia.indicadores', 'en_bloque', true);
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
        DELETE FROM indicador_diario WHERE s IS NULL OR servicio_id = s;
        INSERT INTO indicador_diario (servicio_id, fecha, ${columnas(analizadas).join(', ')})
          SELECT * FROM indicador_totales(ARRAY(
            SELECT id FROM donacion WHERE (s IS NULL OR servicio_id = s) AND deleted_at IS NULL
          ));
        INSERT INTO indicador_diario AS i (servicio_id, fecha, no_aptos, no_aptos_diferidos)
          SELECT servicio_id, fecha, count(*), count(*) FILTER (WHERE diferimiento_dias > 0)
            FROM visita_no_apto WHERE s IS NULL OR servicio_id = s GROUP BY 1, 2
          ON CONFLICT (servicio_id, fecha) DO UPDATE
            SET no_aptos = excluded.no_aptos, no_aptos_diferidos = excluded.no_aptos_diferidos;
      END $$`;
}

/** A new donation, one row (migrations 1763940000000 and 1764000000000). */
function donacionInsertSql(analizadas: boolean): string {
  const sumas = columnas(analizadas)
    .map((c) =>
      c === 'grupos'
        ? `grupos = indicador_sumar_grupos(i.grupos, excluded.grupos)`
        : `${c} = i.${c} + excluded.${c}`,
    )
    .join(',\n            ');
  return `
      CREATE OR REPLACE FUNCTION indicador_donacion_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.deleted_at IS NOT NULL THEN RETURN NULL; END IF;
        INSERT INTO indicador_diario AS i (servicio_id, fecha, ${columnas(analizadas).join(', ')})
          SELECT * FROM indicador_totales(ARRAY[NEW.id])
          ON CONFLICT (servicio_id, fecha) DO UPDATE SET
            ${sumas};
        INSERT INTO indicador_distintos AS i (servicio_id, fecha, mes_anterior, donaciones)
          VALUES (NEW.servicio_id, NEW.fecha, indicador_mes(NEW.fecha_anterior), 1)
          ON CONFLICT (servicio_id, fecha, mes_anterior) DO UPDATE SET donaciones = i.donaciones + 1;
        IF EXISTS (
          SELECT 1 FROM donacion o
           WHERE o.donante_id = NEW.donante_id AND o.deleted_at IS NULL AND o.id <> NEW.id
             AND (o.fecha, o.id) > (NEW.fecha, NEW.id)
        ) THEN
          PERFORM donacion_anteriores(ARRAY[NEW.donante_id]);
        END IF;
        -- Usually the new donation is the person's latest: then there is nothing after it.
        IF EXISTS (
          SELECT 1
            FROM donante p
            JOIN donante o ON o.persona_id = p.persona_id
            JOIN donacion x ON x.donante_id = o.id AND x.deleted_at IS NULL AND x.fecha > NEW.fecha
           WHERE p.id = NEW.donante_id
        ) THEN
          PERFORM indicador_recalcular_cambios(
            ARRAY[NEW.servicio_id], ARRAY[NEW.donante_id], ARRAY[NEW.fecha + 1], false);
        END IF;
        IF EXISTS (
          SELECT 1
            FROM donante p
            JOIN donante o ON o.persona_id = p.persona_id
            JOIN donacion x ON x.donante_id = o.id AND x.deleted_at IS NULL AND x.fecha = NEW.fecha
           WHERE p.id = NEW.donante_id AND x.created_at > NEW.created_at AND x.id <> NEW.id
        ) THEN
          PERFORM indicador_recalcular(NEW.servicio_id, NEW.fecha);
        END IF;
        RETURN NULL;
      END $$`;
}

/** The copy of a row's result figures at its first change of a day (migration 1764200000000). */
function publicarSql(analizadas: boolean): string {
  const copiadas = [
    'donaciones',
    'excl_temporales',
    'excl_definitivas',
    'no_aptos_diferidos',
    'sero_analizadas',
    ...MARCADORES.map(([, c]) => c),
    ...(analizadas ? ANALIZADAS : []),
    'grupos',
  ];
  return `
      CREATE OR REPLACE FUNCTION indicador_publicar() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.publicado_el := indicador_hoy();
        ${copiadas.map((c) => `NEW.pub_${c} := OLD.${c};`).join('\n        ')}
        RETURN NEW;
      END $$`;
}

/**
 * indicador_reconstruir, keeping each row's stamp unless it was stamped today: a row that had not
 * changed today is still read as it is outside the servicio; one that had starts an empty copy.
 * Setting publicado_el itself, the UPDATE makes no copy (migration 1764200000000).
 */
async function reconstruir(q: QueryRunner): Promise<void> {
  await q.query(`
    CREATE TEMP TABLE indicador_sellos AS
      SELECT servicio_id, fecha, publicado_el FROM indicador_diario
       WHERE publicado_el IS DISTINCT FROM indicador_hoy()`);
  await q.query(`SELECT indicador_reconstruir(NULL)`);
  await q.query(`
    UPDATE indicador_diario i SET publicado_el = s.publicado_el
      FROM indicador_sellos s WHERE s.servicio_id = i.servicio_id AND s.fecha = i.fecha`);
  await q.query(`DROP TABLE indicador_sellos`);
}
