import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every attendance is a visit (domain/visita.ts, domain/entrevista.ts):
 * - visita: the donor's arrival (date, time, who received them), its state, the interview's
 *   interviewer and the doctor who confirmed it, the signatures of the declaration and of the
 *   consent with their witnesses, and what it ended in (a donation or a 'No apto' visit). The
 *   day's list reads it by servicio and date; a donor's open visit is looked up by donor.
 * - cuestionario_pregunta: the servicio's questionnaire (filled with the default questions the
 *   first time it is read): text, kind, confidential, order, active, and the deferral of the
 *   answer that defers (days or for good, with a coded reason).
 * - visita_respuesta: the answers of a visit's interview, each with the question as it was asked
 *   (text, kind, confidential, deferral), so a later edit of the questionnaire does not change it.
 * Every existing 'No apto' visit becomes a visit that ended so, and every donation a visit that
 * ended in it (same servicio, donor, date, time and recorder): no data is lost or moved.
 */
export class Visita1764920000000 implements MigrationInterface {
  name = 'Visita1764920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE visita (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        donante_id uuid NOT NULL REFERENCES donante(id),
        fecha date NOT NULL,
        hora time NOT NULL,
        recibido_por uuid REFERENCES usuario(id),
        estado varchar(12) NOT NULL DEFAULT 'EN_CURSO'
          CHECK (estado IN ('EN_CURSO', 'DONACION', 'NO_APTO', 'ABANDONADA')),
        entrevistador_id uuid REFERENCES usuario(id),
        respondida_en timestamptz,
        confirmada_por uuid REFERENCES usuario(id),
        confirmada_en timestamptz,
        declaracion_firmada boolean NOT NULL DEFAULT false,
        testigo_declaracion varchar(120),
        consentimiento_firmado boolean NOT NULL DEFAULT false,
        testigo_consentimiento varchar(120),
        firmas_por uuid REFERENCES usuario(id),
        donacion_id uuid REFERENCES donacion(id),
        no_apto_id uuid REFERENCES visita_no_apto(id),
        cerrada_en timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (estado <> 'DONACION' OR donacion_id IS NOT NULL),
        CHECK (estado <> 'NO_APTO' OR no_apto_id IS NOT NULL)
      )`);
    await q.query(
      `CREATE INDEX visita_servicio_fecha_idx ON visita (servicio_id, fecha DESC, hora DESC, id)`,
    );
    await q.query(`CREATE INDEX visita_donante_idx ON visita (donante_id, estado, fecha DESC)`);
    await q.query(
      `CREATE UNIQUE INDEX visita_donacion_idx ON visita (donacion_id) WHERE donacion_id IS NOT NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX visita_no_apto_idx ON visita (no_apto_id) WHERE no_apto_id IS NOT NULL`,
    );

    await q.query(`
      CREATE TABLE cuestionario_pregunta (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        clave varchar(20) NOT NULL,
        texto varchar(300) NOT NULL CHECK (btrim(texto) <> ''),
        tipo varchar(8) NOT NULL CHECK (tipo IN ('SI_NO', 'TEXTO', 'NUMERO', 'FECHA')),
        confidencial boolean NOT NULL DEFAULT false,
        orden integer NOT NULL,
        activa boolean NOT NULL DEFAULT true,
        difiere_si varchar(2) CHECK (difiere_si IN ('SI', 'NO')),
        diferimiento_dias integer NOT NULL DEFAULT 0 CHECK (diferimiento_dias BETWEEN 0 AND 365),
        definitivo boolean NOT NULL DEFAULT false,
        motivo_codigo varchar(40),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX cuestionario_pregunta_clave_idx ON cuestionario_pregunta (servicio_id, clave)`,
    );

    await q.query(`
      CREATE TABLE visita_respuesta (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        visita_id uuid NOT NULL REFERENCES visita(id),
        pregunta_id uuid REFERENCES cuestionario_pregunta(id),
        orden integer NOT NULL,
        texto varchar(300) NOT NULL,
        tipo varchar(8) NOT NULL,
        confidencial boolean NOT NULL DEFAULT false,
        valor varchar(500) NOT NULL,
        difiere boolean NOT NULL DEFAULT false,
        diferimiento_dias integer NOT NULL DEFAULT 0,
        definitivo boolean NOT NULL DEFAULT false,
        motivo_codigo varchar(40),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX visita_respuesta_visita_idx ON visita_respuesta (visita_id, orden)`);

    // The visits of the past: each 'No apto' and each donation was an attendance.
    await q.query(`
      INSERT INTO visita (servicio_id, donante_id, fecha, hora, recibido_por, estado, no_apto_id, cerrada_en, created_at)
      SELECT servicio_id, donante_id, fecha, hora, registrado_por, 'NO_APTO', id, created_at, created_at
        FROM visita_no_apto`);
    await q.query(`
      INSERT INTO visita (servicio_id, donante_id, fecha, hora, recibido_por, estado, donacion_id, cerrada_en, created_at)
      SELECT servicio_id, donante_id, fecha, COALESCE(hora, '00:00'::time), registrado_por, 'DONACION', id, created_at, created_at
        FROM donacion`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE visita_respuesta`);
    await q.query(`DROP TABLE cuestionario_pregunta`);
    await q.query(`DROP TABLE visita`);
  }
}
