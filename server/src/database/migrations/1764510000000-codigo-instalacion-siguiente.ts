import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The facility code a new servicio gets ('9' and 4 digits, migration 1764500000000) is the next one
 * after the highest such code in use, drawn under a transaction-level advisory lock (two
 * registrations at once take turns), instead of from a sequence: a backup's restore brings the
 * codes back with their servicios, and nothing else has to follow them.
 */
export class CodigoInstalacionSiguiente1764510000000 implements MigrationInterface {
  name = 'CodigoInstalacionSiguiente1764510000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION siguiente_codigo_instalacion() RETURNS varchar LANGUAGE plpgsql AS $$
      DECLARE
        n integer;
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtext('servicio.codigo_instalacion'));
        SELECT coalesce(max(substr(codigo_instalacion, 2)::integer), 0) + 1 INTO n
          FROM servicio WHERE codigo_instalacion LIKE '9%';
        RETURN '9' || lpad(n::text, 4, '0');
      END $$`);
    await q.query(`DROP SEQUENCE servicio_codigo_instalacion_seq`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE servicio_codigo_instalacion_seq MINVALUE 1 MAXVALUE 9999 NO CYCLE`);
    await q.query(`
      SELECT setval('servicio_codigo_instalacion_seq',
        coalesce((SELECT max(substr(codigo_instalacion, 2)::int) FROM servicio WHERE codigo_instalacion LIKE '9%'), 0) + 1,
        false)`);
    await q.query(`
      CREATE OR REPLACE FUNCTION siguiente_codigo_instalacion() RETURNS varchar LANGUAGE plpgsql AS $$
      DECLARE
        codigo varchar;
      BEGIN
        LOOP
          codigo := '9' || lpad(nextval('servicio_codigo_instalacion_seq')::text, 4, '0');
          EXIT WHEN NOT EXISTS (SELECT 1 FROM servicio WHERE codigo_instalacion = codigo);
        END LOOP;
        RETURN codigo;
      END $$`);
  }
}
