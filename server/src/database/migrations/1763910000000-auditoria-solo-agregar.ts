import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit trail is append-only in the database itself, not only by the app's habit:
 *
 * - auditoria refuses every UPDATE, DELETE and TRUNCATE statement (auditoria_solo_agregar): an
 *   entry, once written, is neither changed nor removed, whoever connects.
 * - auditoria_cadena (each servicio's chain head, migration 1763880000000) refuses DELETE and
 *   TRUNCATE; a head is born empty, and only the chain trigger moves it, one level down from the
 *   INSERT into auditoria (pg_trigger_depth() > 1), forward to a higher entry id
 *   (auditoria_cadena_avance). So neither the last entries nor a servicio's whole trail can be
 *   removed together with its head.
 *
 * What this does not stop: the tables' owner (the app's database user) or a superuser can drop
 * or disable these triggers (ALTER TABLE ... DISABLE TRIGGER) or bypass them
 * (session_replication_role = replica). What is then changed, removed or reordered still breaks
 * the hash chain (modules/auditoria/cadena.ts); rewriting the chain from an entry onwards,
 * recomputing every later hash and the head, only shows against a head hash kept outside the
 * database (verificarAuditoria's ultimoHash, `npm run verificar-auditoria`), as SECURITY.md says.
 *
 * A backup restore empties and reloads both tables with these triggers off
 * (database/backup.ts), as it does with the chain trigger.
 *
 * auditoria_servicio_id_idx: the verification walks one servicio's entries in id order; with
 * (servicio_id, id) it reads them in that order from the index, never the other servicios' rows
 * nor a sort.
 */
export class AuditoriaSoloAgregar1763910000000 implements MigrationInterface {
  name = 'AuditoriaSoloAgregar1763910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX auditoria_servicio_id_idx ON auditoria (servicio_id, id)`);
    await q.query(`
      CREATE FUNCTION auditoria_solo_agregar() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'La tabla % solo admite entradas nuevas: % no está permitido', TG_TABLE_NAME, TG_OP
          USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`
      CREATE TRIGGER auditoria_solo_agregar BEFORE UPDATE OR DELETE OR TRUNCATE ON auditoria
        FOR EACH STATEMENT EXECUTE FUNCTION auditoria_solo_agregar()`);
    await q.query(`
      CREATE TRIGGER auditoria_cadena_solo_agregar BEFORE DELETE OR TRUNCATE ON auditoria_cadena
        FOR EACH STATEMENT EXECUTE FUNCTION auditoria_solo_agregar()`);
    await q.query(`
      CREATE FUNCTION auditoria_cadena_avance() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          -- A new head names no entry yet (auditoria_encadenar, lockAuditChains).
          IF NEW.ultimo_id IS NULL AND NEW.hash IS NULL THEN
            RETURN NEW;
          END IF;
        ELSIF pg_trigger_depth() > 1
              AND NEW.servicio_id = OLD.servicio_id
              AND NEW.hash IS NOT NULL
              AND NEW.ultimo_id > coalesce(OLD.ultimo_id, 0) THEN
          -- The chain trigger, inside the INSERT of an entry, moving the head to it.
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'La cabeza de la cadena de auditoría solo avanza con una entrada nueva: % no está permitido', TG_OP
          USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`
      CREATE TRIGGER auditoria_cadena_avance BEFORE INSERT OR UPDATE ON auditoria_cadena
        FOR EACH ROW EXECUTE FUNCTION auditoria_cadena_avance()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER auditoria_cadena_avance ON auditoria_cadena`);
    await q.query(`DROP FUNCTION auditoria_cadena_avance()`);
    await q.query(`DROP TRIGGER auditoria_cadena_solo_agregar ON auditoria_cadena`);
    await q.query(`DROP TRIGGER auditoria_solo_agregar ON auditoria`);
    await q.query(`DROP FUNCTION auditoria_solo_agregar()`);
    await q.query(`DROP INDEX auditoria_servicio_id_idx`);
  }
}
