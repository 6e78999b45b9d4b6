import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Donor search by apellido / nombre at a million donors per servicio
 * (donante.search.ts has the queries).
 *
 * The first version searched `f_unaccent(lower(apellido))` through expression
 * and trigram indexes: Postgres recomputed unaccent on every matching row, and
 * a common surname ('gonzalez' + 'maria jose') read ~60,000 rows (0.3-1 s).
 *
 * - apellido_busqueda / nombre_busqueda: the searchable form (lower case, no
 *   accents, blanks collapsed), stored once per row, "C" collation so that one
 *   btree serves both the prefix range and the listing order. Two btrees
 *   answer "the whole field starts with": a range of one, and with both fields
 *   a skip scan of one (Postgres 18), never reading rows that do not match.
 * - donante_clave: the matches that start at a later word ('gonzalez' ->
 *   'Pérez González', 'fuente' -> 'De la Fuente', 'jose' -> 'María José').
 *   One row per combination of an apellido suffix and a nombre suffix starting
 *   at a word, except whole apellido with whole nombre (that is the donor row
 *   itself): ~0.5 rows per donor, each with the donor's whole names to order
 *   ties. A trigger keeps it in step with donante.
 */
export class DonanteBusqueda1763810000000 implements MigrationInterface {
  name = 'DonanteBusqueda1763810000000';

  async up(q: QueryRunner): Promise<void> {
    // The form a search text is brought to as well (donante.search.ts).
    await q.query(`
      CREATE FUNCTION busqueda_normalizar(t text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT f_unaccent(btrim(regexp_replace(lower(t), '\\s+', ' ', 'g'))) $$`);
    const searchable = (field: string) => `
      ADD COLUMN ${field}_busqueda text COLLATE "C" NOT NULL
        GENERATED ALWAYS AS (busqueda_normalizar(${field})) STORED`;
    // One statement, so the table is rewritten once.
    await q.query(`ALTER TABLE donante ${searchable('apellido')}, ${searchable('nombre')}`);
    await q.query(`DROP INDEX donante_apellido_nombre_idx`);
    await q.query(`DROP INDEX donante_nombre_idx`);
    await q.query(`DROP INDEX donante_apellido_trgm_idx`);
    await q.query(`DROP INDEX donante_nombre_trgm_idx`);
    await q.query(`
      CREATE INDEX donante_busqueda_idx
        ON donante (servicio_id, apellido_busqueda, nombre_busqueda, id) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE INDEX donante_busqueda_nombre_idx
        ON donante (servicio_id, nombre_busqueda, apellido_busqueda, id) WHERE deleted_at IS NULL`);

    // The tails of a searchable text that start at a later word: words are
    // separated by a blank or a hyphen ('perez-gomez ruiz' -> 'gomez ruiz', 'ruiz').
    // Not STRICT, so that Postgres inlines these two into the calling query
    // (a million donors: 1 s instead of 40 s).
    await q.query(`
      CREATE FUNCTION busqueda_sufijos(t text) RETURNS SETOF text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$
        SELECT substr(t, p + 1) FROM generate_series(1, length(t) - 1) AS p
         WHERE substr(t, p, 1) IN (' ', '-') AND substr(t, p + 1, 1) NOT IN (' ', '-')
      $$`);
    await q.query(`
      CREATE FUNCTION donante_claves(apellido text, nombre text)
      RETURNS TABLE (apellido_clave text, nombre_clave text, apellido_entero boolean, nombre_entero boolean)
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$
        SELECT a.s, n.s, a.entero, n.entero
          FROM (SELECT apellido AS s, true AS entero
                UNION ALL SELECT s, false FROM busqueda_sufijos(apellido) AS s) a
         CROSS JOIN (SELECT nombre AS s, true AS entero
                UNION ALL SELECT s, false FROM busqueda_sufijos(nombre) AS s) n
         WHERE NOT (a.entero AND n.entero)
      $$`);
    await q.query(`
      CREATE TABLE donante_clave (
        donante_id uuid NOT NULL REFERENCES donante(id) ON DELETE CASCADE,
        servicio_id uuid NOT NULL,
        apellido text COLLATE "C" NOT NULL,
        nombre text COLLATE "C" NOT NULL,
        apellido_entero boolean NOT NULL,
        nombre_entero boolean NOT NULL,
        donante_apellido text COLLATE "C" NOT NULL,
        donante_nombre text COLLATE "C" NOT NULL,
        PRIMARY KEY (donante_id, apellido, nombre)
      )`);
    // In listing order: by the matching words, then the donor's whole names.
    await q.query(`
      CREATE INDEX donante_clave_apellido_idx
        ON donante_clave (servicio_id, apellido, nombre, donante_apellido, donante_nombre, donante_id)
        INCLUDE (nombre_entero)`);
    await q.query(`
      CREATE INDEX donante_clave_nombre_idx
        ON donante_clave (servicio_id, nombre, apellido, donante_nombre, donante_apellido, donante_id)
        INCLUDE (apellido_entero)`);
    // A live donor has its rows; a deleted one none. Only a change of the
    // names, the servicio or deleted_at touches them (not ultima_donacion).
    await q.query(`
      CREATE FUNCTION donante_clave_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          DELETE FROM donante_clave WHERE donante_id = OLD.id;
        END IF;
        IF NEW.deleted_at IS NULL THEN
          INSERT INTO donante_clave (donante_id, servicio_id, apellido, nombre, apellido_entero, nombre_entero,
                                     donante_apellido, donante_nombre)
          SELECT NEW.id, NEW.servicio_id, k.apellido_clave, k.nombre_clave, k.apellido_entero, k.nombre_entero,
                 NEW.apellido_busqueda, NEW.nombre_busqueda
            FROM donante_claves(NEW.apellido_busqueda, NEW.nombre_busqueda) k;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER donante_clave_sync
        AFTER INSERT OR UPDATE OF apellido, nombre, servicio_id, deleted_at ON donante
        FOR EACH ROW EXECUTE FUNCTION donante_clave_sync()`);
    await q.query(`
      INSERT INTO donante_clave (donante_id, servicio_id, apellido, nombre, apellido_entero, nombre_entero,
                                 donante_apellido, donante_nombre)
      SELECT d.id, d.servicio_id, k.apellido_clave, k.nombre_clave, k.apellido_entero, k.nombre_entero,
             d.apellido_busqueda, d.nombre_busqueda
        FROM donante d CROSS JOIN LATERAL donante_claves(d.apellido_busqueda, d.nombre_busqueda) k
       WHERE d.deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER donante_clave_sync ON donante`);
    await q.query(`DROP FUNCTION donante_clave_sync()`);
    await q.query(`DROP TABLE donante_clave`);
    await q.query(`DROP FUNCTION donante_claves(text, text)`);
    await q.query(`DROP FUNCTION busqueda_sufijos(text)`);
    await q.query(`DROP INDEX donante_busqueda_idx`);
    await q.query(`DROP INDEX donante_busqueda_nombre_idx`);
    await q.query(`ALTER TABLE donante DROP COLUMN apellido_busqueda, DROP COLUMN nombre_busqueda`);
    await q.query(`DROP FUNCTION busqueda_normalizar(text)`);
    await q.query(`
      CREATE INDEX donante_apellido_nombre_idx ON donante (
        servicio_id,
        f_unaccent(lower(apellido)) text_pattern_ops,
        f_unaccent(lower(nombre)) text_pattern_ops
      ) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE INDEX donante_nombre_idx
        ON donante (servicio_id, f_unaccent(lower(nombre)) text_pattern_ops) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE INDEX donante_apellido_trgm_idx
        ON donante USING gin (f_unaccent(lower(apellido)) gin_trgm_ops) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE INDEX donante_nombre_trgm_idx
        ON donante USING gin (f_unaccent(lower(nombre)) gin_trgm_ops) WHERE deleted_at IS NULL`);
  }
}
