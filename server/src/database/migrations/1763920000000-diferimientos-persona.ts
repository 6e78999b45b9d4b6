import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deleting a record never lifts a deferral (domain/elegibilidad.ts, elegibilidad/historial.ts).
 * A person's history now reads every record of a DNI, deleted ones too, through
 * donante_persona_idx (migration 1763900000000, which the roll-up's triggers read the same way).
 * - donacion_eliminada_idx: a donor's deleted donations, whose deferrals still count;
 * - levantamiento_diferimiento.clave grows to hold what the deferral is made of (its markers,
 *   exclusion and days), and anulado_at marks a lift set aside when its donation's result is
 *   changed again to exactly what was lifted (the new result is a new deferral).
 */
export class DiferimientosPersona1763920000000 implements MigrationInterface {
  name = 'DiferimientosPersona1763920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX donacion_eliminada_idx ON donacion (donante_id) WHERE deleted_at IS NOT NULL`,
    );
    await q.query(`
      ALTER TABLE levantamiento_diferimiento
        ALTER COLUMN clave TYPE varchar(200),
        ADD anulado_at timestamptz NULL`);
    // A donation's lifts by origin: a change of its result finds those it sets aside.
    await q.query(
      `CREATE INDEX levantamiento_diferimiento_origen_idx ON levantamiento_diferimiento (origen_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX levantamiento_diferimiento_origen_idx`);
    // The old code reads keys of the old form only: cut ones match nothing (the deferral stands).
    await q.query(`UPDATE levantamiento_diferimiento SET clave = left(clave, 60) WHERE length(clave) > 60`);
    await q.query(`
      ALTER TABLE levantamiento_diferimiento
        DROP COLUMN anulado_at,
        ALTER COLUMN clave TYPE varchar(60)`);
    await q.query(`DROP INDEX donacion_eliminada_idx`);
  }
}
