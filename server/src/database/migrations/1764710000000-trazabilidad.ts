import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Look-back (domain/trazabilidad.ts): one per donation whose result turned reactive, opened by
 * its servicio; the units of the person's earlier donations it found at any member (what it did
 * with each: withdrawn, to notify, nothing), and the notifications recorded (who, when, how,
 * answer). The window in months each servicio reads back (default 12).
 */
export class Trazabilidad1764710000000 implements MigrationInterface {
  name = 'Trazabilidad1764710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE servicio ADD COLUMN ventana_trazabilidad_meses integer NOT NULL DEFAULT 12
         CHECK (ventana_trazabilidad_meses BETWEEN 1 AND 60)`,
    );
    await q.query(`
      CREATE TABLE trazabilidad (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        donacion_id uuid NOT NULL REFERENCES donacion(id),
        motivo varchar(30) NOT NULL CHECK (motivo IN ('RESULTADO_REACTIVO')),
        desde date NOT NULL,
        abierta boolean NOT NULL DEFAULT true,
        cerrada_por uuid,
        cerrada_en timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (donacion_id)
      )`);
    await q.query(
      `CREATE INDEX trazabilidad_servicio_idx ON trazabilidad (servicio_id, abierta, created_at DESC)`,
    );
    await q.query(`
      CREATE TABLE trazabilidad_unidad (
        trazabilidad_id uuid NOT NULL REFERENCES trazabilidad(id),
        componente_id uuid NOT NULL REFERENCES componente(id),
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        accion varchar(12) NOT NULL CHECK (accion IN ('RETIRADA', 'NOTIFICAR', 'SIN_ACCION')),
        estado_previo varchar(12) NOT NULL,
        destino varchar(200),
        PRIMARY KEY (trazabilidad_id, componente_id)
      )`);
    await q.query(`CREATE INDEX trazabilidad_unidad_servicio_idx ON trazabilidad_unidad (servicio_id)`);
    await q.query(`CREATE INDEX trazabilidad_unidad_componente_idx ON trazabilidad_unidad (componente_id)`);
    await q.query(`
      CREATE TABLE trazabilidad_notificacion (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        trazabilidad_id uuid NOT NULL REFERENCES trazabilidad(id),
        componente_id uuid REFERENCES componente(id),
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        notificado varchar(200) NOT NULL,
        medio varchar(12) NOT NULL CHECK (medio IN ('TELEFONO', 'CORREO', 'NOTA', 'EN_PERSONA', 'OTRO')),
        respuesta varchar(1000),
        notificado_en timestamptz NOT NULL,
        registrado_por uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX trazabilidad_notificacion_idx ON trazabilidad_notificacion (trazabilidad_id, notificado_en)`,
    );
    await q.query(
      `CREATE INDEX trazabilidad_notificacion_servicio_idx ON trazabilidad_notificacion (servicio_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE trazabilidad_notificacion`);
    await q.query(`DROP TABLE trazabilidad_unidad`);
    await q.query(`DROP TABLE trazabilidad`);
    await q.query(`ALTER TABLE servicio DROP COLUMN ventana_trazabilidad_meses`);
  }
}
