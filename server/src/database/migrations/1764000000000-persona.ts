import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One person, one history (modules/persona).
 *
 * - persona: one per human at a servicio. unida_a marks a person joined into another (a merge, or
 *   a record given a DNI the other person had): nothing is deleted.
 * - persona_identificador: every canonical DNI a person ever had at the servicio (the merged ones,
 *   the ones a record was changed from), unique per servicio, so a record created later with any
 *   of them is that person. clave is the DNI's digits without leading zeros (dni_clave): records
 *   of different persons that share it count as one person for eligibility until ROL_SERVICIO
 *   records that they are different people (persona_distinta, by the pair of DNIs).
 * - donante.persona_id: every record belongs to a person, and its DNI is one of the identifiers
 *   (a foreign key). A trigger gives a new record the person
 *   its DNI names (or a new one), and a changed DNI becomes one more identifier of the person: so
 *   every way a record is written (the services, a backup's restore, a bulk load) keeps it.
 * - persona_bloquear(claves): the person's lock, transaction-scoped advisory locks on its keys in
 *   one order, taken by every write that reads or changes a person's history at any member of a
 *   network (persona keys are shared across servicios, rows are not).
 * - donacion_previas(id): the one definition of a donation's earlier donations of the same person
 *   at the servicio (live ones, by date then by when recorded; the person's deleted records too),
 *   which 'primera vez' rests on: the indicators' roll-up (indicador_totales, below) and
 *   Donacion.donacionesPrevias both call it.
 * - consulta_red: the append-only access log of network lookups made by a read (a list's
 *   eligibility): a read writes one statement, takes no lock and never moves the audit chain's
 *   head. Each row carries the hash of its content and of the consulting servicio's previous row
 *   (read without a lock: concurrent reads may fork the chain, never hide a row); UPDATE, DELETE
 *   and TRUNCATE are refused as on auditoria.
 *
 * The DNIs are brought to the second canonical form (domain/dni.ts; frozen here as SQL): a
 * leading DNI, LC or LE dropped before digits alone, and the leading zeros of digits alone. Live
 * records that end up sharing a DNI keep it with duplicado_de pointing at the oldest (as migration
 * 1763830000000 did), listed as duplicates; they are one person, since they carry one DNI. A DNI
 * whose second form would be shorter than 6 characters is left as it was.
 */
export class Persona1764000000000 implements MigrationInterface {
  name = 'Persona1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION dni_clave(dni text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT coalesce(nullif(ltrim(regexp_replace(dni, '[^0-9]', '', 'g'), '0'), ''), dni)
      $$`);
    await q.query(`
      CREATE TABLE persona (
        id uuid PRIMARY KEY,
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        unida_a uuid NULL REFERENCES persona(id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE persona_identificador (
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        dni varchar(20) NOT NULL,
        clave varchar(20) GENERATED ALWAYS AS (dni_clave(dni)) STORED,
        persona_id uuid NOT NULL REFERENCES persona(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (servicio_id, dni)
      )`);
    await q.query(`
      CREATE TABLE persona_distinta (
        id uuid PRIMARY KEY,
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        dni_a varchar(20) NOT NULL,
        dni_b varchar(20) NOT NULL,
        motivo varchar(500) NOT NULL CHECK (btrim(motivo) <> ''),
        usuario_id uuid NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (dni_a < dni_b),
        UNIQUE (servicio_id, dni_a, dni_b)
      )`);
    await q.query(`ALTER TABLE donante ADD persona_id uuid NULL REFERENCES persona(id)`);
    await q.query(`ALTER TABLE visita_no_apto ADD definitivo boolean NOT NULL DEFAULT false`);

    await this.segundaFormaDeLosDni(q);
    await this.construirPersonas(q);

    await q.query(`ALTER TABLE donante ALTER COLUMN persona_id SET NOT NULL`);
    // A record's DNI is always one of the identifiers (and a backup restores them before the records).
    await q.query(`
      ALTER TABLE donante ADD CONSTRAINT donante_persona_identificador_fk
        FOREIGN KEY (servicio_id, dni) REFERENCES persona_identificador (servicio_id, dni)`);
    await q.query(`CREATE INDEX donante_persona_id_idx ON donante (persona_id)`);
    // A person's keys, and the records of other persons (here and at the network's members) by key.
    await q.query(
      `CREATE INDEX persona_identificador_persona_idx ON persona_identificador (persona_id) INCLUDE (clave, dni)`,
    );
    await q.query(
      `CREATE INDEX persona_identificador_clave_idx ON persona_identificador (clave, servicio_id) INCLUDE (persona_id, dni)`,
    );
    // The servicio's keys shared by two persons: the duplicates screen's 'Mismos dígitos' pairs.
    await q.query(
      `CREATE INDEX persona_identificador_servicio_clave_idx ON persona_identificador (servicio_id, clave, persona_id)`,
    );
    await q.query(DONANTE_PERSONA_SQL);
    await q.query(`
      CREATE TRIGGER donante_persona BEFORE INSERT OR UPDATE OF dni, persona_id ON donante
        FOR EACH ROW EXECUTE FUNCTION donante_persona()`);

    await q.query(`
      CREATE FUNCTION persona_bloquear(claves text[]) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE k bigint;
      BEGIN
        -- In the order of the lock keys themselves: two keys with one hash are one lock.
        FOR k IN SELECT DISTINCT hashtextextended('persona:' || c, 0) AS k FROM unnest(claves) c ORDER BY k LOOP
          PERFORM pg_advisory_xact_lock(k);
        END LOOP;
      END $$`);

    await q.query(`
      CREATE FUNCTION donacion_previas(x_id uuid) RETURNS integer LANGUAGE sql STABLE AS $$
        SELECT count(*)::int
          FROM donacion x
          JOIN donante p ON p.id = x.donante_id
          JOIN donante q ON q.persona_id = p.persona_id
          JOIN donacion o ON o.donante_id = q.id AND o.deleted_at IS NULL AND o.id <> x.id
           AND (o.fecha < x.fecha OR (o.fecha = x.fecha AND o.created_at < x.created_at))
         WHERE x.id = x_id
      $$`);

    // The roll-up reads a person by persona_id, and 'primera vez' through donacion_previas.
    await q.query(INDICADOR_TOTALES_SQL);
    await q.query(RECALCULAR_CAMBIOS_SQL);
    await q.query(DONACION_INSERT_SQL);
    await q.query(`DROP TRIGGER indicador_donante_update ON donante`);
    await q.query(DONANTE_UPDATE_SQL);
    await q.query(`
      CREATE TRIGGER indicador_donante_update
        AFTER UPDATE OF es_voluntario, donacion_anterior, persona_id, deleted_at ON donante
        FOR EACH ROW
        WHEN ((OLD.es_voluntario, OLD.donacion_anterior, OLD.persona_id, OLD.deleted_at IS NULL)
              IS DISTINCT FROM (NEW.es_voluntario, NEW.donacion_anterior, NEW.persona_id, NEW.deleted_at IS NULL))
        EXECUTE FUNCTION indicador_donante_update()`);
    // 'Primera vez' now reads the person's deleted records too: count every day again.
    await q.query(`SELECT indicador_reconstruir(NULL)`);

    await q.query(`
      CREATE TABLE consulta_red (
        id bigserial PRIMARY KEY,
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        usuario_id uuid NULL,
        donante_id uuid NOT NULL,
        servicio_consultado uuid NOT NULL REFERENCES servicio(id),
        donante_consultado uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        anterior char(64) NULL,
        hash char(64) NOT NULL
      )`);
    await q.query(`CREATE INDEX consulta_red_servicio_idx ON consulta_red (servicio_id, id)`);
    // The member's budget: its distinct lookups of the last minute and of the day.
    await q.query(
      `CREATE INDEX consulta_red_presupuesto_idx ON consulta_red (servicio_id, created_at) INCLUDE (donante_consultado)`,
    );
    await q.query(`CREATE INDEX consulta_red_consultado_idx ON consulta_red (servicio_consultado, id)`);
    await q.query(`
      CREATE FUNCTION consulta_red_hash(r consulta_red) RETURNS char(64) LANGUAGE sql IMMUTABLE AS $$
        SELECT encode(sha256(convert_to(jsonb_build_array(r.id, r.servicio_id, r.usuario_id, r.donante_id,
          r.servicio_consultado, r.donante_consultado, r.created_at, r.anterior)::text, 'UTF8')), 'hex')
      $$`);
    await q.query(`
      CREATE FUNCTION consulta_red_sellar() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT c.hash INTO NEW.anterior FROM consulta_red c
         WHERE c.servicio_id = NEW.servicio_id ORDER BY c.id DESC LIMIT 1;
        NEW.hash := consulta_red_hash(NEW);
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER consulta_red_sellar BEFORE INSERT ON consulta_red
        FOR EACH ROW EXECUTE FUNCTION consulta_red_sellar()`);
    await q.query(`
      CREATE TRIGGER consulta_red_solo_agregar BEFORE UPDATE OR DELETE OR TRUNCATE ON consulta_red
        FOR EACH STATEMENT EXECUTE FUNCTION auditoria_solo_agregar()`);
  }

  /**
   * Back to persons by DNI: the roll-up reads a person as the records of one DNI again, and the
   * persons, their identifiers (merged and former DNIs), the distinctions and the access log are
   * dropped. The DNIs keep their second form (as 1763830000000's down keeps the first).
   */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER consulta_red_sellar ON consulta_red`);
    await q.query(`DROP FUNCTION consulta_red_sellar()`);
    await q.query(`DROP FUNCTION consulta_red_hash(consulta_red)`);
    await q.query(`DROP TABLE consulta_red`);
    await q.query(`DROP TRIGGER indicador_donante_update ON donante`);
    await q.query(POR_DNI(DONANTE_UPDATE_POR_DNI_SQL));
    await q.query(`
      CREATE TRIGGER indicador_donante_update
        AFTER UPDATE OF es_voluntario, donacion_anterior, dni, deleted_at ON donante
        FOR EACH ROW
        WHEN ((OLD.es_voluntario, OLD.donacion_anterior, OLD.dni, OLD.deleted_at IS NULL)
              IS DISTINCT FROM (NEW.es_voluntario, NEW.donacion_anterior, NEW.dni, NEW.deleted_at IS NULL))
        EXECUTE FUNCTION indicador_donante_update()`);
    await q.query(POR_DNI(DONACION_INSERT_SQL));
    await q.query(POR_DNI(RECALCULAR_CAMBIOS_SQL));
    await q.query(
      INDICADOR_TOTALES_SQL.replace(
        '(NOT p.donacion_anterior AND donacion_previas(x.id) = 0)',
        `(NOT p.donacion_anterior AND NOT EXISTS (
              SELECT 1 FROM donante q JOIN donacion o ON o.donante_id = q.id AND o.deleted_at IS NULL
               WHERE q.servicio_id = p.servicio_id AND q.dni = p.dni AND (q.deleted_at IS NULL OR q.id = p.id)
                 AND o.id <> x.id
                 AND (o.fecha < x.fecha OR (o.fecha = x.fecha AND o.created_at < x.created_at))
            ))`,
      ),
    );
    await q.query(`DROP FUNCTION donacion_previas(uuid)`);
    await q.query(`DROP FUNCTION persona_bloquear(text[])`);
    await q.query(`DROP TRIGGER donante_persona ON donante`);
    await q.query(`DROP FUNCTION donante_persona()`);
    await q.query(`ALTER TABLE donante DROP CONSTRAINT donante_persona_identificador_fk`);
    await q.query(`ALTER TABLE donante DROP COLUMN persona_id`);
    await q.query(`ALTER TABLE visita_no_apto DROP COLUMN definitivo`);
    await q.query(`DROP TABLE persona_distinta`);
    await q.query(`DROP TABLE persona_identificador`);
    await q.query(`DROP TABLE persona`);
    await q.query(`DROP FUNCTION dni_clave(text)`);
    await q.query(`SELECT indicador_reconstruir(NULL)`);
  }

  /** The second canonical form, as described above; collisions handled as in 1763830000000. */
  private async segundaFormaDeLosDni(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION pg_temp.dni_v2(x text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE WHEN s ~ '^[0-9]+$' THEN regexp_replace(s, '^0+(?=[0-9])', '') ELSE s END
          FROM (SELECT regexp_replace(x, '^(DNI|LC|LE)(?=[0-9]+$)', '') AS s) t
      $$`);
    const [{ n }] = (await q.query(`
      WITH c AS (
        SELECT id, pg_temp.dni_v2(dni) AS nuevo FROM donante
         WHERE pg_temp.dni_v2(dni) <> dni AND length(pg_temp.dni_v2(dni)) >= 6)
      , u AS (
        UPDATE donante d
           SET dni = c.nuevo,
               duplicado_de = CASE WHEN d.deleted_at IS NULL THEN d.id ELSE d.duplicado_de END
          FROM c WHERE d.id = c.id
        RETURNING d.id)
      SELECT count(*)::int AS n FROM u`)) as { n: number }[];
    if (n === 0) return;
    await q.query(`
      WITH grupo AS (
        SELECT d.id, first_value(d.id) OVER (PARTITION BY d.servicio_id, d.dni ORDER BY d.created_at, d.id) AS primero
          FROM donante d
         WHERE d.deleted_at IS NULL
           AND (d.servicio_id, d.dni) IN (SELECT servicio_id, dni FROM donante
                                           WHERE deleted_at IS NULL AND duplicado_de = id))
      UPDATE donante d SET duplicado_de = g.primero
        FROM grupo g
       WHERE d.id = g.id AND g.id <> g.primero`);
    await q.query(`UPDATE donante SET duplicado_de = NULL WHERE duplicado_de = id`);
  }

  /**
   * One person per servicio and DNI, of every record (deleted ones too); then the persons of a
   * merged record and of the record it was merged into are one (fusionado_con), whatever DNIs
   * they had; then each DNI a record was changed from (the audit trail's 'editar' entries) is one
   * more identifier of its person, when no other person holds it. Nothing else is joined.
   */
  private async construirPersonas(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TEMP TABLE persona_grupo ON COMMIT DROP AS
        SELECT servicio_id, dni, gen_random_uuid() AS persona_id, min(created_at) AS created_at
          FROM donante GROUP BY servicio_id, dni`);
    await q.query(`CREATE UNIQUE INDEX ON persona_grupo (servicio_id, dni)`);
    const uniones = (await q.query(`
      SELECT DISTINCT a.persona_id AS a, b.persona_id AS b
        FROM donante x
        JOIN donante k ON k.id = x.fusionado_con
        JOIN persona_grupo a ON a.servicio_id = x.servicio_id AND a.dni = x.dni
        JOIN persona_grupo b ON b.servicio_id = k.servicio_id AND b.dni = k.dni
       WHERE a.persona_id <> b.persona_id`)) as { a: string; b: string }[];
    if (uniones.length > 0) {
      // Few merges: their closure is worked out here, each group named by its smallest id.
      const padre = new Map<string, string>();
      const raiz = (x: string): string => {
        let r = x;
        while (padre.has(r) && padre.get(r) !== r) r = padre.get(r)!;
        return r;
      };
      for (const { a, b } of uniones) {
        const [ra, rb] = [raiz(a), raiz(b)];
        if (ra !== rb) padre.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
      }
      const todos = [...new Set(uniones.flatMap((u) => [u.a, u.b]))];
      await q.query(
        `UPDATE persona_grupo g SET persona_id = v.raiz
           FROM unnest($1::uuid[], $2::uuid[]) AS v(id, raiz)
          WHERE g.persona_id = v.id AND v.id <> v.raiz`,
        [todos, todos.map(raiz)],
      );
    }
    await q.query(`
      INSERT INTO persona (id, servicio_id, created_at)
        SELECT persona_id, servicio_id, min(created_at) FROM persona_grupo GROUP BY persona_id, servicio_id`);
    await q.query(`
      INSERT INTO persona_identificador (servicio_id, dni, persona_id, created_at)
        SELECT servicio_id, dni, persona_id, created_at FROM persona_grupo`);
    await q.query(`
      UPDATE donante d SET persona_id = g.persona_id
        FROM persona_grupo g WHERE g.servicio_id = d.servicio_id AND g.dni = d.dni`);
    // The DNIs records had before an edit (the audit trail keeps [before, after]).
    await q.query(`
      INSERT INTO persona_identificador (servicio_id, dni, persona_id)
        SELECT DISTINCT ON (a.servicio_id, v.dni) a.servicio_id, v.dni, d.persona_id
          FROM auditoria a
          JOIN donante d ON d.id::text = a.entidad_id AND d.servicio_id = a.servicio_id
          CROSS JOIN LATERAL (SELECT pg_temp.dni_v2(upper(regexp_replace(a.cambios->'dni'->>0,
                 '[[:space:].-]', '', 'g'))) AS dni) v
         WHERE a.entidad = 'donante' AND jsonb_typeof(a.cambios->'dni') = 'array'
           AND v.dni ~ '^[A-Z0-9]{6,10}$'
        ON CONFLICT (servicio_id, dni) DO NOTHING`);
  }
}

/**
 * A record's person: a new record gets the person its DNI names at the servicio, or a new one; a
 * record whose DNI changes keeps its person, and the new DNI becomes one more identifier of it.
 * A DNI that names another person must be joined first (PersonaService.unir): written here, it
 * is refused, so no path can split or silently join a person.
 */
const DONANTE_PERSONA_SQL = `
      CREATE FUNCTION donante_persona() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE pid uuid;
      BEGIN
        SELECT i.persona_id INTO pid FROM persona_identificador i
         WHERE i.servicio_id = NEW.servicio_id AND i.dni = NEW.dni;
        IF TG_OP = 'UPDATE' AND NEW.persona_id IS NULL THEN
          NEW.persona_id := OLD.persona_id;
        END IF;
        IF NEW.persona_id IS NULL THEN
          IF pid IS NULL THEN
            pid := gen_random_uuid();
            INSERT INTO persona (id, servicio_id) VALUES (pid, NEW.servicio_id);
            INSERT INTO persona_identificador (servicio_id, dni, persona_id) VALUES (NEW.servicio_id, NEW.dni, pid);
          END IF;
          NEW.persona_id := pid;
        ELSIF pid IS NULL THEN
          -- A record written with its person's id (a bulk load): the person is made if missing,
          -- never taken from another servicio.
          INSERT INTO persona (id, servicio_id) VALUES (NEW.persona_id, NEW.servicio_id) ON CONFLICT (id) DO NOTHING;
          IF NOT EXISTS (SELECT 1 FROM persona WHERE id = NEW.persona_id AND servicio_id = NEW.servicio_id) THEN
            RAISE EXCEPTION 'La persona % es de otro servicio', NEW.persona_id USING ERRCODE = 'foreign_key_violation';
          END IF;
          INSERT INTO persona_identificador (servicio_id, dni, persona_id)
            VALUES (NEW.servicio_id, NEW.dni, NEW.persona_id);
        ELSIF pid <> NEW.persona_id THEN
          RAISE EXCEPTION 'El DNI % es de otra persona: únalas antes', NEW.dni USING ERRCODE = 'unique_violation',
            CONSTRAINT = 'persona_identificador_pkey';
        END IF;
        RETURN NEW;
      END $$`;

/** As in migration 1763850000000, with the person by persona_id and 'primera vez' by donacion_previas. */
const INDICADOR_TOTALES_SQL = `
      CREATE OR REPLACE FUNCTION indicador_totales(ids uuid[])
      RETURNS TABLE (servicio_id uuid, fecha date, donaciones int, voluntarias int, primera_vez int,
        aferesis int, excl_temporales int, excl_definitivas int, sero_analizadas int, hiv int, hep_b int,
        hep_c int, vdrl int, brucelosis int, chagas int, htlv int, grupos jsonb)
      LANGUAGE sql STABLE AS $$
        WITH a AS (
          SELECT x.servicio_id, x.fecha, x.abo || '|' || x.rh AS grupo,
            (p.es_voluntario = 'Si') AS voluntaria,
            (NOT p.donacion_anterior AND donacion_previas(x.id) = 0) AS primera,
            x.donacion_aferesis AS aferesis,
            (x.exclusion_definitiva = 'Temporal' AND x.exclusion_tiempo > 0) AS temporal,
            (x.exclusion_definitiva = 'Definitiva') AS definitiva,
            x.serologia
          FROM donacion x JOIN donante p ON p.id = x.donante_id
          WHERE x.id = ANY(ids) AND x.deleted_at IS NULL
        )
        , g AS (
          SELECT t.servicio_id, t.fecha, jsonb_object_agg(t.grupo, t.n) AS grupos
            FROM (SELECT servicio_id, fecha, grupo, count(*) AS n FROM a GROUP BY 1, 2, 3) t
           GROUP BY 1, 2
        )
        SELECT a.servicio_id, a.fecha, count(*)::int,
          count(*) FILTER (WHERE a.voluntaria)::int, count(*) FILTER (WHERE a.primera)::int,
          count(*) FILTER (WHERE a.aferesis)::int, count(*) FILTER (WHERE a.temporal)::int,
          count(*) FILTER (WHERE a.definitiva)::int, count(*) FILTER (WHERE a.serologia IS NOT NULL)::int,
          count(*) FILTER (WHERE a.serologia->>'hiv' = 'true')::int,
          count(*) FILTER (WHERE a.serologia->>'hepB' = 'true')::int,
          count(*) FILTER (WHERE a.serologia->>'hepC' = 'true')::int,
          count(*) FILTER (WHERE a.serologia->>'vdrl' = 'true')::int,
          count(*) FILTER (WHERE a.serologia->>'brucelosis' = 'true')::int,
          count(*) FILTER (WHERE a.serologia->>'chagas' = 'true')::int,
          count(*) FILTER (WHERE a.serologia->>'htlv' = 'true')::int,
          (array_agg(g.grupos))[1]
        FROM a JOIN g ON g.servicio_id = a.servicio_id AND g.fecha = a.fecha
        GROUP BY a.servicio_id, a.fecha
      $$`;

/** As in migration 1763850000000, the same person by persona_id. */
const RECALCULAR_CAMBIOS_SQL = `
      CREATE OR REPLACE FUNCTION indicador_recalcular_cambios(
        servicios uuid[], donantes uuid[], desdes date[], con_sus_dias boolean
      ) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE r record;
      BEGIN
        FOR r IN
          WITH c AS (
            SELECT * FROM unnest(servicios, donantes, desdes) AS c(servicio_id, donante_id, desde)
          )
          SELECT DISTINCT servicio_id, fecha FROM (
            SELECT c.servicio_id, c.desde AS fecha FROM c WHERE con_sus_dias
            UNION ALL
            SELECT x.servicio_id, x.fecha
              FROM c
              JOIN donante p ON p.id = c.donante_id
              JOIN donante q ON q.persona_id = p.persona_id
              JOIN donacion x ON x.donante_id = q.id AND x.deleted_at IS NULL AND x.fecha >= c.desde
          ) t
          ORDER BY servicio_id, fecha
        LOOP
          PERFORM indicador_recalcular(r.servicio_id, r.fecha);
        END LOOP;
      END $$`;

/** As in migration 1763940000000, the same person by persona_id. */
const DONACION_INSERT_SQL = `
      CREATE OR REPLACE FUNCTION indicador_donacion_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.deleted_at IS NOT NULL THEN RETURN NULL; END IF;
        INSERT INTO indicador_diario AS i (servicio_id, fecha, donaciones, voluntarias, primera_vez,
            aferesis, excl_temporales, excl_definitivas, sero_analizadas, hiv, hep_b, hep_c, vdrl,
            brucelosis, chagas, htlv, grupos)
          SELECT * FROM indicador_totales(ARRAY[NEW.id])
          ON CONFLICT (servicio_id, fecha) DO UPDATE SET
            donaciones = i.donaciones + excluded.donaciones, voluntarias = i.voluntarias + excluded.voluntarias,
            primera_vez = i.primera_vez + excluded.primera_vez, aferesis = i.aferesis + excluded.aferesis,
            excl_temporales = i.excl_temporales + excluded.excl_temporales,
            excl_definitivas = i.excl_definitivas + excluded.excl_definitivas,
            sero_analizadas = i.sero_analizadas + excluded.sero_analizadas, hiv = i.hiv + excluded.hiv,
            hep_b = i.hep_b + excluded.hep_b, hep_c = i.hep_c + excluded.hep_c, vdrl = i.vdrl + excluded.vdrl,
            brucelosis = i.brucelosis + excluded.brucelosis, chagas = i.chagas + excluded.chagas,
            htlv = i.htlv + excluded.htlv, grupos = indicador_sumar_grupos(i.grupos, excluded.grupos);
        INSERT INTO indicador_distintos AS i (servicio_id, fecha, mes_anterior, donaciones)
          VALUES (NEW.servicio_id, NEW.fecha, indicador_mes(NEW.fecha_anterior), 1)
          ON CONFLICT (servicio_id, fecha, mes_anterior) DO UPDATE SET donaciones = i.donaciones + 1;
        IF EXISTS (
          SELECT 1 FROM donacion o
           WHERE o.donante_id = NEW.donante_id AND o.deleted_at IS NULL AND o.id <> NEW.id
             AND (o.fecha, o.id) > (NEW.fecha, NEW.id)
        ) THEN
          PERFORM donacion_anteriores(ARRAY[NEW.donante_id]);
        END IF;
        -- Usually the new donation is the person's latest: then there is nothing after it.
        IF EXISTS (
          SELECT 1
            FROM donante p
            JOIN donante o ON o.persona_id = p.persona_id
            JOIN donacion x ON x.donante_id = o.id AND x.deleted_at IS NULL AND x.fecha > NEW.fecha
           WHERE p.id = NEW.donante_id
        ) THEN
          PERFORM indicador_recalcular_cambios(
            ARRAY[NEW.servicio_id], ARRAY[NEW.donante_id], ARRAY[NEW.fecha + 1], false);
        END IF;
        IF EXISTS (
          SELECT 1
            FROM donante p
            JOIN donante o ON o.persona_id = p.persona_id
            JOIN donacion x ON x.donante_id = o.id AND x.deleted_at IS NULL AND x.fecha = NEW.fecha
           WHERE p.id = NEW.donante_id AND x.created_at > NEW.created_at AND x.id <> NEW.id
        ) THEN
          PERFORM indicador_recalcular(NEW.servicio_id, NEW.fecha);
        END IF;
        RETURN NULL;
      END $$`;

/** A donor's change the roll-up counts: its person after it, and the person it had before. */
const DONANTE_UPDATE_SQL = `
      CREATE OR REPLACE FUNCTION indicador_donante_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM indicador_recalcular_cambios(
            array_agg(servicio_id), array_agg(id), array_agg('0001-01-01'::date), false)
          FROM (
            SELECT NEW.servicio_id AS servicio_id, NEW.id AS id
            UNION
            -- One record that stays with the old person stands for it.
            (SELECT p.servicio_id, p.id
               FROM donante p
              WHERE OLD.persona_id <> NEW.persona_id AND p.persona_id = OLD.persona_id
              LIMIT 1)
          ) t;
        RETURN NULL;
      END $$`;

/** A statement of this migration as it read a person before it: the records of one DNI. */
const POR_DNI = (sql: string) =>
  sql
    .replaceAll('q.persona_id = p.persona_id', 'q.servicio_id = p.servicio_id AND q.dni = p.dni')
    .replaceAll('o.persona_id = p.persona_id', 'o.servicio_id = p.servicio_id AND o.dni = p.dni');

/** Migration 1763940000000's: the people of the DNI after a change and of the DNI before it. */
const DONANTE_UPDATE_POR_DNI_SQL = `
      CREATE OR REPLACE FUNCTION indicador_donante_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM indicador_recalcular_cambios(
            array_agg(servicio_id), array_agg(id), array_agg('0001-01-01'::date), false)
          FROM (
            SELECT NEW.servicio_id AS servicio_id, NEW.id AS id
            UNION
            SELECT p.servicio_id, p.id
              FROM donante p
             WHERE OLD.dni <> NEW.dni AND p.servicio_id = OLD.servicio_id AND p.dni = OLD.dni
          ) t;
        RETURN NULL;
      END $$`;
