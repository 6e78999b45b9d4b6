import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A look-back also opens when a donor's deferral is made definitive for a cause that may affect
 * earlier blood (domain/trazabilidad.ts causaInfecciosa): on a donation's results (its donation
 * is the origin, as before) or at a 'No apto' visit (the visit is the origin, no donation). Every
 * look-back names its donor's record and the cause (HIV, Chagas, risk behaviour...; null for a
 * post-donation report), so that a donor has one open look-back per cause: opening one looks
 * for it (the index) under the person's lock. Not a unique index: merging two records of one
 * person may leave two open for a cause side by side, each with its own donations' units.
 */
export class TrazabilidadDiferimiento1764930000000 implements MigrationInterface {
  name = 'TrazabilidadDiferimiento1764930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE trazabilidad
        ALTER COLUMN donacion_id DROP NOT NULL,
        ADD COLUMN no_apto_id uuid REFERENCES visita_no_apto(id),
        ADD COLUMN donante_id uuid REFERENCES donante(id),
        ADD COLUMN causa varchar(30),
        DROP CONSTRAINT trazabilidad_motivo_check,
        ADD CONSTRAINT trazabilidad_motivo_check
          CHECK (motivo IN ('RESULTADO_REACTIVO', 'INFORME_POSTDONACION', 'DIFERIMIENTO_DEFINITIVO')),
        ADD CONSTRAINT trazabilidad_origen_check CHECK ((donacion_id IS NULL) <> (no_apto_id IS NULL))`);
    // The look-backs opened before: their donor, and a reactive result's cause (its first reactive
    // marker, in the order of the spec's serology, as domain/trazabilidad.ts causaDeSerologia reads it).
    await q.query(
      `UPDATE trazabilidad t SET donante_id = d.donante_id,
              causa = CASE WHEN t.motivo <> 'RESULTADO_REACTIVO' THEN NULL
                           WHEN d.serologia->>'hiv' = 'true' THEN 'HIV'
                           WHEN d.serologia->>'hepB' = 'true' THEN 'HEPATITIS_B'
                           WHEN d.serologia->>'hepC' = 'true' THEN 'HEPATITIS_C'
                           WHEN d.serologia->>'vdrl' = 'true' THEN 'SIFILIS'
                           WHEN d.serologia->>'brucelosis' = 'true' THEN 'BRUCELOSIS'
                           WHEN d.serologia->>'chagas' = 'true' THEN 'CHAGAS'
                           WHEN d.serologia->>'htlv' = 'true' THEN 'HTLV' END
         FROM donacion d WHERE d.id = t.donacion_id`,
    );
    await q.query(`ALTER TABLE trazabilidad ALTER COLUMN donante_id SET NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX trazabilidad_no_apto_idx ON trazabilidad (no_apto_id)`);
    await q.query(
      `CREATE INDEX trazabilidad_donante_causa_idx ON trazabilidad (donante_id, causa) WHERE abierta`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    const abiertas = `SELECT id FROM trazabilidad WHERE motivo = 'DIFERIMIENTO_DEFINITIVO'`;
    await q.query(`DELETE FROM trazabilidad_notificacion WHERE trazabilidad_id IN (${abiertas})`);
    await q.query(`DELETE FROM trazabilidad_unidad WHERE trazabilidad_id IN (${abiertas})`);
    await q.query(`DELETE FROM trazabilidad WHERE motivo = 'DIFERIMIENTO_DEFINITIVO'`);
    await q.query(`DROP INDEX trazabilidad_donante_causa_idx`);
    await q.query(`DROP INDEX trazabilidad_no_apto_idx`);
    await q.query(`
      ALTER TABLE trazabilidad
        DROP CONSTRAINT trazabilidad_origen_check,
        DROP CONSTRAINT trazabilidad_motivo_check,
        ADD CONSTRAINT trazabilidad_motivo_check CHECK (motivo IN ('RESULTADO_REACTIVO', 'INFORME_POSTDONACION')),
        DROP COLUMN causa,
        DROP COLUMN donante_id,
        DROP COLUMN no_apto_id,
        ALTER COLUMN donacion_id SET NOT NULL`);
  }
}
