import { MigrationInterface, QueryRunner } from 'typeorm';

const ZONA = `'America/Argentina/Buenos_Aires'`;

/**
 * The stock at the end of an indicators' period, from the roll-up of the components' events
 * (componente_diario, migration 1764960000000) instead of reading every released unit of the
 * servicio and its dispatches for each request.
 *
 * A servicio's stock at an Argentine midnight is the count of its units released before it, expiring
 * after it, not discarded before it and not out on a dispatch then (not returned by then): the
 * definition of migration 1764910000000, now written once, in `componente_en_stock`. As a function
 * of the day, a unit's membership changes only on the days that follow its release, discard,
 * dispatches and returns, and on the day of its expiry; `componente_stock_pasos` gives, for those
 * days, the change (+1 or -1) of the unit's membership, and the roll-up keeps them as entries
 * 'stock' of the unit's servicio and type. The stock at day D's midnight is the sum of the entries
 * up to D.
 *
 * Statement triggers on `componente` and `despacho_componente` take out the steps the touched units
 * had and add those they have now (the lines before a statement: those now, without the statement's
 * new rows, with its old ones), so any statement, of one row or many, keeps it exact.
 * `indicadores` compares it with the count of the units in a test.
 */
export class ComponenteStockDia1764960010000 implements MigrationInterface {
  name = 'ComponenteStockDia1764960010000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX componente_diario_stock_idx ON componente_diario (servicio_id, dia) INCLUDE (tipo, cantidad)
        WHERE evento = 'stock'`,
    );
    await q.query(`
      CREATE FUNCTION componente_en_stock(c componente, lineas despacho_componente[], m timestamptz)
        RETURNS boolean LANGUAGE sql STABLE AS $$
        SELECT c.liberado_en IS NOT NULL AND c.liberado_en < m AND c.vence_en > m
           AND (c.descartado_en IS NULL OR c.descartado_en >= m)
           AND NOT EXISTS (SELECT 1 FROM unnest(lineas) l JOIN despacho x ON x.id = l.despacho_id
                            WHERE x.despachado_en < m AND (l.estado <> 'DEVUELTO' OR l.cerrado_en >= m))
      $$`);
    // The days whose midnight a unit's membership may change on: the first midnight after each of
    // its instants (at or after, for the expiry, which excludes its own instant).
    await q.query(`
      CREATE FUNCTION componente_stock_pasos(c componente, lineas despacho_componente[])
        RETURNS TABLE (dia date, cantidad integer) LANGUAGE sql STABLE AS $$
        WITH instantes AS (
          SELECT c.liberado_en AS t, false AS incluido UNION ALL
          SELECT c.vence_en, true UNION ALL
          SELECT c.descartado_en, false UNION ALL
          SELECT x.despachado_en, false FROM unnest(lineas) l JOIN despacho x ON x.id = l.despacho_id UNION ALL
          SELECT l.cerrado_en, false FROM unnest(lineas) l),
        dias AS (
          SELECT DISTINCT d.dia FROM instantes i
           CROSS JOIN LATERAL (SELECT (i.t AT TIME ZONE ${ZONA})::date AS local) f
           CROSS JOIN LATERAL (SELECT f.local + CASE WHEN i.incluido AND (f.local::timestamp AT TIME ZONE ${ZONA}) = i.t
                                                    THEN 0 ELSE 1 END AS dia) d
          WHERE i.t IS NOT NULL AND c.liberado_en IS NOT NULL),
        valores AS (
          SELECT dias.dia, componente_en_stock(c, lineas, dias.dia::timestamp AT TIME ZONE ${ZONA})::int AS v
            FROM dias)
        SELECT dia, cambio FROM (
          SELECT dia, v - coalesce(lag(v) OVER (ORDER BY dia), 0) AS cambio FROM valores) x
         WHERE cambio <> 0
      $$`);
    // The steps of units `antes` taken out and those of `despues` added; each unit with the lines
    // `lineas` gives it (by default, its lines now).
    await q.query(`
      CREATE FUNCTION componente_stock_mover(antes componente[], despues componente[],
                                             viejas despacho_componente[] DEFAULT '{}',
                                             nuevas despacho_componente[] DEFAULT '{}')
        RETURNS void LANGUAGE sql AS $$
        INSERT INTO componente_diario (servicio_id, dia, evento, tipo, motivo, cantidad)
        SELECT (u.c).servicio_id, p.dia, 'stock', (u.c).tipo, '', u.signo * p.cantidad
          FROM (SELECT a AS c, -1 AS signo FROM unnest(antes) a
                UNION ALL SELECT n, 1 FROM unnest(despues) n) u
         CROSS JOIN LATERAL (
           SELECT ARRAY(
             SELECT dc FROM despacho_componente dc
              WHERE dc.componente_id = (u.c).id
                AND (u.signo = 1 OR NOT EXISTS (
                  SELECT 1 FROM unnest(nuevas) n WHERE (n.despacho_id, n.componente_id) = (dc.despacho_id, dc.componente_id)))
             UNION ALL
             SELECT v FROM unnest(viejas) v WHERE u.signo = -1 AND v.componente_id = (u.c).id) AS lineas) l
         CROSS JOIN LATERAL componente_stock_pasos(u.c, l.lineas) p
      $$`);
    const cambio = (v: string, n: string) =>
      `(${v}.servicio_id, ${v}.tipo, ${v}.liberado_en, ${v}.vence_en, ${v}.descartado_en)
         IS DISTINCT FROM (${n}.servicio_id, ${n}.tipo, ${n}.liberado_en, ${n}.vence_en, ${n}.descartado_en)`;
    await q.query(`
      CREATE FUNCTION componente_stock_componente() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM componente_stock_mover('{}'::componente[], ARRAY(SELECT n::componente FROM nuevas n));
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM componente_stock_mover(ARRAY(SELECT v::componente FROM viejas v), '{}'::componente[]);
        ELSE
          PERFORM componente_stock_mover(
            ARRAY(SELECT v::componente FROM viejas v JOIN nuevas n ON n.id = v.id WHERE ${cambio('v', 'n')}),
            ARRAY(SELECT n::componente FROM nuevas n JOIN viejas v ON v.id = n.id WHERE ${cambio('v', 'n')}));
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER componente_stock_insertar AFTER INSERT ON componente
        REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION componente_stock_componente()`);
    await q.query(`
      CREATE TRIGGER componente_stock_actualizar AFTER UPDATE ON componente
        REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
        FOR EACH STATEMENT EXECUTE FUNCTION componente_stock_componente()`);
    await q.query(`
      CREATE TRIGGER componente_stock_borrar AFTER DELETE ON componente
        REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION componente_stock_componente()`);
    // A statement on dispatch lines: its units' steps with the lines before it out, with those now in.
    const tocadas = (viejas: string, nuevas: string) => `ARRAY(SELECT c FROM componente c WHERE c.id IN (
          SELECT v.componente_id FROM ${viejas} v
           WHERE NOT EXISTS (SELECT 1 FROM ${nuevas} n
                              WHERE (n.despacho_id, n.componente_id, n.estado, n.cerrado_en)
                                    IS NOT DISTINCT FROM (v.despacho_id, v.componente_id, v.estado, v.cerrado_en))
          UNION
          SELECT n.componente_id FROM ${nuevas} n
           WHERE NOT EXISTS (SELECT 1 FROM ${viejas} v
                              WHERE (n.despacho_id, n.componente_id, n.estado, n.cerrado_en)
                                    IS NOT DISTINCT FROM (v.despacho_id, v.componente_id, v.estado, v.cerrado_en))))`;
    await q.query(`
      CREATE FUNCTION componente_stock_despacho() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        unidades componente[];
      BEGIN
        IF TG_OP = 'INSERT' THEN
          unidades := ${tocadas(`(SELECT * FROM nuevas WHERE false)`, 'nuevas')};
          PERFORM componente_stock_mover(unidades, unidades, '{}'::despacho_componente[], ARRAY(SELECT n::despacho_componente FROM nuevas n));
        ELSIF TG_OP = 'DELETE' THEN
          unidades := ${tocadas('viejas', `(SELECT * FROM viejas WHERE false)`)};
          PERFORM componente_stock_mover(unidades, unidades, ARRAY(SELECT v::despacho_componente FROM viejas v), '{}'::despacho_componente[]);
        ELSE
          unidades := ${tocadas('viejas', 'nuevas')};
          PERFORM componente_stock_mover(unidades, unidades, ARRAY(SELECT v::despacho_componente FROM viejas v), ARRAY(SELECT n::despacho_componente FROM nuevas n));
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER componente_stock_insertar AFTER INSERT ON despacho_componente
        REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION componente_stock_despacho()`);
    await q.query(`
      CREATE TRIGGER componente_stock_actualizar AFTER UPDATE ON despacho_componente
        REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
        FOR EACH STATEMENT EXECUTE FUNCTION componente_stock_despacho()`);
    await q.query(`
      CREATE TRIGGER componente_stock_borrar AFTER DELETE ON despacho_componente
        REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION componente_stock_despacho()`);
    // Emptied dispatch lines change the stock of every unit: counted again from the units.
    await q.query(`
      CREATE OR REPLACE FUNCTION componente_diario_vaciar() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'componente' THEN
          DELETE FROM componente_diario;
        ELSE
          DELETE FROM componente_diario WHERE evento IN ('despachados', 'transfundidos', 'devueltos', 'stock');
          INSERT INTO componente_diario (servicio_id, dia, evento, tipo, motivo, cantidad)
          SELECT c.servicio_id, p.dia, 'stock', c.tipo, '', p.cantidad
            FROM componente c CROSS JOIN LATERAL componente_stock_pasos(c, '{}'::despacho_componente[]) p;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      INSERT INTO componente_diario (servicio_id, dia, evento, tipo, motivo, cantidad)
      SELECT c.servicio_id, p.dia, 'stock', c.tipo, '', p.cantidad
        FROM componente c
       CROSS JOIN LATERAL componente_stock_pasos(
         c, ARRAY(SELECT dc FROM despacho_componente dc WHERE dc.componente_id = c.id)) p`);
    await q.query(`SELECT componente_diario_compactar(NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION componente_diario_vaciar() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'componente' THEN
          DELETE FROM componente_diario;
        ELSE
          DELETE FROM componente_diario WHERE evento IN ('despachados', 'transfundidos', 'devueltos');
        END IF;
        RETURN NULL;
      END $$`);
    for (const tabla of ['componente', 'despacho_componente']) {
      for (const t of ['insertar', 'actualizar', 'borrar']) {
        await q.query(`DROP TRIGGER componente_stock_${t} ON ${tabla}`);
      }
    }
    await q.query(`DROP FUNCTION componente_stock_despacho()`);
    await q.query(`DROP FUNCTION componente_stock_componente()`);
    await q.query(
      `DROP FUNCTION componente_stock_mover(componente[], componente[], despacho_componente[], despacho_componente[])`,
    );
    await q.query(`DROP FUNCTION componente_stock_pasos(componente, despacho_componente[])`);
    await q.query(`DROP FUNCTION componente_en_stock(componente, despacho_componente[], timestamptz)`);
    await q.query(`DELETE FROM componente_diario WHERE evento = 'stock'`);
    await q.query(`DROP INDEX componente_diario_stock_idx`);
  }
}
