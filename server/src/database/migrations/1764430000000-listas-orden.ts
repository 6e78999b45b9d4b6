import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lists ordered by a column and the donors filtered by blood group, each an index read:
 * - the live donors by DNI as a number reads (shorter first, then byte order) and by last
 *   donation (who never donated last), within the servicio, the id last as the lists break ties;
 * - the live donations by servicio, group and factor, with the donor: the donors with a
 *   donation of a group are read from it alone (index-only).
 */
export class ListasOrden1764430000000 implements MigrationInterface {
  name = 'ListasOrden1764430000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX donante_orden_dni_idx
        ON donante (servicio_id, length(dni), (dni COLLATE "C"), id) WHERE deleted_at IS NULL`);
    // Who never donated goes last both ways: one index per direction (one read backwards would
    // put them first).
    await q.query(`
      CREATE INDEX donante_orden_ultima_donacion_idx
        ON donante (servicio_id, ultima_donacion ASC NULLS LAST, id) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE INDEX donante_orden_ultima_donacion_desc_idx
        ON donante (servicio_id, ultima_donacion DESC NULLS LAST, id DESC) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE INDEX donacion_grupo_idx ON donacion (servicio_id, abo, rh, donante_id) WHERE deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX donacion_grupo_idx`);
    await q.query(`DROP INDEX donante_orden_ultima_donacion_desc_idx`);
    await q.query(`DROP INDEX donante_orden_ultima_donacion_idx`);
    await q.query(`DROP INDEX donante_orden_dni_idx`);
  }
}
