import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Donor safety (domain/elegibilidad.ts):
 * - servicio: the donation rules a servicio sets in Opciones, bounded by the national norm (the
 *   interval never under 8 weeks; at most 4 whole-blood donations in 12 months for men, 3 for
 *   women). The CHECKs repeat the bounds so no write path can store a looser rule.
 * - visita_no_apto: a donor who came and could not donate (vital signs, interview), with the
 *   measured values and an optional temporary deferral in days.
 * - levantamiento_diferimiento: a deferral lifted by a doctor or the service administrator, with
 *   the reason. `clave` is what the deferral was (domain claveDiferimiento): a result changed
 *   afterwards is a new deferral, which the lift does not cover.
 * A donor's history reads every live record with the same canonical DNI (records awaiting a
 * merge share it) through donante_servicio_dni_prefijo_idx (migration 1763830000000).
 */
export class Elegibilidad1763840000000 implements MigrationInterface {
  name = 'Elegibilidad1763840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE servicio
        ADD semanas_entre_donaciones integer NOT NULL DEFAULT 8
          CHECK (semanas_entre_donaciones BETWEEN 8 AND 52),
        ADD limite_anual_hombres integer NOT NULL DEFAULT 4 CHECK (limite_anual_hombres BETWEEN 1 AND 4),
        ADD limite_anual_mujeres integer NOT NULL DEFAULT 3 CHECK (limite_anual_mujeres BETWEEN 1 AND 3)`);
    await q.query(`
      CREATE TABLE visita_no_apto (
        id uuid PRIMARY KEY,
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        donante_id uuid NOT NULL REFERENCES donante(id),
        fecha date NOT NULL,
        hora time NOT NULL,
        motivo varchar(500) NOT NULL CHECK (btrim(motivo) <> ''),
        ta_sistolica numeric(6,2),
        ta_diastolica numeric(6,2),
        fc numeric(6,2),
        peso numeric(6,2),
        temp numeric(6,2),
        hb numeric(6,2),
        hto numeric(6,2),
        diferimiento_dias integer NOT NULL DEFAULT 0 CHECK (diferimiento_dias BETWEEN 0 AND 365),
        registrado_por uuid REFERENCES usuario(id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX visita_no_apto_donante_idx ON visita_no_apto (donante_id, fecha DESC)`);
    // The reporting indicators count a servicio's visits by date.
    await q.query(`CREATE INDEX visita_no_apto_fecha_idx ON visita_no_apto (servicio_id, fecha)`);
    await q.query(`
      CREATE TABLE levantamiento_diferimiento (
        id uuid PRIMARY KEY,
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        donante_id uuid NOT NULL REFERENCES donante(id),
        origen_id uuid NOT NULL,
        clave varchar(60) NOT NULL,
        motivo varchar(500) NOT NULL CHECK (btrim(motivo) <> ''),
        usuario_id uuid REFERENCES usuario(id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX levantamiento_diferimiento_donante_idx ON levantamiento_diferimiento (donante_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE levantamiento_diferimiento`);
    await q.query(`DROP TABLE visita_no_apto`);
    await q.query(`
      ALTER TABLE servicio
        DROP semanas_entre_donaciones, DROP limite_anual_hombres, DROP limite_anual_mujeres`);
  }
}
