/**
 * The reads of the eligibility module that are not a person's history (modules/persona): the lifts
 * of a page of donations, and the doctor's queue.
 */

/** The lifts in force of the donations `$1` of the servicio `$2` (a later result sets one aside: anulado_at). */
export const LEVANTAMIENTOS_DE_DONACIONES_SQL = `SELECT origen_id AS "origenId", clave
  FROM levantamiento_diferimiento
  WHERE origen_id = ANY($1::uuid[]) AND servicio_id = $2 AND anulado_at IS NULL`;

/**
 * A result that awaits a doctor's decision, as the domain reads it (diferimientoDeDonacion, tipo
 * 'Pendiente'): a reactive marker with no exclusion decided. The predicate of the partial index
 * donacion_pendiente_idx (migration 1764050000000), so that the planner uses it.
 */
export const RESULTADO_PENDIENTE = `d.serologia @? '$.* ? (@ == true)'
    AND (d.exclusion_definitiva IS NULL OR d.exclusion_definitiva NOT IN ('Definitiva', 'Temporal'))`;

/**
 * The servicio's donations (deleted ones too: a deletion is never a lift) whose result awaits a
 * doctor, oldest first, each with its lifts in force and the live record of its person to act
 * on: the donation's own, else another of the same person (a record deleted and created again);
 * none when the person has no live record. The lifts are matched to the result by the domain (a
 * lift covers the deferral's key only), so the page is cut after that.
 */
export const PENDIENTES_SQL = `SELECT d.id, d.numero, d.fecha::text AS fecha, d.donacion_aferesis AS "donacionAferesis",
    d.exclusion_definitiva AS "exclusionDefinitiva", d.exclusion_tiempo AS "exclusionTiempo", d.serologia,
    d.serologia_confirmada AS confirmado, d.deleted_at IS NOT NULL AS eliminada,
    a.id AS "donanteId", a.nombre, a.apellido, a.dni,
    (SELECT coalesce(json_agg(json_build_object('origenId', l.origen_id, 'clave', l.clave)), '[]')
       FROM levantamiento_diferimiento l
      WHERE l.origen_id = d.id AND l.servicio_id = d.servicio_id AND l.anulado_at IS NULL) AS levantamientos
  FROM donacion d
  JOIN donante o ON o.id = d.donante_id
  CROSS JOIN LATERAL (
    SELECT x.id, x.nombre, x.apellido, x.dni FROM donante x
     WHERE x.servicio_id = d.servicio_id AND x.persona_id = o.persona_id AND x.deleted_at IS NULL
     ORDER BY x.id = o.id DESC, x.created_at
     LIMIT 1) a
  WHERE d.servicio_id = $1 AND ${RESULTADO_PENDIENTE}
  ORDER BY d.fecha, d.numero`;
