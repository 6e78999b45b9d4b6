import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The servicio's screening thresholds (Opciones): stricter minimums of haemoglobin (g/dl) and
 * haematocrit (%) by sex, and an upper bound of each. Null is the spec's bound; the CHECKs keep
 * every value at or over the spec's minimums (12 g/dl, 35 %), whoever writes the row.
 */
export class UmbralesTamizaje1764600000000 implements MigrationInterface {
  name = 'UmbralesTamizaje1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE servicio
        ADD COLUMN umbral_hb_min_mujer numeric(3,1) CHECK (umbral_hb_min_mujer BETWEEN 12 AND 20),
        ADD COLUMN umbral_hb_min_hombre numeric(3,1) CHECK (umbral_hb_min_hombre BETWEEN 12 AND 20),
        ADD COLUMN umbral_hb_max numeric(3,1) CHECK (umbral_hb_max BETWEEN 12 AND 20),
        ADD COLUMN umbral_hcto_min_mujer numeric(3,1) CHECK (umbral_hcto_min_mujer BETWEEN 35 AND 60),
        ADD COLUMN umbral_hcto_min_hombre numeric(3,1) CHECK (umbral_hcto_min_hombre BETWEEN 35 AND 60),
        ADD COLUMN umbral_hcto_max numeric(3,1) CHECK (umbral_hcto_max BETWEEN 35 AND 60)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE servicio
        DROP COLUMN umbral_hb_min_mujer,
        DROP COLUMN umbral_hb_min_hombre,
        DROP COLUMN umbral_hb_max,
        DROP COLUMN umbral_hcto_min_mujer,
        DROP COLUMN umbral_hcto_min_hombre,
        DROP COLUMN umbral_hcto_max`);
  }
}
