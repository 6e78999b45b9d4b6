import { MigrationInterface, QueryRunner } from 'typeorm';

/** Donations and the per-servicio label-number counter. Runs after the donors' migration. */
export class Donacion1763800000000 implements MigrationInterface {
  name = 'Donacion1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE etiqueta_contador (
        servicio_id uuid PRIMARY KEY REFERENCES servicio(id),
        ultimo bigint NOT NULL CHECK (ultimo >= 0)
      )`);
    await q.query(`
      CREATE TABLE donacion (
        id uuid PRIMARY KEY,
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        donante_id uuid NOT NULL REFERENCES donante(id),
        numero integer NOT NULL CHECK (numero > 0),
        fecha date NOT NULL,
        hora time NOT NULL,
        plasma_covid boolean NOT NULL DEFAULT false,
        ta_sistolica numeric(6,2),
        ta_diastolica numeric(6,2),
        fc numeric(6,2),
        peso numeric(6,2),
        temp numeric(6,2),
        hb numeric(6,2),
        hto numeric(6,2),
        tipo_bolsa varchar(20) NOT NULL DEFAULT 'Bolsa Doble'
          CHECK (tipo_bolsa IN ('Bolsa Doble', 'Bolsa Triple')),
        lote_bolsa varchar(50) NOT NULL,
        donacion_aferesis boolean NOT NULL DEFAULT false,
        abo varchar(2) NOT NULL DEFAULT '' CHECK (abo IN ('', 'A', 'B', 'AB', 'O')),
        rh varchar(10) NOT NULL DEFAULT '' CHECK (rh IN ('', 'POSITIVO', 'NEGATIVO')),
        serologia jsonb CHECK (serologia IS NULL OR jsonb_typeof(serologia) = 'object'),
        exclusion_definitiva varchar(20) CHECK (exclusion_definitiva IN ('Definitiva', 'Temporal')),
        exclusion_tiempo integer CHECK (exclusion_tiempo IN (0, 15, 30, 90, 180, 365)),
        exclusion_codigo varchar(50),
        registrado_por uuid REFERENCES usuario(id),
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A label number belongs to one live donation of the servicio.
    await q.query(
      `CREATE UNIQUE INDEX donacion_numero_uq ON donacion (servicio_id, numero) WHERE deleted_at IS NULL`,
    );
    // Search by fecha (newest first) and a donor's donations by date.
    await q.query(
      `CREATE INDEX donacion_fecha_idx ON donacion (servicio_id, fecha DESC, hora DESC) WHERE deleted_at IS NULL`,
    );
    await q.query(
      `CREATE INDEX donacion_donante_idx ON donacion (donante_id, fecha DESC) WHERE deleted_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE donacion`);
    await q.query(`DROP TABLE etiqueta_contador`);
  }
}
