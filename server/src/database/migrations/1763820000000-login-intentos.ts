import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Failed sign-in attempts (auth/rate-limit.ts), shared by every server process
 * behind a load balancer. One row per counter: a user at an address, or an
 * address alone. The key is a SHA-256 of what it counts, so neither the typed
 * usernames nor the addresses are kept in the clear.
 *
 * - fallos: failures in the current window, which ends at `hasta`.
 * - ultimo: the last failure (or the last attempt let through past the free
 *   ones); the next attempt waits a delay counted from it.
 * Rows whose window has ended count as nothing and are pruned by `hasta`.
 */
export class LoginIntentos1763820000000 implements MigrationInterface {
  name = 'LoginIntentos1763820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE login_intento (
        clave text COLLATE "C" PRIMARY KEY,
        fallos integer NOT NULL,
        ultimo timestamptz NOT NULL,
        hasta timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX login_intento_hasta_idx ON login_intento (hasta)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE login_intento`);
  }
}
