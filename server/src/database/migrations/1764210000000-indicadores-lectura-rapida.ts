import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each blood group the roll-up may hold ('abo|rh' as donacion's CHECK constraints allow). */
const ABO = ['', 'A', 'B', 'AB', 'O'];
const RH = ['', 'POSITIVO', 'NEGATIVO'];

/** The column of a group: grupo_a_positivo, grupo_sin_sin ('' is 'sin'). */
const columnaGrupo = (abo: string, rh: string): string =>
  `grupo_${(abo || 'sin').toLowerCase()}_${(rh || 'sin').toLowerCase()}`;

/**
 * A network's year of figures reads 20 servicios' days at once (modules/indicadores), and two
 * reads were most of its time:
 *
 * - Distinct donors summed the period's indicador_distintos rows whose previous month is before
 *   `desde`'s (migration 1763890000000): for a year, every day times every earlier month of the
 *   donors' history, about 10,600 rows a servicio. The count is now the period's donations minus
 *   those whose previous month is `desde`'s or later (every donation has one previous month),
 *   which indicador_distintos_mes_idx reads without the table: about 1,900 entries a servicio.
 *   INCLUDE (donaciones) makes it index-only; a creation's increment of the row is then not a HOT
 *   update (one more index entry per donation), which costs less than the read saves.
 * - The blood groups were read from each day's jsonb, 15 keys a row. Each group is now also a
 *   stored generated column of indicador_diario, computed from `grupos` by Postgres whenever the
 *   row is written, so the triggers that keep the roll-up (and later migrations that replace them)
 *   need no change: 4.5 ms instead of 14 for 20 servicios' year.
 */
export class IndicadoresLecturaRapida1764210000000 implements MigrationInterface {
  name = 'IndicadoresLecturaRapida1764210000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX indicador_distintos_mes_idx ON indicador_distintos (servicio_id, mes_anterior, fecha) INCLUDE (donaciones)`,
    );
    await q.query(`
      ALTER TABLE indicador_diario
        ${ABO.flatMap((abo) =>
          RH.map(
            (rh) =>
              `ADD COLUMN ${columnaGrupo(abo, rh)} integer GENERATED ALWAYS AS (coalesce((grupos->>'${abo}|${rh}')::int, 0)) STORED`,
          ),
        ).join(',\n        ')}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE indicador_diario
        ${ABO.flatMap((abo) => RH.map((rh) => `DROP COLUMN ${columnaGrupo(abo, rh)}`)).join(',\n        ')}`);
    await q.query(`DROP INDEX indicador_distintos_mes_idx`);
  }
}
