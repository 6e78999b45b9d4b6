import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Donor reactions at a donation (domain/reacciones.ts): the coded kind and severity, the time, the
 * treatment and the outcome, who recorded it and when. Never deleted: a mistake is corrected
 * (audited). Read by donation (the sheet), by servicio and the donation's date (the indicators:
 * joined to donacion by its primary key) and by donor (a severe one is a notice for the next
 * interview: through donacion's donor index).
 */
export class Reacciones1764610000000 implements MigrationInterface {
  name = 'Reacciones1764610000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE reaccion_donante (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        donacion_id uuid NOT NULL REFERENCES donacion(id),
        tipo varchar(40) NOT NULL CHECK (tipo IN ('VASOVAGAL_SIN_PERDIDA_CONCIENCIA',
          'VASOVAGAL_CON_PERDIDA_CONCIENCIA', 'HEMATOMA', 'PUNCION_ARTERIAL', 'LESION_NERVIOSA',
          'REACCION_CITRATO', 'OTRA')),
        severidad varchar(10) NOT NULL CHECK (severidad IN ('LEVE', 'MODERADA', 'SEVERA')),
        hora varchar(5) NOT NULL,
        tratamiento varchar(500),
        evolucion varchar(500),
        detalle varchar(500),
        registrada_por uuid,
        registrada_en timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX reaccion_donante_donacion_idx ON reaccion_donante (donacion_id)`);
    await q.query(
      `CREATE INDEX reaccion_donante_servicio_idx ON reaccion_donante (servicio_id, donacion_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reaccion_donante`);
  }
}
