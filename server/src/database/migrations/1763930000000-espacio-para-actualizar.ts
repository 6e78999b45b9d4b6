import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Room for updates in place. A donor's ultima_donacion changes with every donation, and a
 * donation's results are written after it; with full pages each such update was a new row version
 * on another page and a new entry in every index of the table (eight on donante), the costliest
 * write of a creation. A tenth of each page is now left free (fillfactor 90), so these updates
 * stay on their page (heap-only tuples, no index entry). Pages written from now on keep the
 * room; existing ones get it when they are rewritten (a restore, VACUUM FULL).
 */
export class EspacioParaActualizar1763930000000 implements MigrationInterface {
  name = 'EspacioParaActualizar1763930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE donante SET (fillfactor = 90)`);
    await q.query(`ALTER TABLE donacion SET (fillfactor = 90)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE donacion RESET (fillfactor)`);
    await q.query(`ALTER TABLE donante RESET (fillfactor)`);
  }
}
