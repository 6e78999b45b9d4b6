import { MigrationInterface, QueryRunner } from 'typeorm';

export class Donante1763790000000 implements MigrationInterface {
  name = 'Donante1763790000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE donante (
        id uuid PRIMARY KEY,
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        nombre varchar(100) NOT NULL,
        apellido varchar(100) NOT NULL,
        dni varchar(20) NOT NULL,
        fecha_nacimiento date NOT NULL,
        sexo varchar(20) NOT NULL CHECK (sexo IN ('Masculino','Femenino')),
        dom_actual varchar(200),
        dom_actual_altura varchar(20),
        dom_actual_piso varchar(10),
        dom_actual_depto varchar(10),
        localidad_actual varchar(100),
        provincia_actual varchar(50) NOT NULL,
        dom_dni varchar(200),
        localidad_dni varchar(100),
        cod_postal varchar(20),
        telefono varchar(50),
        telefono2 varchar(50),
        email varchar(254),
        lugar_nacimiento varchar(100),
        provincia_nacimiento varchar(50),
        nacionalidad varchar(100) NOT NULL,
        ocupacion varchar(100),
        convocado boolean NOT NULL DEFAULT false,
        donacion_aferesis boolean NOT NULL DEFAULT false,
        donacion_anterior boolean NOT NULL DEFAULT false,
        es_voluntario varchar(2) NOT NULL CHECK (es_voluntario IN ('Si','No')),
        cph jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(cph) = 'object'),
        ultima_donacion date,
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One live donor per DNI in a servicio; a deleted donor's DNI may be reused.
    // text_pattern_ops also serves the DNI prefix search (LIKE '301%') in any collation.
    await q.query(`
      CREATE UNIQUE INDEX donante_servicio_dni_uq
        ON donante (servicio_id, dni text_pattern_ops) WHERE deleted_at IS NULL`);
    // Accent- and case-insensitive prefix search by apellido (and apellido + nombre),
    // in the order the results are listed.
    await q.query(`
      CREATE INDEX donante_apellido_nombre_idx ON donante (
        servicio_id,
        f_unaccent(lower(apellido)) text_pattern_ops,
        f_unaccent(lower(nombre)) text_pattern_ops
      ) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE INDEX donante_nombre_idx
        ON donante (servicio_id, f_unaccent(lower(nombre)) text_pattern_ops) WHERE deleted_at IS NULL`);
    // Word prefixes inside compound names ('fuente' finds 'De la Fuente').
    await q.query(`
      CREATE INDEX donante_apellido_trgm_idx
        ON donante USING gin (f_unaccent(lower(apellido)) gin_trgm_ops) WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE INDEX donante_nombre_trgm_idx
        ON donante USING gin (f_unaccent(lower(nombre)) gin_trgm_ops) WHERE deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE donante`);
  }
}
