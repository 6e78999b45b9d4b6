import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Calling donors back and post-donation information (domain/citacion.ts):
 * - citacion: a donor the servicio has to call, why (coded, the detail of 'OTRO'), which donation
 *   it comes from, its state, the appointment, the attendance (what was told, the referral) and
 *   the closure (who, when, why). The list filters by servicio and state, newest first; the
 *   results look up a donor's open ones by reason; a donor's badge asks whether one is open.
 * - citacion_intento: each attempt to reach the donor (date, means, what happened, who).
 * - informe_postdonacion: what a donor or a doctor reported after a donation, and how many of its
 *   units it blocked.
 * A component discarded by such a report takes the new reason INFORME_POSTDONACION.
 */
export class Citacion1764800000000 implements MigrationInterface {
  name = 'Citacion1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE citacion (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        donante_id uuid NOT NULL REFERENCES donante(id),
        donacion_id uuid REFERENCES donacion(id),
        motivo varchar(40) NOT NULL
          CHECK (motivo IN ('RESULTADO_REACTIVO_CONFIRMATORIO', 'RESULTADO_CONFIRMADO', 'OTRO')),
        detalle varchar(500),
        estado varchar(10) NOT NULL DEFAULT 'PENDIENTE'
          CHECK (estado IN ('PENDIENTE', 'CITADO', 'ASISTIO', 'CERRADA')),
        cita date,
        asistio_en timestamptz,
        informado varchar(1000),
        derivacion varchar(500),
        creada_por uuid,
        cerrada_por uuid,
        cerrada_en timestamptz,
        motivo_cierre varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX citacion_servicio_estado_idx ON citacion (servicio_id, estado, created_at DESC, id)`,
    );
    await q.query(`CREATE INDEX citacion_servicio_creada_idx ON citacion (servicio_id, created_at DESC, id)`);
    await q.query(`CREATE INDEX citacion_donante_idx ON citacion (donante_id, motivo, estado)`);
    await q.query(`CREATE INDEX citacion_donacion_idx ON citacion (donacion_id)`);

    await q.query(`
      CREATE TABLE citacion_intento (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        citacion_id uuid NOT NULL REFERENCES citacion(id),
        fecha date NOT NULL,
        medio varchar(12) NOT NULL
          CHECK (medio IN ('TELEFONO', 'CORREO', 'MENSAJE', 'CARTA', 'EN_PERSONA', 'OTRO')),
        resultado varchar(500),
        registrado_por uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX citacion_intento_citacion_idx ON citacion_intento (citacion_id, created_at)`);

    await q.query(`
      CREATE TABLE informe_postdonacion (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        donacion_id uuid NOT NULL REFERENCES donacion(id),
        informante varchar(10) NOT NULL CHECK (informante IN ('DONANTE', 'MEDICO', 'OTRO')),
        fecha date NOT NULL,
        descripcion varchar(1000) NOT NULL,
        componentes_bloqueados integer NOT NULL DEFAULT 0,
        registrado_por uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX informe_postdonacion_donacion_idx ON informe_postdonacion (donacion_id, created_at)`,
    );

    await q.query(`ALTER TABLE componente DROP CONSTRAINT componente_motivo_descarte_check`);
    await q.query(`
      ALTER TABLE componente ADD CONSTRAINT componente_motivo_descarte_check
        CHECK (motivo_descarte IN ('SEROLOGIA_REACTIVA', 'VENCIMIENTO', 'BOLSA_ROTA', 'LIPEMICO', 'HEMOLIZADO',
                                   'BAJO_VOLUMEN', 'CONTROL_CALIDAD', 'CADENA_FRIO', 'INFORME_POSTDONACION',
                                   'OTRO'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE componente DROP CONSTRAINT componente_motivo_descarte_check`);
    await q.query(`
      ALTER TABLE componente ADD CONSTRAINT componente_motivo_descarte_check
        CHECK (motivo_descarte IN ('SEROLOGIA_REACTIVA', 'VENCIMIENTO', 'BOLSA_ROTA', 'LIPEMICO', 'HEMOLIZADO',
                                   'BAJO_VOLUMEN', 'CONTROL_CALIDAD', 'CADENA_FRIO', 'OTRO'))`);
    await q.query(`DROP TABLE informe_postdonacion`);
    await q.query(`DROP TABLE citacion_intento`);
    await q.query(`DROP TABLE citacion`);
  }
}
