import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The stock's reads at a large servicio (test/perf: the 'stock' cases).
 *
 * - The expiry sweep that runs before every stock read (modules/stock vencerVencidos) finds a
 *   holder's expired units in stock by an index of its own, in its order (expiry, id): before,
 *   with none, the planner walked the whole table in id order to find nothing.
 * - A unit carries its donation's ABO/Rh (abo, rh), kept by triggers: set from the donation when
 *   the unit is written, and again on the donation's units when its group changes (the results
 *   may type a donation after it was split; a released unit's group never changes, the service
 *   refuses it). The stock by type and group then reads one index of the holder's released units
 *   and never the donations: before, every unit in stock cost a read of its donation.
 *
 * The triggers only copy what the donation says, so a restored backup (server/src/database/backup.ts)
 * needs nothing of them: its units are written after their donations and take the same group.
 */
export class StockIndices1764930010000 implements MigrationInterface {
  name = 'StockIndices1764930010000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX componente_barrido_idx ON componente (ubicacion_id, vence_en, id)
        WHERE estado IN ('CUARENTENA', 'LIBERADO')`,
    );
    await q.query(
      `ALTER TABLE componente ADD COLUMN abo varchar(2) NOT NULL DEFAULT '', ADD COLUMN rh varchar(8) NOT NULL DEFAULT ''`,
    );
    await q.query(
      `UPDATE componente c SET abo = d.abo, rh = d.rh FROM donacion d
        WHERE d.id = c.donacion_id AND (c.abo, c.rh) IS DISTINCT FROM (d.abo, d.rh)`,
    );
    await q.query(`
      CREATE FUNCTION componente_grupo() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT d.abo, d.rh INTO NEW.abo, NEW.rh FROM donacion d WHERE d.id = NEW.donacion_id;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER componente_grupo BEFORE INSERT OR UPDATE OF donacion_id ON componente
        FOR EACH ROW EXECUTE FUNCTION componente_grupo()`);
    await q.query(`
      CREATE FUNCTION donacion_grupo_componentes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE componente SET abo = NEW.abo, rh = NEW.rh WHERE donacion_id = NEW.id;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER donacion_grupo_componentes AFTER UPDATE OF abo, rh ON donacion
        FOR EACH ROW WHEN (OLD.abo IS DISTINCT FROM NEW.abo OR OLD.rh IS DISTINCT FROM NEW.rh)
        EXECUTE FUNCTION donacion_grupo_componentes()`);
    await q.query(
      `CREATE INDEX componente_stock_grupo_idx ON componente (ubicacion_id, tipo, abo, rh, vence_en)
        WHERE estado = 'LIBERADO'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX componente_stock_grupo_idx`);
    await q.query(`DROP TRIGGER donacion_grupo_componentes ON donacion`);
    await q.query(`DROP FUNCTION donacion_grupo_componentes()`);
    await q.query(`DROP TRIGGER componente_grupo ON componente`);
    await q.query(`DROP FUNCTION componente_grupo()`);
    await q.query(`ALTER TABLE componente DROP COLUMN abo, DROP COLUMN rh`);
    await q.query(`DROP INDEX componente_barrido_idx`);
  }
}
