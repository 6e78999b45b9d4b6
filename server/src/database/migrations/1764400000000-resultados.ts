import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Laboratory results per marker (domain/resultados.ts): one row per donation and tested marker of
 * the servicio's panel, with its screening state, technique, date and who recorded it, the repeat
 * in duplicate and the confirmatory test. A marker without a row was not tested.
 *
 * The donation keeps the spec's `serologia` booleans as a view of its rows, and beside it the
 * spec's markers actually tested (`serologia_realizada`, what the reports count as 'analizadas')
 * and whether a marker was confirmed positive (`serologia_confirmada`: a definitive deferral).
 * Irregular antibody screening is recorded on the donation ('' not tested, NEGATIVO, POSITIVO
 * with the antibody). A servicio's panel is the national screening plus the NAT tests it lists.
 *
 * Today's booleans become states without inventing tests: a donation whose results were saved
 * (serologia not null) keeps each of the seven markers as a screening, reactive or non-reactive
 * (`hepB` as HBsAg and anti-HBc), with no technique, date or author (none was recorded); one never
 * saved has no row: not tested.
 */
export class Resultados1764400000000 implements MigrationInterface {
  name = 'Resultados1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE resultado (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        donacion_id uuid NOT NULL REFERENCES donacion(id),
        marcador varchar(20) NOT NULL,
        estado varchar(15) NOT NULL
          CHECK (estado IN ('NO_REALIZADO', 'NO_REACTIVO', 'REACTIVO', 'INDETERMINADO')),
        tecnica varchar(100),
        fecha date,
        registrado_por uuid,
        repeticion1 varchar(15) CHECK (repeticion1 IN ('NO_REACTIVO', 'REACTIVO', 'INDETERMINADO')),
        repeticion2 varchar(15) CHECK (repeticion2 IN ('NO_REACTIVO', 'REACTIVO', 'INDETERMINADO')),
        repeticion_tecnica varchar(100),
        repeticion_fecha date,
        repeticion_por uuid,
        confirmatorio_resultado varchar(10) CHECK (confirmatorio_resultado IN ('POSITIVO', 'NEGATIVO')),
        confirmatorio_tecnica varchar(100),
        confirmatorio_fecha date,
        confirmatorio_laboratorio varchar(100),
        confirmatorio_por uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (donacion_id, marcador)
      )`);
    await q.query(`CREATE INDEX resultado_servicio_idx ON resultado (servicio_id)`);
    await q.query(`
      ALTER TABLE donacion
        ADD COLUMN serologia_realizada text[] NOT NULL DEFAULT '{}',
        ADD COLUMN serologia_confirmada boolean NOT NULL DEFAULT false,
        ADD COLUMN anticuerpos_irregulares varchar(10) NOT NULL DEFAULT ''
          CHECK (anticuerpos_irregulares IN ('', 'NEGATIVO', 'POSITIVO')),
        ADD COLUMN anticuerpo varchar(100)`);
    await q.query(`ALTER TABLE servicio ADD COLUMN marcadores_adicionales text[] NOT NULL DEFAULT '{}'`);
    await q.query(`
      INSERT INTO resultado (servicio_id, donacion_id, marcador, estado)
      SELECT d.servicio_id, d.id, m.marcador,
             CASE WHEN d.serologia->>m.clave = 'true' THEN 'REACTIVO' ELSE 'NO_REACTIVO' END
        FROM donacion d
       CROSS JOIN (VALUES ('HIV', 'hiv'), ('HBSAG', 'hepB'), ('ANTI_HBC', 'hepB'), ('HCV', 'hepC'),
                          ('HTLV', 'htlv'), ('CHAGAS', 'chagas'), ('SIFILIS', 'vdrl'),
                          ('BRUCELOSIS', 'brucelosis')) AS m(marcador, clave)
       WHERE d.serologia IS NOT NULL`);
    // The roll-up's triggers (migration 1763850000000) read nothing of the new column, so they
    // are off for this one statement: run row by row, they made it take minutes a million rows.
    await q.query(`ALTER TABLE donacion DISABLE TRIGGER USER`);
    await q.query(`
      UPDATE donacion SET serologia_realizada = '{hiv,hepB,hepC,vdrl,brucelosis,chagas,htlv}'
       WHERE serologia IS NOT NULL`);
    await q.query(`ALTER TABLE donacion ENABLE TRIGGER USER`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE servicio DROP COLUMN marcadores_adicionales`);
    await q.query(`
      ALTER TABLE donacion
        DROP COLUMN serologia_realizada,
        DROP COLUMN serologia_confirmada,
        DROP COLUMN anticuerpos_irregulares,
        DROP COLUMN anticuerpo`);
    await q.query(`DROP TABLE resultado`);
  }
}
