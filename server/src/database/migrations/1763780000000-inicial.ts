import { MigrationInterface, QueryRunner } from 'typeorm';

export class Inicial1763780000000 implements MigrationInterface {
  name = 'Inicial1763780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    // unaccent() is only STABLE; an IMMUTABLE wrapper lets indexes use it.
    await q.query(`
      CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$`);
    await q.query(`
      CREATE TABLE servicio (
        id uuid PRIMARY KEY,
        nombre varchar(200) NOT NULL,
        direccion varchar(200),
        email varchar(254),
        telefono varchar(50),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE usuario (
        id uuid PRIMARY KEY,
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        username varchar(100) NOT NULL,
        password_hash varchar(255) NOT NULL,
        rol varchar(30) NOT NULL CHECK (rol IN ('ROL_SERVICIO','ROL_MEDICO','ROL_TECNICO','ROL_ADMINISTRATIVO')),
        nombre varchar(200) NOT NULL,
        apellido varchar(200),
        matricula varchar(50),
        email varchar(254),
        telefono varchar(50),
        agentecph boolean NOT NULL DEFAULT false,
        token_version integer NOT NULL DEFAULT 0,
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Usernames are unique across the installation, compared without case.
    await q.query(`CREATE UNIQUE INDEX usuario_username_uq ON usuario (lower(username))`);
    await q.query(`CREATE INDEX usuario_servicio_idx ON usuario (servicio_id) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE TABLE auditoria (
        id bigserial PRIMARY KEY,
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        usuario_id uuid REFERENCES usuario(id),
        at timestamptz NOT NULL DEFAULT now(),
        accion varchar(20) NOT NULL,
        entidad varchar(40) NOT NULL,
        entidad_id varchar(64) NOT NULL,
        cambios jsonb NOT NULL DEFAULT '{}'::jsonb
      )`);
    await q.query(`CREATE INDEX auditoria_servicio_at_idx ON auditoria (servicio_id, at DESC)`);
    await q.query(`CREATE INDEX auditoria_entidad_idx ON auditoria (servicio_id, entidad, entidad_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE auditoria`);
    await q.query(`DROP TABLE usuario`);
    await q.query(`DROP TABLE servicio`);
    await q.query(`DROP FUNCTION f_unaccent(text)`);
  }
}
