/**
 * The numbers of the specification's rules (SPEC sections 5 and 9), defined once. This module imports
 * nothing, so messages.ts builds its texts from these constants and the rules
 * (donante.ts, donacion.ts, validation.ts) test against the same values.
 */

/** Donor age in whole years, inclusive: from the 16th birthday through the day before the 66th. */
export const EDAD_DONANTE_MIN = 16;
export const EDAD_DONANTE_MAX = 65;

/** CPH registry age (SPEC: "over 17 and under 41"): 18 to 40 inclusive, in whole years. */
export const EDAD_CPH_MIN = 18;
export const EDAD_CPH_MAX = 40;

/** Weeks that must pass between two donations of a donor. */
export const SEMANAS_ENTRE_DONACIONES = 8;
/** The longest interval a servicio may set (Opciones): it may lengthen the norm, never shorten it. */
export const SEMANAS_ENTRE_DONACIONES_MAX = 52;

/**
 * Whole-blood donations in any 12 months, by sex: the national norm is the default and the most a
 * servicio may allow; it may set fewer (Opciones), down to LIMITE_ANUAL_MIN.
 */
export const LIMITE_ANUAL_DEFAULT = { Masculino: 4, Femenino: 3 } as const;
export const LIMITE_ANUAL_MAX = LIMITE_ANUAL_DEFAULT;
export const LIMITE_ANUAL_MIN = 1;

/** Longest deferral a 'No apto' screening visit may set, in days. */
export const DIFERIMIENTO_NO_APTO_MAX_DIAS = 365;

/** The same interval in days: a donation exactly 56 days after the previous one is allowed; 55 days is not. */
export const DIAS_ENTRE_DONACIONES = SEMANAS_ENTRE_DONACIONES * 7;

/** A DNI in canonical form (domain/dni.ts): from 6 to 10 letters or digits. */
export const DNI_MIN = 6;
export const DNI_MAX = 10;

/** Shortest password. */
export const CLAVE_MIN = 6;
/** Longest password accepted. */
export const CLAVE_MAX = 200;

/** The vital signs' normal bounds, inclusive; outside them the sign is 'FC baja', 'TAS alta', ... */
export const SV_LIMITES = {
  fc: { min: 60, max: 100 },
  tas: { min: 90, max: 180 },
  tad: { min: 60, max: 100 },
  hto: { min: 35 },
  peso: { min: 50 },
  hb: { min: 12 },
} as const;

/**
 * The screening thresholds a servicio may set in Opciones (by sex for the minimums, an upper bound
 * for haemoglobin and haematocrit): never under the spec's bounds (SV_LIMITES), never past these
 * ceilings, which no person reaches (an upper bound under them stops no healthy donor by mistake).
 */
export const UMBRAL_HB = { min: 12, max: 20 } as const;
export const UMBRAL_HTO = { min: 35, max: 60 } as const;

/**
 * Outside the servicio (a network's account, an API key), a figure that rests on fewer donations or
 * donors than this is not published (domain/indicadores.ts, publicarIndicadores).
 */
export const INDICADORES_MINIMO_PUBLICABLE = 5;

/** Longest name of an API key (Opciones, 'Claves de API'). */
export const CLAVE_API_NOMBRE_MAX = 100;
/** Active (not revoked) API keys a servicio may hold at once. */
export const CLAVES_API_ACTIVAS_MAX = 50;
/** Requests one API key may make per minute, counted by every server process together. */
export const CLAVE_API_USOS_POR_MINUTO = 120;

/**
 * The budget of a network member's lookups that read another member's records (its lists and
 * screens; the records it writes are counted too), all server processes together: distinct
 * records of other members a servicio may read in a minute and in a day. A busy reception desk
 * reads a few dozen donors a minute; probing for DNIs reads hundreds.
 */
/** The longest page of any list of this API (PageInput.limit), for the server and the screens. */
export const PAGE_MAX = 100;

export const CONSULTAS_RED_POR_MINUTO = 60;
export const CONSULTAS_RED_POR_DIA = 1500;

/**
 * Entities a federation gateway may ask for in one `_entities` call: as many as the longest page
 * of any list of this API (PAGE_MAX), the most one join sends at once.
 */
export const ENTIDADES_POR_CONSULTA_MAX = 100;

/**
 * The donor search counts its matches up to this number; past it the total is a lower bound (the
 * screen says "más de", the REST shim's `totalExacto` is false).
 */
export const DONANTES_TOTAL_MAX = 200;

/**
 * The donor search filtered by today's eligibility (decided by the domain rules, not by SQL) reads
 * at most this many of the donors that match the rest of the search, in listing order, for a page;
 * when they do not fill it the search is refused with a request to narrow it.
 */
export const DONANTES_ELEGIBILIDAD_REVISADOS_MAX = 2000;

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

/**
 * A label printer's label (Opciones > Numeración), in whole millimetres. Narrower than 40 mm the
 * barcode of an 8-digit number, with its quiet zones, gets modules under 0.3 mm (fewer than 2.4
 * dots of a 203 dpi printer), too thin to print cleanly; lower than 25 mm the servicio's name,
 * the barcode, the number and the date no longer fit one above the other at a readable size.
 * 110 mm is past the print width of a 4-inch printer, 150 mm the tallest common label (4 x 6
 * inches).
 */
export const ETIQUETA_ANCHO_MM = { min: 40, max: 110 } as const;
export const ETIQUETA_ALTO_MM = { min: 25, max: 150 } as const;
/** What a servicio prints until it chooses another size (a common 4 x 2 inch label). */
export const ETIQUETA_MEDIDA_DEFAULT = { anchoMm: 100, altoMm: 50 } as const;

/**
 * Donors a name may match in the audit search (Auditoría, 'Donante'): past it the search asks for
 * more of the surname. Each one brings its donations, visits and labels into the search.
 */
export const AUDITORIA_DONANTES_MAX = 100;
