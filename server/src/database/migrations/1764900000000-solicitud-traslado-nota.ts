import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A network's request may carry a note for the member asked (what for, how urgent): free text of
 * the network, never a donor's; up to 500 characters (domain/despacho.ts SOLICITUD_NOTA_MAX).
 */
export class SolicitudTrasladoNota1764900000000 implements MigrationInterface {
  name = 'SolicitudTrasladoNota1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE solicitud_traslado ADD COLUMN nota varchar(500)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE solicitud_traslado DROP COLUMN nota`);
  }
}
