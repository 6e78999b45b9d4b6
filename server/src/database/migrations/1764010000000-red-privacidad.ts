import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What members of a network read of each other (modules/red, modules/persona):
 * - servicio.nombre_en_red: the name other members read (in refusals, lists, audit entries). Set
 *   when the servicio joins (its name then, which the network invited), changed only when the
 *   network approves a new one or sets it. nombre_propuesto holds a member's rename awaiting that
 *   approval: a member's own rename never reaches the others' screens by itself.
 * - consulta_red_rechazo: each read refused for the member's lookup budget, which the network's
 *   account sees (flagged) beside each member's lookups.
 */
export class RedPrivacidad1764010000000 implements MigrationInterface {
  name = 'RedPrivacidad1764010000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE servicio
        ADD nombre_en_red varchar(200) NULL,
        ADD nombre_propuesto varchar(200) NULL`);
    await q.query(`UPDATE servicio SET nombre_en_red = nombre WHERE red_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE consulta_red_rechazo (
        id bigserial PRIMARY KEY,
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        usuario_id uuid NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(
      `CREATE INDEX consulta_red_rechazo_servicio_idx ON consulta_red_rechazo (servicio_id, created_at)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE consulta_red_rechazo`);
    await q.query(`ALTER TABLE servicio DROP COLUMN nombre_propuesto, DROP COLUMN nombre_en_red`);
  }
}
