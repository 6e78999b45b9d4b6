import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The discard and dispatch registers and the dispatch indicators (modules/registro,
 * modules/indicadores):
 * - the discard register reads the units the servicio held when they were discarded, by the
 *   instant of the discard (`ubicacion_id`, `descartado_en`);
 * - the stock at the end of a period reads the released units of a servicio that expire after it
 *   (`servicio_id`, `vence_en`): a type's shelf life bounds them, whatever the years of history;
 * - transfused and returned units are counted by the instant their fate was recorded
 *   (`cerrado_en`), the dispatch then read by its key.
 */
export class Registros1764910000000 implements MigrationInterface {
  name = 'Registros1764910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX componente_descartado_ubicacion_idx ON componente (ubicacion_id, descartado_en)
        WHERE descartado_en IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX componente_liberado_vence_idx ON componente (servicio_id, vence_en)
        WHERE liberado_en IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX despacho_componente_cerrado_idx ON despacho_componente (cerrado_en)
        WHERE cerrado_en IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX despacho_componente_cerrado_idx`);
    await q.query(`DROP INDEX componente_liberado_vence_idx`);
    await q.query(`DROP INDEX componente_descartado_ubicacion_idx`);
  }
}
