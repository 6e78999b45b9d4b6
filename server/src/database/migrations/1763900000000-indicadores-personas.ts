import { MigrationInterface, QueryRunner } from 'typeorm';
import { DONANTE_UPDATE_SQL } from './1763850000000-indicadores';
import { DONACION_INSERT_DISTINTOS_SQL, insertar } from './1763890000000-donantes-distintos';

/**
 * The roll-up's triggers (1763850000000) recount a person as every record with the DNI, before a
 * change as well as after it:
 *
 * - indicador_donante_update: a donor's change recounted the people of the DNI the donor has after
 *   it, not those it leaves behind: the records that shared its old DNI, whose first-time donation
 *   may now be another. It recounts both now (the old DNI is in the transition table).
 * - indicador_donacion_insert: a new donation recounted the same person's later days, but not its
 *   own day, where the same person may have another donation recorded after it (created_at) yet
 *   committed before it (two transactions): that one is not first-time any more. Only such a day
 *   is recounted; a day without one keeps the plain increments.
 * - donante_persona_idx: every record of a servicio's DNI, deleted ones too, as the triggers read
 *   a person (the other DNI indexes hold only live records, so that read was a scan of donante).
 */
export class IndicadoresPersonas1763900000000 implements MigrationInterface {
  name = 'IndicadoresPersonas1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX donante_persona_idx ON donante (servicio_id, dni)`);
    await q.query(DONANTE_UPDATE_PERSONAS_SQL);
    await q.query(DONACION_INSERT_PERSONAS_SQL);
    // Whatever the old triggers left behind.
    await q.query(`SELECT indicador_reconstruir(NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(DONACION_INSERT_DISTINTOS_SQL);
    await q.query(DONANTE_UPDATE_SQL);
    await q.query(`DROP INDEX donante_persona_idx`);
  }
}

/** A donor's change: the people of its DNI after it and of the DNI it had before. */
export const DONANTE_UPDATE_PERSONAS_SQL = `
      CREATE OR REPLACE FUNCTION indicador_donante_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM indicador_recalcular_cambios(
            array_agg(servicio_id), array_agg(id), array_agg('0001-01-01'::date), false)
          FROM (
            WITH cambios AS (
              SELECT n.servicio_id, n.id, o.dni AS dni_anterior, n.dni
                FROM viejas o JOIN nuevas n ON n.id = o.id
               WHERE (o.es_voluntario, o.donacion_anterior, o.dni, o.deleted_at IS NULL)
                     IS DISTINCT FROM (n.es_voluntario, n.donacion_anterior, n.dni, n.deleted_at IS NULL)
            )
            SELECT servicio_id, id FROM cambios
            UNION
            -- The records that keep the old DNI stand for its person.
            SELECT p.servicio_id, p.id
              FROM cambios c JOIN donante p ON p.servicio_id = c.servicio_id AND p.dni = c.dni_anterior
             WHERE c.dni_anterior <> c.dni
          ) t;
        RETURN NULL;
      END $$`;

/** A creation: also the own day of a new row that the same person's later-recorded donation shares. */
export const DONACION_INSERT_PERSONAS_SQL = insertar(
  DONACION_INSERT_DISTINTOS_SQL,
  '        RETURN NULL;',
  `        PERFORM indicador_recalcular(d.servicio_id, d.fecha)
          FROM (
            SELECT DISTINCT n.servicio_id, n.fecha
              FROM nuevas n
              JOIN donante p ON p.id = n.donante_id
              JOIN donante o ON o.servicio_id = p.servicio_id AND o.dni = p.dni
              JOIN donacion x ON x.donante_id = o.id AND x.deleted_at IS NULL AND x.fecha = n.fecha
             WHERE n.deleted_at IS NULL AND x.created_at > n.created_at
               AND x.id NOT IN (SELECT id FROM nuevas)
             ORDER BY 1, 2
          ) d;
`,
);
