import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The donor's screens show each lifted deferral with who lifted it, when and why
 * (Donante.levantamientos), and the doctor's queue lists the results awaiting a decision.
 * - levantamiento_diferimiento.texto: the deferral's words when it was lifted. The rows written
 *   before take them from the 'levantar' audit entry written in the same transaction (same
 *   servicio, same origin, same instant).
 * - donacion_pendiente_idx: the donations whose reactive result awaits a doctor (no exclusion
 *   decided), deleted ones too (a deletion is never a lift); the predicate is the queue's
 *   (modules/elegibilidad/elegibilidad.sql.ts RESULTADO_PENDIENTE), so that the planner uses it.
 */
export class LevantamientoTexto1764050000000 implements MigrationInterface {
  name = 'LevantamientoTexto1764050000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE levantamiento_diferimiento ADD texto text NULL`);
    await q.query(`
      UPDATE levantamiento_diferimiento l SET texto = a.cambios->>'diferimiento'
        FROM auditoria a
       WHERE a.servicio_id = l.servicio_id AND a.accion = 'levantar' AND a.at = l.created_at
         AND a.cambios->>'origenId' = l.origen_id::text`);
    await q.query(`
      CREATE INDEX donacion_pendiente_idx ON donacion (servicio_id, fecha, numero)
       WHERE serologia @? '$.* ? (@ == true)'
         AND (exclusion_definitiva IS NULL OR exclusion_definitiva NOT IN ('Definitiva', 'Temporal'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX donacion_pendiente_idx`);
    await q.query(`ALTER TABLE levantamiento_diferimiento DROP COLUMN texto`);
  }
}
