import { MigrationInterface, QueryRunner } from 'typeorm';

/** A timestamp's calendar day in Argentina, as every date of the product. */
const DIA = (ts: string) => `(${ts} AT TIME ZONE 'America/Argentina/Buenos_Aires')::date`;

/**
 * The member's lookup budget (domain/limites.ts) counted from a small table instead of the access
 * log: consulta_red keeps every lookup, a list read again included, so counting today's distinct
 * records there read every row of the day on each read, more with each read.
 *
 * consulta_red_presupuesto holds one row per servicio, Argentine day and record of another member
 * looked up that day, with the last time it was; a trigger on consulta_red keeps it, so every path
 * that logs a lookup (a list's read, a creation's audit) is counted. The budget refuses new records
 * past its daily figure, so a servicio's day holds at most that many rows, and reading the budget
 * reads at most those. Rows older than yesterday go as new ones come.
 */
export class ConsultaRedPresupuesto1764330000000 implements MigrationInterface {
  name = 'ConsultaRedPresupuesto1764330000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE consulta_red_presupuesto (
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        dia date NOT NULL,
        donante_consultado uuid NOT NULL,
        ultima timestamptz NOT NULL,
        PRIMARY KEY (servicio_id, dia, donante_consultado)
      )`);
    await q.query(`
      CREATE FUNCTION consulta_red_contar() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- One row per key (an upsert may not touch a row twice), in key order (no two
        -- statements wait for each other's rows in opposite orders).
        INSERT INTO consulta_red_presupuesto AS p (servicio_id, dia, donante_consultado, ultima)
        SELECT servicio_id, ${DIA('created_at')}, donante_consultado, max(created_at)
          FROM nuevas GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (servicio_id, dia, donante_consultado)
          DO UPDATE SET ultima = greatest(p.ultima, EXCLUDED.ultima);
        DELETE FROM consulta_red_presupuesto p
         WHERE p.servicio_id IN (SELECT DISTINCT servicio_id FROM nuevas)
           AND p.dia < ${DIA('clock_timestamp()')} - 1;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER consulta_red_contar AFTER INSERT ON consulta_red
        REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION consulta_red_contar()`);
    // The lookups of yesterday and today, counted as the trigger would have.
    await q.query(`
      INSERT INTO consulta_red_presupuesto (servicio_id, dia, donante_consultado, ultima)
      SELECT servicio_id, ${DIA('created_at')}, donante_consultado, max(created_at)
        FROM consulta_red WHERE created_at >= clock_timestamp() - interval '2 days'
       GROUP BY 1, 2, 3`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER consulta_red_contar ON consulta_red`);
    await q.query(`DROP FUNCTION consulta_red_contar()`);
    await q.query(`DROP TABLE consulta_red_presupuesto`);
  }
}
