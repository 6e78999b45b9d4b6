import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The units in stock, nearest expiry first (modules/stock StockService.unidades: the stock screen's
 * list, 'ORDER BY vence_en, codigo'): an index of a holder's released units in that order, so that
 * the first page reads its 20 entries instead of sorting every unit in stock. A filter by type
 * keeps using componente_stock_idx (holder, type, expiry).
 */
export class StockUnidadesOrden1764950010000 implements MigrationInterface {
  name = 'StockUnidadesOrden1764950010000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX componente_stock_orden_idx ON componente (ubicacion_id, vence_en, codigo)
        WHERE estado = 'LIBERADO'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX componente_stock_orden_idx`);
  }
}
