import { MigrationInterface, QueryRunner } from 'typeorm';
import {
  DONACION_INSERT_PERSONAS_SQL,
  DONANTE_UPDATE_PERSONAS_SQL,
} from './1763900000000-indicadores-personas';

/**
 * The roll-up's two triggers that every creation fires, one row at a time. They were statement
 * triggers reading transition tables, and Postgres plans a query on a transition table again on
 * every call: the creation of one donation spent ≈ 2 ms planning its own roll-up, and updating the
 * donor's ultima_donacion ≈ 0.7 ms in a trigger with nothing to do. As row triggers they read
 * NEW and OLD, whose statements keep their plans for the session, and the donor's fires only when
 * a column the roll-up counts changes (its WHEN runs in C, no function call). What they count is
 * unchanged: each row of a statement is handled after the whole statement, as before; bulk loads
 * still run with the triggers off and rebuild (indicador_reconstruir). The app inserts one
 * donation per statement.
 */
export class IndicadoresPorFila1763940000000 implements MigrationInterface {
  name = 'IndicadoresPorFila1763940000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER indicador_donacion_insert ON donacion`);
    await q.query(DONACION_INSERT_FILA_SQL);
    await q.query(`
      CREATE TRIGGER indicador_donacion_insert AFTER INSERT ON donacion
        FOR EACH ROW EXECUTE FUNCTION indicador_donacion_insert()`);

    await q.query(`DROP TRIGGER indicador_donante_update ON donante`);
    await q.query(DONANTE_UPDATE_FILA_SQL);
    await q.query(`
      CREATE TRIGGER indicador_donante_update
        AFTER UPDATE OF es_voluntario, donacion_anterior, dni, deleted_at ON donante
        FOR EACH ROW
        WHEN ((OLD.es_voluntario, OLD.donacion_anterior, OLD.dni, OLD.deleted_at IS NULL)
              IS DISTINCT FROM (NEW.es_voluntario, NEW.donacion_anterior, NEW.dni, NEW.deleted_at IS NULL))
        EXECUTE FUNCTION indicador_donante_update()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER indicador_donante_update ON donante`);
    await q.query(DONANTE_UPDATE_PERSONAS_SQL);
    await q.query(`
      CREATE TRIGGER indicador_donante_update AFTER UPDATE ON donante
        REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
        FOR EACH STATEMENT EXECUTE FUNCTION indicador_donante_update()`);

    await q.query(`DROP TRIGGER indicador_donacion_insert ON donacion`);
    await q.query(DONACION_INSERT_PERSONAS_SQL);
    await q.query(`
      CREATE TRIGGER indicador_donacion_insert AFTER INSERT ON donacion REFERENCING NEW TABLE AS nuevas
        FOR EACH STATEMENT EXECUTE FUNCTION indicador_donacion_insert()`);
  }
}

/**
 * A new donation (migrations 1763850000000, 1763890000000 and 1763900000000, for one row): its
 * day's increments (indicador_diario, then indicador_distintos: the day's row lock first, as
 * everywhere); the previous donation of the same donor's later rows, when it is back-dated; the
 * days of the same person's later donations, whose 'primera vez' it may change; and its own day
 * when the same person has a donation that day recorded after it (yet committed before it).
 */
const DONACION_INSERT_FILA_SQL = `
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
            JOIN donante o ON o.servicio_id = p.servicio_id AND o.dni = p.dni
            JOIN donacion x ON x.donante_id = o.id AND x.deleted_at IS NULL AND x.fecha > NEW.fecha
           WHERE p.id = NEW.donante_id
        ) THEN
          PERFORM indicador_recalcular_cambios(
            ARRAY[NEW.servicio_id], ARRAY[NEW.donante_id], ARRAY[NEW.fecha + 1], false);
        END IF;
        IF EXISTS (
          SELECT 1
            FROM donante p
            JOIN donante o ON o.servicio_id = p.servicio_id AND o.dni = p.dni
            JOIN donacion x ON x.donante_id = o.id AND x.deleted_at IS NULL AND x.fecha = NEW.fecha
           WHERE p.id = NEW.donante_id AND x.created_at > NEW.created_at AND x.id <> NEW.id
        ) THEN
          PERFORM indicador_recalcular(NEW.servicio_id, NEW.fecha);
        END IF;
        RETURN NULL;
      END $$`;

/** A donor's change the roll-up counts: the people of its DNI after it and of the DNI it had before. */
const DONANTE_UPDATE_FILA_SQL = `
      CREATE OR REPLACE FUNCTION indicador_donante_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM indicador_recalcular_cambios(
            array_agg(servicio_id), array_agg(id), array_agg('0001-01-01'::date), false)
          FROM (
            SELECT NEW.servicio_id AS servicio_id, NEW.id AS id
            UNION
            -- The records that keep the old DNI stand for its person.
            SELECT p.servicio_id, p.id
              FROM donante p
             WHERE OLD.dni <> NEW.dni AND p.servicio_id = OLD.servicio_id AND p.dni = OLD.dni
          ) t;
        RETURN NULL;
      END $$`;
