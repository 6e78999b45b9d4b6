import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Blood components (domain/componentes.ts): the units a donation is split into, each with its
 * type, product code, unit identifier (unique in the installation, so in the network), volume,
 * production instant, expiry and state (quarantine, released, dispatched, discarded, with the
 * coded reason and who released or discarded it, when). Nothing is deleted.
 *
 * Each servicio gets a facility code for its unit identifiers: '9' and 4 digits from a sequence
 * (an ICCBBA FIN starts with a letter, so none collides with one the administrator sets later;
 * migration 1764510000000 draws it without the sequence),
 * the existing servicios in the order they were created, every new one at its creation. The
 * function that draws it skips a code already taken (after a backup's restore the sequence may be
 * behind the codes restored). The shelf life a servicio sets per type lives in its own table; a
 * type without a row takes the default.
 */
export class Componentes1764500000000 implements MigrationInterface {
  name = 'Componentes1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE servicio_codigo_instalacion_seq MINVALUE 1 MAXVALUE 9999 NO CYCLE`);
    await q.query(`
      CREATE FUNCTION siguiente_codigo_instalacion() RETURNS varchar LANGUAGE plpgsql AS $$
      DECLARE
        codigo varchar;
      BEGIN
        LOOP
          codigo := '9' || lpad(nextval('servicio_codigo_instalacion_seq')::text, 4, '0');
          EXIT WHEN NOT EXISTS (SELECT 1 FROM servicio WHERE codigo_instalacion = codigo);
        END LOOP;
        RETURN codigo;
      END $$`);
    await q.query(`ALTER TABLE servicio ADD COLUMN codigo_instalacion varchar(5)`);
    await q.query(`
      UPDATE servicio s SET codigo_instalacion = '9' || lpad(o.n::text, 4, '0')
        FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM servicio) o
       WHERE o.id = s.id`);
    await q.query(
      `SELECT setval('servicio_codigo_instalacion_seq', GREATEST((SELECT count(*) FROM servicio), 1),
                     (SELECT count(*) FROM servicio) > 0)`,
    );
    await q.query(`
      ALTER TABLE servicio
        ALTER COLUMN codigo_instalacion SET DEFAULT siguiente_codigo_instalacion(),
        ALTER COLUMN codigo_instalacion SET NOT NULL,
        ADD CONSTRAINT servicio_codigo_instalacion_formato
          CHECK (codigo_instalacion ~ '^(9[0-9]{4}|[A-Z][0-9]{4})$')`);
    await q.query(`CREATE UNIQUE INDEX servicio_codigo_instalacion_idx ON servicio (codigo_instalacion)`);

    await q.query(`
      CREATE TABLE vida_util_componente (
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        tipo varchar(30) NOT NULL
          CHECK (tipo IN ('GLOBULOS_ROJOS', 'PLASMA_FRESCO_CONGELADO', 'PLAQUETAS', 'CRIOPRECIPITADO')),
        dias integer NOT NULL CHECK (dias BETWEEN 1 AND 730),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (servicio_id, tipo)
      )`);

    await q.query(`
      CREATE TABLE componente (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        donacion_id uuid NOT NULL REFERENCES donacion(id),
        tipo varchar(30) NOT NULL
          CHECK (tipo IN ('GLOBULOS_ROJOS', 'PLASMA_FRESCO_CONGELADO', 'PLAQUETAS', 'CRIOPRECIPITADO')),
        codigo_producto varchar(5) NOT NULL,
        codigo varchar(40) NOT NULL,
        volumen integer NOT NULL CHECK (volumen > 0),
        producido_en timestamptz NOT NULL,
        vence_en timestamptz NOT NULL,
        estado varchar(12) NOT NULL DEFAULT 'CUARENTENA'
          CHECK (estado IN ('CUARENTENA', 'LIBERADO', 'DESPACHADO', 'DESCARTADO')),
        motivo_descarte varchar(20)
          CHECK (motivo_descarte IN ('SEROLOGIA_REACTIVA', 'VENCIMIENTO', 'BOLSA_ROTA', 'LIPEMICO', 'HEMOLIZADO',
                                     'BAJO_VOLUMEN', 'CONTROL_CALIDAD', 'CADENA_FRIO', 'OTRO')),
        detalle_descarte varchar(500),
        liberado_por uuid,
        liberado_en timestamptz,
        descartado_por uuid,
        descartado_en timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((estado = 'DESCARTADO') = (motivo_descarte IS NOT NULL)),
        UNIQUE (donacion_id, codigo_producto)
      )`);
    await q.query(`CREATE UNIQUE INDEX componente_codigo_idx ON componente (codigo)`);
    await q.query(`CREATE INDEX componente_donacion_idx ON componente (donacion_id)`);
    await q.query(
      `CREATE INDEX componente_producido_idx ON componente (servicio_id, producido_en DESC, id DESC)`,
    );
    await q.query(
      `CREATE INDEX componente_estado_idx ON componente (servicio_id, estado, producido_en DESC)`,
    );
    await q.query(`CREATE INDEX componente_tipo_idx ON componente (servicio_id, tipo, producido_en DESC)`);
    await q.query(
      `CREATE INDEX componente_liberado_idx ON componente (servicio_id, liberado_en) WHERE liberado_en IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX componente_descartado_idx ON componente (servicio_id, descartado_en) WHERE descartado_en IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE componente`);
    await q.query(`DROP TABLE vida_util_componente`);
    await q.query(`DROP INDEX servicio_codigo_instalacion_idx`);
    await q.query(
      `ALTER TABLE servicio DROP CONSTRAINT servicio_codigo_instalacion_formato, DROP COLUMN codigo_instalacion`,
    );
    await q.query(`DROP FUNCTION siguiente_codigo_instalacion()`);
    await q.query(`DROP SEQUENCE servicio_codigo_instalacion_seq`);
  }
}
