import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit trail as a hash chain per servicio: nobody can change, remove or reorder an entry
 * without `verificarAuditoria` / `npm run verificar-auditoria` (modules/auditoria/cadena.ts)
 * showing where.
 *
 * - auditoria.hash = SHA-256 (hex) of the canonical text of the entry: the JSON array
 *   [servicio_id, usuario_id, at (UTC, microseconds, ISO 8601), accion, entidad, entidad_id,
 *   cambios, hash_anterior] as Postgres prints a jsonb (keys of every object sorted, one fixed
 *   spacing, no duplicate keys), UTF-8 (auditoria_hash). hash_anterior is the hash of the
 *   servicio's previous entry (NULL for its first).
 * - auditoria_cadena: the head of each servicio's chain (its last entry's id and hash), so the
 *   removal of the last entries shows too.
 *
 * Why a BEFORE INSERT trigger rather than the hash in each INSERT: entries are written by
 * audit()/auditStatement() but also inside other statements (the label counter's CTE in
 * DonacionService.nextEtiquetaNumero) and by plain SQL; the trigger chains every one of them,
 * whoever writes it, with one implementation, in the transaction of the change. pgcrypto is not
 * needed: sha256(bytea) is built into Postgres 11+.
 *
 * Concurrency: the trigger locks the servicio's head row (FOR UPDATE) before it reads the
 * previous hash, so writers of one servicio chain one after the other (until their commit) and
 * never fork the chain; other servicios never wait. The entry's id is taken from the sequence
 * under that lock (the column has no default any more), so within a servicio id order is chain
 * order, which is what the verification walks. A transaction that writes entries of several
 * servicios locks their heads first, in servicio_id order (audit.ts lockAuditChains), so two
 * such transactions never deadlock.
 *
 * Existing entries are chained here in order (per servicio, by id). A backup restore loads the
 * rows with their hashes and the heads as they were (the trigger is off while it loads).
 */
export class AuditoriaCadena1763880000000 implements MigrationInterface {
  name = 'AuditoriaCadena1763880000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auditoria ADD hash_anterior char(64), ADD hash char(64)`);
    await q.query(`
      CREATE FUNCTION auditoria_hash(
        p_servicio uuid, p_usuario uuid, p_at timestamptz, p_accion text, p_entidad text,
        p_entidad_id text, p_cambios jsonb, p_hash_anterior text
      ) RETURNS char(64) LANGUAGE sql STABLE PARALLEL SAFE
      AS $$
        SELECT encode(sha256(convert_to(jsonb_build_array(
          p_servicio::text, p_usuario::text,
          to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
          p_accion, p_entidad, p_entidad_id, p_cambios, p_hash_anterior
        )::text, 'UTF8')), 'hex')
      $$`);
    await q.query(`
      CREATE TABLE auditoria_cadena (
        servicio_id uuid PRIMARY KEY REFERENCES servicio(id),
        ultimo_id bigint,
        hash char(64)
      )`);

    // The entries there are, chained in order (per servicio, by id), and each chain's head.
    await q.query(`
      DO $$
      DECLARE
        r record;
        servicio uuid;
        anterior char(64);
      BEGIN
        FOR r IN SELECT * FROM auditoria ORDER BY servicio_id, id LOOP
          IF servicio IS DISTINCT FROM r.servicio_id THEN
            servicio := r.servicio_id;
            anterior := NULL;
          END IF;
          UPDATE auditoria
             SET hash_anterior = anterior,
                 hash = auditoria_hash(r.servicio_id, r.usuario_id, r.at, r.accion, r.entidad,
                                       r.entidad_id, r.cambios, anterior)
           WHERE id = r.id
          RETURNING hash INTO anterior;
        END LOOP;
      END $$`);
    await q.query(`
      INSERT INTO auditoria_cadena (servicio_id, ultimo_id, hash)
      SELECT DISTINCT ON (servicio_id) servicio_id, id, hash FROM auditoria ORDER BY servicio_id, id DESC`);
    await q.query(`ALTER TABLE auditoria ALTER hash SET NOT NULL, ALTER id DROP DEFAULT`);

    await q.query(`
      CREATE FUNCTION auditoria_encadenar() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        cabeza auditoria_cadena%ROWTYPE;
      BEGIN
        SELECT * INTO cabeza FROM auditoria_cadena WHERE servicio_id = NEW.servicio_id FOR UPDATE;
        IF NOT FOUND THEN
          -- The servicio's first entry: whoever inserts the head first, the other waits for it.
          INSERT INTO auditoria_cadena (servicio_id) VALUES (NEW.servicio_id) ON CONFLICT DO NOTHING;
          SELECT * INTO cabeza FROM auditoria_cadena WHERE servicio_id = NEW.servicio_id FOR UPDATE;
        END IF;
        NEW.id := nextval('auditoria_id_seq');
        NEW.hash_anterior := cabeza.hash;
        NEW.hash := auditoria_hash(NEW.servicio_id, NEW.usuario_id, NEW.at, NEW.accion, NEW.entidad,
                                   NEW.entidad_id, NEW.cambios, NEW.hash_anterior);
        UPDATE auditoria_cadena SET ultimo_id = NEW.id, hash = NEW.hash WHERE servicio_id = NEW.servicio_id;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER auditoria_encadenar BEFORE INSERT ON auditoria
        FOR EACH ROW EXECUTE FUNCTION auditoria_encadenar()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER auditoria_encadenar ON auditoria`);
    await q.query(`DROP FUNCTION auditoria_encadenar()`);
    await q.query(`ALTER TABLE auditoria ALTER id SET DEFAULT nextval('auditoria_id_seq')`);
    await q.query(`DROP TABLE auditoria_cadena`);
    await q.query(`DROP FUNCTION auditoria_hash(uuid, uuid, timestamptz, text, text, text, jsonb, text)`);
    await q.query(`ALTER TABLE auditoria DROP hash, DROP hash_anterior`);
  }
}
