import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit search (AuditoriaService.list) by user, by action, by donor and by donation number,
 * each an index read:
 * - auditoria by user and by a rare action, newest first (the order the screen lists);
 * - the deleted donors by surname, and the deleted donations by donor and by number: the live
 *   ones already have their partial indexes, and what was deleted is what an audit is often
 *   searched for. Deleted rows are few, so these indexes are small.
 */
export class AuditoriaBusqueda1764320000000 implements MigrationInterface {
  name = 'AuditoriaBusqueda1764320000000';

  async up(q: QueryRunner): Promise<void> {
    // Partial, so that neither competes for the reads of a whole servicio's trail (its chain's
    // verification reads it in id order through auditoria_servicio_id_idx): an entry with a user,
    // and the rare actions. The frequent ones (crear, editar, consultar) are dense in the trail,
    // where walking (servicio_id, at DESC) finds a page of them at once.
    await q.query(`
      CREATE INDEX auditoria_usuario_idx ON auditoria (servicio_id, usuario_id, at DESC, id DESC)
        WHERE usuario_id IS NOT NULL`);
    await q.query(`
      CREATE INDEX auditoria_accion_idx ON auditoria (servicio_id, accion, at DESC, id DESC)
        WHERE accion NOT IN ('crear', 'editar', 'consultar')`);
    await q.query(`
      CREATE INDEX donante_eliminado_busqueda_idx
        ON donante (servicio_id, apellido_busqueda, nombre_busqueda) WHERE deleted_at IS NOT NULL`);
    await q.query(
      `CREATE INDEX donacion_eliminada_donante_idx ON donacion (donante_id) WHERE deleted_at IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX donacion_eliminada_numero_idx ON donacion (servicio_id, numero) WHERE deleted_at IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX donacion_eliminada_numero_idx`);
    await q.query(`DROP INDEX donacion_eliminada_donante_idx`);
    await q.query(`DROP INDEX donante_eliminado_busqueda_idx`);
    await q.query(`DROP INDEX auditoria_accion_idx`);
    await q.query(`DROP INDEX auditoria_usuario_idx`);
  }
}
