import { MigrationInterface, QueryRunner } from 'typeorm';

/** A timestamp's calendar day in Argentina, as every date of the product. */
const DIA = (ts: string) => `(${ts} AT TIME ZONE 'America/Argentina/Buenos_Aires')::date`;

/**
 * The components' events by day, for the indicators (a servicio's and a network's): reading them
 * from the component table counted every component of the period for each request (a year at a
 * large servicio: 1.4 million produced, as many released, half a million dispatched, each joined to
 * its component for the type; seconds per request).
 *
 * `componente_diario` counts, per servicio, Argentine day, event, type and reason: the components
 * produced, released and discarded (by reason) of the servicio, and, of its dispatches, the units
 * dispatched (by destination kind), transfused and returned (by the day their fate was recorded).
 * Those events are defined once, here: `componente_eventos` (a component's own) and
 * `despacho_componente_eventos` (a dispatch line's, with its unit's type); the triggers and this
 * migration's first count use them, and `indicadores.test.ts` compares the roll-up with a count of
 * the units.
 *
 * As the stock ledger (migration 1764950000000), it is a ledger of signed changes: the triggers
 * append +1 for each event a row gains and -1 for each it loses, and never update a row, so two
 * writes never wait for each other over a shared counter. `componente_diario_compactar(servicio)`
 * folds the entries (the periodic sweep runs it with the stock's).
 *
 * Not carried in backups: a restore writes the components and dispatches again and the triggers
 * count them.
 */
export class ComponenteDiario1764960000000 implements MigrationInterface {
  name = 'ComponenteDiario1764960000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE componente_diario (
        servicio_id uuid NOT NULL REFERENCES servicio(id) ON DELETE CASCADE,
        dia date NOT NULL,
        evento varchar(20) NOT NULL,
        tipo varchar(30) NOT NULL,
        motivo varchar(30) NOT NULL DEFAULT '',
        cantidad integer NOT NULL
      )`);
    // The events of a period (the stock's entries, migration 1764960010000, have an index of their own).
    await q.query(
      `CREATE INDEX componente_diario_idx ON componente_diario (servicio_id, dia) INCLUDE (evento, tipo, motivo, cantidad)
        WHERE evento <> 'stock'`,
    );
    await q.query(`
      CREATE FUNCTION componente_eventos(c componente)
        RETURNS TABLE (servicio_id uuid, dia date, evento text, tipo text, motivo text)
        LANGUAGE sql STABLE AS $$
        SELECT c.servicio_id, ${DIA('c.producido_en')}, 'producidos', c.tipo, ''
         WHERE c.producido_en IS NOT NULL
        UNION ALL
        SELECT c.servicio_id, ${DIA('c.liberado_en')}, 'liberados', c.tipo, ''
         WHERE c.liberado_en IS NOT NULL
        UNION ALL
        SELECT c.servicio_id, ${DIA('c.descartado_en')}, 'descartados', c.tipo, coalesce(c.motivo_descarte, '')
         WHERE c.descartado_en IS NOT NULL
      $$`);
    await q.query(`
      CREATE FUNCTION despacho_componente_eventos(dc despacho_componente, unidad_tipo text)
        RETURNS TABLE (servicio_id uuid, dia date, evento text, tipo text, motivo text)
        LANGUAGE sql STABLE AS $$
        SELECT x.servicio_id, ${DIA('x.despachado_en')}, 'despachados', unidad_tipo, x.destino_tipo::text
          FROM despacho x WHERE x.id = dc.despacho_id AND unidad_tipo IS NOT NULL
        UNION ALL
        SELECT x.servicio_id, ${DIA('dc.cerrado_en')},
               CASE dc.estado WHEN 'TRANSFUNDIDO' THEN 'transfundidos' ELSE 'devueltos' END, unidad_tipo, ''
          FROM despacho x
         WHERE x.id = dc.despacho_id AND unidad_tipo IS NOT NULL
           AND dc.cerrado_en IS NOT NULL AND dc.estado IN ('TRANSFUNDIDO', 'DEVUELTO')
      $$`);
    await q.query(`
      CREATE FUNCTION componente_diario_componente() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE'
           AND (NEW.servicio_id, NEW.tipo, NEW.producido_en, NEW.liberado_en, NEW.descartado_en, NEW.motivo_descarte)
               IS NOT DISTINCT FROM
               (OLD.servicio_id, OLD.tipo, OLD.producido_en, OLD.liberado_en, OLD.descartado_en, OLD.motivo_descarte) THEN
          RETURN NULL;
        END IF;
        IF TG_OP <> 'INSERT' THEN
          INSERT INTO componente_diario (servicio_id, dia, evento, tipo, motivo, cantidad)
          SELECT e.servicio_id, e.dia, e.evento, e.tipo, e.motivo, -1 FROM componente_eventos(OLD) e;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO componente_diario (servicio_id, dia, evento, tipo, motivo, cantidad)
          SELECT e.servicio_id, e.dia, e.evento, e.tipo, e.motivo, 1 FROM componente_eventos(NEW) e;
        END IF;
        -- A unit's dispatches are counted under its type: a new type moves them.
        IF TG_OP = 'UPDATE' AND NEW.tipo IS DISTINCT FROM OLD.tipo THEN
          INSERT INTO componente_diario (servicio_id, dia, evento, tipo, motivo, cantidad)
          SELECT e.servicio_id, e.dia, e.evento, e.tipo, e.motivo, s.signo
            FROM despacho_componente dc
            CROSS JOIN (VALUES (-1, OLD.tipo::text), (1, NEW.tipo::text)) AS s(signo, tipo)
            CROSS JOIN LATERAL despacho_componente_eventos(dc, s.tipo) e
           WHERE dc.componente_id = NEW.id;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER componente_diario AFTER INSERT OR UPDATE OR DELETE ON componente
        FOR EACH ROW EXECUTE FUNCTION componente_diario_componente()`);
    await q.query(`
      CREATE FUNCTION componente_diario_despacho() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE'
           AND (NEW.despacho_id, NEW.componente_id, NEW.estado, NEW.cerrado_en)
               IS NOT DISTINCT FROM (OLD.despacho_id, OLD.componente_id, OLD.estado, OLD.cerrado_en) THEN
          RETURN NULL;
        END IF;
        IF TG_OP <> 'INSERT' THEN
          INSERT INTO componente_diario (servicio_id, dia, evento, tipo, motivo, cantidad)
          SELECT e.servicio_id, e.dia, e.evento, e.tipo, e.motivo, -1
            FROM despacho_componente_eventos(OLD, (SELECT c.tipo FROM componente c WHERE c.id = OLD.componente_id)) e;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO componente_diario (servicio_id, dia, evento, tipo, motivo, cantidad)
          SELECT e.servicio_id, e.dia, e.evento, e.tipo, e.motivo, 1
            FROM despacho_componente_eventos(NEW, (SELECT c.tipo FROM componente c WHERE c.id = NEW.componente_id)) e;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER componente_diario AFTER INSERT OR UPDATE OR DELETE ON despacho_componente
        FOR EACH ROW EXECUTE FUNCTION componente_diario_despacho()`);
    // TRUNCATE fires no row trigger: the events go with their rows (a DELETE, as the stock ledger's).
    await q.query(`
      CREATE FUNCTION componente_diario_vaciar() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'componente' THEN
          DELETE FROM componente_diario;
        ELSE
          DELETE FROM componente_diario WHERE evento IN ('despachados', 'transfundidos', 'devueltos');
        END IF;
        RETURN NULL;
      END $$`);
    for (const tabla of ['componente', 'despacho_componente']) {
      await q.query(`
        CREATE TRIGGER componente_diario_vaciar AFTER TRUNCATE ON ${tabla}
          FOR EACH STATEMENT EXECUTE FUNCTION componente_diario_vaciar()`);
    }
    await q.query(`
      CREATE FUNCTION componente_diario_compactar(servicio uuid) RETURNS void LANGUAGE sql AS $$
        WITH viejas AS (
          DELETE FROM componente_diario d WHERE servicio IS NULL OR d.servicio_id = servicio
          RETURNING d.servicio_id, d.dia, d.evento, d.tipo, d.motivo, d.cantidad)
        INSERT INTO componente_diario (servicio_id, dia, evento, tipo, motivo, cantidad)
        SELECT servicio_id, dia, evento, tipo, motivo, sum(cantidad)::int FROM viejas
         GROUP BY servicio_id, dia, evento, tipo, motivo
        HAVING sum(cantidad) <> 0
         ORDER BY servicio_id, dia
      $$`);
    await q.query(`
      INSERT INTO componente_diario (servicio_id, dia, evento, tipo, motivo, cantidad)
      SELECT e.servicio_id, e.dia, e.evento, e.tipo, e.motivo, count(*)::int
        FROM (SELECT e.* FROM componente c CROSS JOIN LATERAL componente_eventos(c) e
              UNION ALL
              SELECT e.* FROM despacho_componente dc JOIN componente c ON c.id = dc.componente_id
               CROSS JOIN LATERAL despacho_componente_eventos(dc, c.tipo) e) e
       GROUP BY 1, 2, 3, 4, 5
       ORDER BY 1, 2`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION componente_diario_compactar(uuid)`);
    for (const tabla of ['componente', 'despacho_componente']) {
      await q.query(`DROP TRIGGER componente_diario_vaciar ON ${tabla}`);
      await q.query(`DROP TRIGGER componente_diario ON ${tabla}`);
    }
    await q.query(`DROP FUNCTION componente_diario_vaciar()`);
    await q.query(`DROP FUNCTION componente_diario_despacho()`);
    await q.query(`DROP FUNCTION componente_diario_componente()`);
    await q.query(`DROP FUNCTION despacho_componente_eventos(despacho_componente, text)`);
    await q.query(`DROP FUNCTION componente_eventos(componente)`);
    await q.query(`DROP TABLE componente_diario`);
  }
}
