import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A donation whose ABO or Rh differs from the donor's earlier donations (here or at another
 * member of the network) is saved only when a doctor or a technician confirms it with a reason,
 * and stays flagged (`grupo_discordante`) until a repeat typing confirms one value. Who confirmed,
 * why, and who retyped are kept beside the flag; every step is also in the audit trail.
 */
export class GrupoDiscordante1764410000000 implements MigrationInterface {
  name = 'GrupoDiscordante1764410000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE donacion
        ADD COLUMN grupo_discordante boolean NOT NULL DEFAULT false,
        ADD COLUMN grupo_motivo varchar(500),
        ADD COLUMN grupo_confirmado_por uuid,
        ADD COLUMN grupo_retipificado_por uuid`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE donacion
        DROP COLUMN grupo_discordante,
        DROP COLUMN grupo_motivo,
        DROP COLUMN grupo_confirmado_por,
        DROP COLUMN grupo_retipificado_por`);
  }
}
