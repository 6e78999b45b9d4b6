import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A look-back also opens on a post-donation report (something the donor or a doctor told after the
 * donation that makes the blood unsafe), not only on a reactive result.
 */
export class TrazabilidadInforme1764810000000 implements MigrationInterface {
  name = 'TrazabilidadInforme1764810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE trazabilidad
        DROP CONSTRAINT trazabilidad_motivo_check,
        ADD CONSTRAINT trazabilidad_motivo_check CHECK (motivo IN ('RESULTADO_REACTIVO', 'INFORME_POSTDONACION'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM trazabilidad WHERE motivo = 'INFORME_POSTDONACION'`);
    await q.query(`
      ALTER TABLE trazabilidad
        DROP CONSTRAINT trazabilidad_motivo_check,
        ADD CONSTRAINT trazabilidad_motivo_check CHECK (motivo IN ('RESULTADO_REACTIVO'))`);
  }
}
