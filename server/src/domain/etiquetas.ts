/**
 * Label numbers (número de etiqueta): issued one by one by the servicio's
 * counter ('Generar Etiquetas'), printed on the bag's labels and then typed
 * into the donation. Shared by the server and the client.
 */

/**
 * The highest label number: 8 digits. Two limits meet here: the donation's
 * `numero` column is a Postgres integer (at most 2_147_483_647, so any bound
 * must stay below it or a search or an insert fails in the database), and the
 * label prints the number in large bold type (34 pt when there is no barcode)
 * on a 99 mm wide label, where 8 digits fit with margin and 10 do not. No
 * blood bank issues a hundred million labels, so the bound never binds a
 * real servicio.
 */
export const NUMERO_ETIQUETA_MAX = 99_999_999;

/**
 * At most this many label numbers issued by one HTTP request (GraphQL
 * aliases of nextEtiquetaNumero): the client asks for one per 'Generar
 * Etiquetas', and a sheet has 6 labels, so 6 is a generous ceiling. A request
 * that asks for more is a script burning numbers: the excess is refused and
 * burns nothing.
 */
export const ETIQUETAS_POR_SOLICITUD_MAX = 6;

/** A whole number within 1..NUMERO_ETIQUETA_MAX. */
export function isNumeroEtiqueta(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= NUMERO_ETIQUETA_MAX;
}
