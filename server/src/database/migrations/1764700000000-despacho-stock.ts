import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What becomes of a released unit (domain/despacho.ts, domain/stock.ts): dispatches to a hospital,
 * another member of the network or the servicio's own transfusion service, each unit's fate in its
 * dispatch (at the destination, in transit, received, returned, transfused, discarded there), and
 * the days before expiry a servicio wants a type highlighted in its stock.
 *
 * A unit received from another member keeps its row (its identifier, producer and donation):
 * `custodia_id` names the member that holds it now, and `ubicacion_id` (generated: the holder, else
 * the producer) is what every stock query reads. `en_transito_a` is the member a dispatched unit
 * travels to, until it is received or returned. The stock index covers the released units only;
 * the expiry sweep reads the units not yet out of stock by their expiry.
 */
export class DespachoStock1764700000000 implements MigrationInterface {
  name = 'DespachoStock1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE componente
        ADD COLUMN custodia_id uuid REFERENCES servicio(id),
        ADD COLUMN ubicacion_id uuid GENERATED ALWAYS AS (coalesce(custodia_id, servicio_id)) STORED,
        ADD COLUMN en_transito_a uuid REFERENCES servicio(id),
        ADD COLUMN despacho_id uuid`);
    await q.query(
      `CREATE INDEX componente_stock_idx ON componente (ubicacion_id, tipo, vence_en) WHERE estado = 'LIBERADO'`,
    );
    await q.query(
      `CREATE INDEX componente_por_vencer_idx ON componente (vence_en) WHERE estado IN ('CUARENTENA', 'LIBERADO')`,
    );
    await q.query(
      `CREATE INDEX componente_en_transito_idx ON componente (en_transito_a) WHERE en_transito_a IS NOT NULL`,
    );

    await q.query(`
      CREATE TABLE despacho (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        destino_tipo varchar(20) NOT NULL CHECK (destino_tipo IN ('HOSPITAL', 'MIEMBRO_RED', 'SERVICIO_PROPIO')),
        destino_nombre varchar(200) NOT NULL,
        destino_referencia varchar(100),
        destino_servicio_id uuid REFERENCES servicio(id),
        despachado_por uuid NOT NULL,
        despachado_en timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((destino_tipo = 'MIEMBRO_RED') = (destino_servicio_id IS NOT NULL))
      )`);
    await q.query(
      `CREATE INDEX despacho_servicio_idx ON despacho (servicio_id, despachado_en DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX despacho_destino_idx ON despacho (destino_servicio_id, despachado_en DESC)
        WHERE destino_servicio_id IS NOT NULL`,
    );
    await q.query(`
      ALTER TABLE componente ADD CONSTRAINT componente_despacho_fk FOREIGN KEY (despacho_id) REFERENCES despacho(id)`);

    await q.query(`
      CREATE TABLE despacho_componente (
        despacho_id uuid NOT NULL REFERENCES despacho(id),
        componente_id uuid NOT NULL REFERENCES componente(id),
        estado varchar(20) NOT NULL DEFAULT 'EN_DESTINO'
          CHECK (estado IN ('EN_DESTINO', 'EN_TRANSITO', 'RECIBIDO', 'DEVUELTO', 'TRANSFUNDIDO', 'DESCARTADO')),
        cadena_frio boolean,
        detalle varchar(500),
        cerrado_por uuid,
        cerrado_en timestamptz,
        PRIMARY KEY (despacho_id, componente_id)
      )`);
    await q.query(`CREATE INDEX despacho_componente_componente_idx ON despacho_componente (componente_id)`);

    await q.query(`
      CREATE TABLE aviso_vencimiento (
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        tipo varchar(30) NOT NULL
          CHECK (tipo IN ('GLOBULOS_ROJOS', 'PLASMA_FRESCO_CONGELADO', 'PLAQUETAS', 'CRIOPRECIPITADO')),
        dias integer NOT NULL CHECK (dias BETWEEN 0 AND 365),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (servicio_id, tipo)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE aviso_vencimiento`);
    await q.query(`ALTER TABLE componente DROP CONSTRAINT componente_despacho_fk`);
    await q.query(`DROP TABLE despacho_componente`);
    await q.query(`DROP TABLE despacho`);
    await q.query(`DROP INDEX componente_en_transito_idx`);
    await q.query(`DROP INDEX componente_por_vencer_idx`);
    await q.query(`DROP INDEX componente_stock_idx`);
    await q.query(
      `ALTER TABLE componente DROP COLUMN despacho_id, DROP COLUMN en_transito_a, DROP COLUMN ubicacion_id,
         DROP COLUMN custodia_id`,
    );
  }
}
