import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a network's account and an API key read of the results: those recorded before today (in
 * Argentina), so that reading the figures again and again cannot tell when a donation's result
 * was typed. The servicio's own staff read the roll-up as it is.
 *
 * Each row of the daily roll-up (indicador_diario, migration 1763850000000) keeps a copy of its
 * result figures as they were when the day began: the first time a row changes on a calendar day,
 * a BEFORE UPDATE trigger copies its serology, exclusion and blood-group columns (and its
 * donations, which the groups' 'not typed yet' is reckoned against) to the pub_* columns and
 * stamps publicado_el with the day. Later changes that day leave the copy alone. A reader from
 * outside takes pub_* where publicado_el is today, the live columns elsewhere (so a row that has not
 * changed today costs nothing). A row created today (a first donation that day, or a rebuild of
 * the roll-up) is stamped today with an empty copy: its results are read tomorrow.
 *
 * Rows present before this migration have no stamp: they are read as they are.
 *
 * The copy is made by the trigger, whatever statement changes the row, so the triggers that keep
 * the roll-up (and later migrations that replace them) need no change. A statement that sets
 * publicado_el itself is left as it is (a test moves the stamp to simulate the next day).
 */
export class IndicadoresPublicados1764200000000 implements MigrationInterface {
  name = 'IndicadoresPublicados1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION indicador_hoy() RETURNS date LANGUAGE sql STABLE PARALLEL SAFE AS $$
        SELECT (now() AT TIME ZONE 'America/Argentina/Buenos_Aires')::date
      $$`);
    await q.query(`
      ALTER TABLE indicador_diario
        ADD COLUMN publicado_el date,
        ${COLUMNAS.map((c) => `ADD COLUMN pub_${c} integer NOT NULL DEFAULT 0`).join(',\n        ')},
        ADD COLUMN pub_grupos jsonb NOT NULL DEFAULT '{}'`);
    // Rows made from now on are stamped the day they are made (with an empty copy).
    await q.query(`ALTER TABLE indicador_diario ALTER COLUMN publicado_el SET DEFAULT indicador_hoy()`);
    await q.query(`
      CREATE FUNCTION indicador_publicar() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.publicado_el := indicador_hoy();
        ${COLUMNAS.map((c) => `NEW.pub_${c} := OLD.${c};`).join('\n        ')}
        NEW.pub_grupos := OLD.grupos;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER indicador_publicar BEFORE UPDATE ON indicador_diario
        FOR EACH ROW
        WHEN (OLD.publicado_el IS DISTINCT FROM indicador_hoy()
              AND NEW.publicado_el IS NOT DISTINCT FROM OLD.publicado_el)
        EXECUTE FUNCTION indicador_publicar()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER indicador_publicar ON indicador_diario`);
    await q.query(`DROP FUNCTION indicador_publicar()`);
    await q.query(`
      ALTER TABLE indicador_diario
        DROP COLUMN publicado_el,
        ${COLUMNAS.map((c) => `DROP COLUMN pub_${c}`).join(',\n        ')},
        DROP COLUMN pub_grupos`);
    await q.query(`DROP FUNCTION indicador_hoy()`);
  }
}

/**
 * The integer columns copied: the result figures (serology, exclusions, the 'No apto' visits'
 * deferrals that count as exclusions) and the donations the groups are reckoned against.
 */
const COLUMNAS = [
  'donaciones',
  'excl_temporales',
  'excl_definitivas',
  'no_aptos_diferidos',
  'sero_analizadas',
  'hiv',
  'hep_b',
  'hep_c',
  'vdrl',
  'brucelosis',
  'chagas',
  'htlv',
] as const;
