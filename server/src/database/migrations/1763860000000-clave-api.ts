import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API keys for reporting dashboards (modules/clave-api). A key is shown once when it is created;
 * only its SHA-256 is kept (`hash`, looked up on every request through its unique index).
 *
 * - prefijo: the secret's first characters, to tell keys apart on screen.
 * - revocada_en: set once; a revoked key is refused on its next request.
 * - ultimo_uso: the last request the key made.
 * - ventana_desde / ventana_usos: the rate limit's minute and the requests counted in it,
 *   updated by the same statement that finds the key, so every server process shares them.
 * - A name is unique among the servicio's active keys (case-insensitive), by a partial index.
 */
export class ClaveApi1763860000000 implements MigrationInterface {
  name = 'ClaveApi1763860000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE clave_api (
        id uuid PRIMARY KEY,
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        nombre varchar(100) NOT NULL,
        prefijo varchar(20) NOT NULL,
        hash char(64) COLLATE "C" NOT NULL,
        creada_en timestamptz NOT NULL DEFAULT now(),
        ultimo_uso timestamptz NULL,
        revocada_en timestamptz NULL,
        ventana_desde timestamptz NULL,
        ventana_usos integer NOT NULL DEFAULT 0
      )`);
    await q.query(`CREATE UNIQUE INDEX clave_api_hash_idx ON clave_api (hash)`);
    await q.query(
      `CREATE UNIQUE INDEX clave_api_nombre_activa_idx ON clave_api (servicio_id, lower(nombre))
        WHERE revocada_en IS NULL`,
    );
    await q.query(`CREATE INDEX clave_api_servicio_idx ON clave_api (servicio_id, creada_en)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE clave_api`);
  }
}
