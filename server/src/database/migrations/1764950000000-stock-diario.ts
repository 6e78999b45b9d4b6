import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The stock by type and ABO/Rh in constant time (test/perf: 'stock: por tipo y grupo').
 *
 * `stock_diario` counts each holder's released units by type, ABO/Rh and UTC day of expiry. It is a
 * ledger of signed changes, not one row per key: the trigger on `componente` appends +1 when a unit
 * becomes released (or changes holder, group or expiry while released) and -1 when it stops being
 * so, and never updates a row. Two transactions changing units of one type and group therefore
 * never wait for each other, nor deadlock over a shared counter. `stock_compactar(holder)` folds a
 * holder's entries into one per key (or none where they cancel): rows deleted and the sums inserted
 * in one statement, so a concurrent change (not yet visible to it) or a concurrent compaction is
 * never lost or counted twice. The server compacts with its periodic expiry sweep.
 *
 * A stock read sums the entries of the days after today and counts the units of today and of the
 * last warning day exactly from the units' index, because a day holds units on both sides of
 * 'now' (modules/stock StockService.filas; a test compares it with a count of the units).
 *
 * Not carried in backups: a restore writes the units again and the trigger counts them.
 */
export class StockDiario1764950000000 implements MigrationInterface {
  name = 'StockDiario1764950000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE stock_diario (
        ubicacion_id uuid NOT NULL REFERENCES servicio(id) ON DELETE CASCADE,
        tipo varchar(30) NOT NULL,
        abo varchar(2) NOT NULL,
        rh varchar(8) NOT NULL,
        dia date NOT NULL,
        cantidad integer NOT NULL
      )`);
    await q.query(
      `CREATE INDEX stock_diario_idx ON stock_diario (ubicacion_id, tipo, dia) INCLUDE (abo, rh, cantidad)`,
    );
    await q.query(`
      CREATE FUNCTION componente_stock_diario() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' AND OLD.estado = 'LIBERADO' THEN
          IF TG_OP = 'UPDATE' AND NEW.estado = 'LIBERADO'
             AND (NEW.ubicacion_id, NEW.tipo, NEW.abo, NEW.rh, NEW.vence_en)
                 IS NOT DISTINCT FROM (OLD.ubicacion_id, OLD.tipo, OLD.abo, OLD.rh, OLD.vence_en) THEN
            RETURN NULL;
          END IF;
          INSERT INTO stock_diario (ubicacion_id, tipo, abo, rh, dia, cantidad)
          VALUES (OLD.ubicacion_id, OLD.tipo, OLD.abo, OLD.rh, (OLD.vence_en AT TIME ZONE 'UTC')::date, -1);
        END IF;
        IF TG_OP <> 'DELETE' AND NEW.estado = 'LIBERADO' THEN
          INSERT INTO stock_diario (ubicacion_id, tipo, abo, rh, dia, cantidad)
          VALUES (NEW.ubicacion_id, NEW.tipo, NEW.abo, NEW.rh, (NEW.vence_en AT TIME ZONE 'UTC')::date, 1);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER componente_stock_diario AFTER INSERT OR UPDATE OR DELETE ON componente
        FOR EACH ROW EXECUTE FUNCTION componente_stock_diario()`);
    // TRUNCATE fires no row trigger: the ledger empties with the units. (A DELETE: a TRUNCATE here
    // is refused when the statement's own CASCADE from servicio is emptying the ledger too.)
    await q.query(`
      CREATE FUNCTION componente_stock_diario_vaciar() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM stock_diario;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER componente_stock_diario_vaciar AFTER TRUNCATE ON componente
        FOR EACH STATEMENT EXECUTE FUNCTION componente_stock_diario_vaciar()`);
    await q.query(`
      CREATE FUNCTION stock_compactar(holder uuid) RETURNS void LANGUAGE sql AS $$
        WITH viejas AS (
          DELETE FROM stock_diario WHERE holder IS NULL OR ubicacion_id = holder
          RETURNING ubicacion_id, tipo, abo, rh, dia, cantidad)
        INSERT INTO stock_diario (ubicacion_id, tipo, abo, rh, dia, cantidad)
        SELECT ubicacion_id, tipo, abo, rh, dia, sum(cantidad)::int FROM viejas
         GROUP BY ubicacion_id, tipo, abo, rh, dia
        HAVING sum(cantidad) <> 0
         ORDER BY ubicacion_id, tipo, dia, abo, rh
      $$`);
    await q.query(`
      INSERT INTO stock_diario (ubicacion_id, tipo, abo, rh, dia, cantidad)
      SELECT ubicacion_id, tipo, abo, rh, (vence_en AT TIME ZONE 'UTC')::date, count(*)::int
        FROM componente WHERE estado = 'LIBERADO'
       GROUP BY 1, 2, 3, 4, 5
       ORDER BY 1, 2, 5, 3, 4`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION stock_compactar(uuid)`);
    await q.query(`DROP TRIGGER componente_stock_diario_vaciar ON componente`);
    await q.query(`DROP FUNCTION componente_stock_diario_vaciar()`);
    await q.query(`DROP TRIGGER componente_stock_diario ON componente`);
    await q.query(`DROP FUNCTION componente_stock_diario()`);
    await q.query(`DROP TABLE stock_diario`);
  }
}
