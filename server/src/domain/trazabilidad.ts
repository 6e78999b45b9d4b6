/**
 * Look-back (trazabilidad inversa): when a donation's result turns reactive, every component of
 * the same person's earlier donations within the servicio's window, at any member of its network,
 * is withdrawn when it is still in stock anywhere (or on its way to a member), or its receiving
 * hospital is to be notified when it left; each notification is recorded (who, when, how, answer).
 *
 * Decision: a withdrawn unit becomes DESCARTADO with the reason 'Serología reactiva' (the one a
 * reactive result already gives) and a detail naming the look-back, through siguienteEstado
 * 'retirar': no new state nor reason, so every list, register and indicator of part 1 reads it as
 * it reads any unit discarded for serology. Shared by the server and the client.
 */
import type { EstadoComponente, MotivoDescarte } from './componentes';
import { addDays, type IsoDate, parseIsoDate } from './dates';
import type { SerologiaKey } from './donacion';
import { type FieldError, MSG } from './messages';

/**
 * Why a look-back opens: a reactive result of the donation, a post-donation report (something
 * the donor or a doctor told after the donation that makes the blood unsafe), or a deferral made
 * definitive for a reason that may affect earlier blood (causaInfecciosa: on a donation's
 * results, or at a 'No apto' visit).
 */
export const MOTIVOS_TRAZABILIDAD = [
  'RESULTADO_REACTIVO',
  'INFORME_POSTDONACION',
  'DIFERIMIENTO_DEFINITIVO',
] as const;
export type MotivoTrazabilidad = (typeof MOTIVOS_TRAZABILIDAD)[number];

/** The discard reason a unit withdrawn by a look-back carries, per why the look-back opened. */
export const MOTIVO_DESCARTE_DE_TRAZABILIDAD: Record<MotivoTrazabilidad, MotivoDescarte> = {
  RESULTADO_REACTIVO: 'SEROLOGIA_REACTIVA',
  INFORME_POSTDONACION: 'INFORME_POSTDONACION',
  // No reason of its own: 'Otro', with the detail naming the deferral and its cause.
  DIFERIMIENTO_DEFINITIVO: 'OTRO',
};

/**
 * The detail a withdrawn unit carries: why, and the donation that opened the look-back (or, for a
 * definitive deferral, its cause and where it was recorded).
 */
export function detalleRetiro(
  motivo: MotivoTrazabilidad,
  numero: number | null,
  causa?: CausaInfecciosa | null,
): string {
  if (motivo === 'DIFERIMIENTO_DEFINITIVO')
    return MSG.retiroPorDiferimientoDefinitivo(causa ? CAUSA_INFECCIOSA_LABELS[causa] : '', numero);
  return motivo === 'RESULTADO_REACTIVO'
    ? MSG.retiroPorTrazabilidad(numero ?? 0)
    : MSG.retiroPorInformePostdonacion(numero ?? 0);
}

/**
 * Whether the look-back reads the donation that opened it too: a post-donation report concerns
 * that donation's blood, so its units that already left are traced (those still here were
 * blocked by the report); so does a definitive deferral recorded on a donation's results for an
 * infectious cause (nothing else discarded its units when no marker was reactive); a reactive
 * result already discarded that donation's units.
 */
export const incluyeLaDonacion = (motivo: MotivoTrazabilidad): boolean =>
  motivo === 'INFORME_POSTDONACION' || motivo === 'DIFERIMIENTO_DEFINITIVO';

// ---------------------------------------------------------------------------
// Definitive deferrals that may affect earlier blood

/**
 * The causes of a definitive deferral that may affect blood the donor gave before: the infections
 * transmitted by transfusion that the national screening panel looks for (HIV, hepatitis B and C,
 * syphilis, Chagas, HTLV, brucellosis: SEROLOGIA_KEYS), an unspecified hepatitis, the risk of
 * Creutzfeldt-Jakob disease (prions: no test, the history is all there is), malaria, and risk
 * behaviour (a recent infection may be in its window period: earlier donations tested negative
 * may still carry it). A definitive deferral for any other reason (heart disease, cancer, a
 * chronic illness, a medication) protects the donor, not the recipients of earlier blood, and
 * opens no look-back.
 */
export const CAUSAS_INFECCIOSAS = [
  'HIV',
  'HEPATITIS_B',
  'HEPATITIS_C',
  'HEPATITIS',
  'SIFILIS',
  'CHAGAS',
  'HTLV',
  'BRUCELOSIS',
  'ECJ',
  'PALUDISMO',
  'CONDUCTA_DE_RIESGO',
] as const;
export type CausaInfecciosa = (typeof CAUSAS_INFECCIOSAS)[number];
export const CAUSA_INFECCIOSA_LABELS: Record<CausaInfecciosa, string> = {
  HIV: 'HIV',
  HEPATITIS_B: 'Hepatitis B',
  HEPATITIS_C: 'Hepatitis C',
  HEPATITIS: 'Hepatitis',
  SIFILIS: 'Sífilis',
  CHAGAS: 'Chagas',
  HTLV: 'HTLV',
  BRUCELOSIS: 'Brucelosis',
  ECJ: 'Riesgo de enfermedad de Creutzfeldt-Jakob',
  PALUDISMO: 'Paludismo',
  CONDUCTA_DE_RIESGO: 'Conducta de riesgo',
};

/** The cause each reactive marker of the spec's serology stands for. */
const CAUSA_DE_SEROLOGIA: Record<SerologiaKey, CausaInfecciosa> = {
  hiv: 'HIV',
  hepB: 'HEPATITIS_B',
  hepC: 'HEPATITIS_C',
  vdrl: 'SIFILIS',
  brucelosis: 'BRUCELOSIS',
  chagas: 'CHAGAS',
  htlv: 'HTLV',
};

/**
 * The words that name each cause in a deferral's code ('Código de exclusión') or reason (a 'No apto'
 * visit's motivo), accents and case aside, as whole words; the more specific first (a 'hepatitis
 * C' is HEPATITIS_C, not HEPATITIS). The product records these as text, so a text that names one
 * of them opens the look-back: a false one costs the doctor a review, a missed one a transfusion.
 */
const TERMINOS: [CausaInfecciosa, string[]][] = [
  ['HIV', ['hiv', 'vih', 'sida']],
  ['HEPATITIS_B', ['hepatitis b', 'hbv', 'vhb', 'hbsag', 'hbs ag', 'anti-hbc', 'anti hbc', 'antihbc']],
  ['HEPATITIS_C', ['hepatitis c', 'hcv', 'vhc', 'anti-hcv', 'antihcv']],
  ['HEPATITIS', ['hepatitis']],
  ['SIFILIS', ['sifilis', 'vdrl', 'treponema', 'lues']],
  ['CHAGAS', ['chagas', 'cruzi']],
  ['HTLV', ['htlv', 'htlv-1', 'htlv-i']],
  ['BRUCELOSIS', ['brucelosis', 'brucella']],
  ['ECJ', ['creutzfeldt', 'ecj', 'cjd', 'prion', 'priones', 'vacas locas']],
  ['PALUDISMO', ['paludismo', 'malaria']],
  [
    'CONDUCTA_DE_RIESGO',
    [
      'conducta de riesgo',
      'conductas de riesgo',
      'riesgo sexual',
      'drogas inyectables',
      'drogas endovenosas',
      'drogas intravenosas',
    ],
  ],
];

const plano = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const escapar = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PATRONES: [CausaInfecciosa, RegExp][] = TERMINOS.map(([causa, terminos]) => [
  causa,
  new RegExp(`(^|[^a-z0-9])(${terminos.map(escapar).join('|')})(?![a-z0-9])`),
]);

/** The infectious cause a text names (a deferral's code or reason), or null. */
export function causaEnTexto(texto: string | null | undefined): CausaInfecciosa | null {
  const t = plano(texto ?? '');
  if (t.trim() === '') return null;
  for (const [causa, patron] of PATRONES) if (patron.test(t)) return causa;
  return null;
}

/**
 * Whether a definitive deferral may affect earlier blood, and for what cause: a reactive (or
 * confirmed) marker of the donation's serology, else a cause its code or reason names. Null: not
 * definitive, or for a reason that does not concern earlier blood. The one rule every path that
 * makes a deferral definitive asks (a donation's results over GraphQL and REST, a restored
 * donation, a 'No apto' visit).
 */
export function causaInfecciosa(d: {
  definitiva: boolean;
  serologia?: Partial<Record<SerologiaKey, boolean | null>> | null;
  textos?: readonly (string | null | undefined)[];
}): CausaInfecciosa | null {
  if (!d.definitiva) return null;
  const marcador = (Object.keys(CAUSA_DE_SEROLOGIA) as SerologiaKey[]).find((k) => d.serologia?.[k] === true);
  if (marcador) return CAUSA_DE_SEROLOGIA[marcador];
  for (const texto of d.textos ?? []) {
    const causa = causaEnTexto(texto);
    if (causa) return causa;
  }
  return null;
}

/** The cause of a reactive result: its first reactive marker (null when none is). */
export const causaDeSerologia = (
  serologia: Partial<Record<SerologiaKey, boolean | null>> | null | undefined,
): CausaInfecciosa | null => causaInfecciosa({ definitiva: true, serologia });

export const VENTANA_TRAZABILIDAD_MESES = 12;
export const VENTANA_TRAZABILIDAD_MIN = 1;
export const VENTANA_TRAZABILIDAD_MAX = 60;

export function validateVentanaTrazabilidad(meses: unknown): FieldError[] {
  if (
    typeof meses !== 'number' ||
    !Number.isInteger(meses) ||
    meses < VENTANA_TRAZABILIDAD_MIN ||
    meses > VENTANA_TRAZABILIDAD_MAX
  )
    return [
      {
        field: 'meses',
        msg: MSG.ventanaTrazabilidadFueraDeRango(VENTANA_TRAZABILIDAD_MIN, VENTANA_TRAZABILIDAD_MAX),
      },
    ];
  return [];
}

/** The first day of the window: `meses` months before `fecha` (the last day of a shorter month). */
export function inicioVentana(fecha: IsoDate, meses: number): IsoDate {
  const p = parseIsoDate(fecha);
  if (!p) return fecha;
  const total = p.y * 12 + (p.m - 1) - meses;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  const ultimo = Number(
    addDays(`${y + (m === 12 ? 1 : 0)}-${String((m % 12) + 1).padStart(2, '0')}-01`, -1).slice(8),
  );
  return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(p.d, ultimo)).padStart(2, '0')}`;
}

/** The earlier donations a look-back reads: before or on the reactive one's day, within the window. */
export const enVentana = (fecha: IsoDate, desde: IsoDate, hasta: IsoDate): boolean =>
  fecha >= desde && fecha <= hasta;

export const ACCIONES_TRAZABILIDAD = ['RETIRADA', 'NOTIFICAR', 'SIN_ACCION'] as const;
export type AccionTrazabilidad = (typeof ACCIONES_TRAZABILIDAD)[number];
export const ACCION_TRAZABILIDAD_LABELS: Record<AccionTrazabilidad, string> = {
  RETIRADA: 'Retirada del stock',
  NOTIFICAR: 'Notificar al destino',
  SIN_ACCION: 'Ya estaba descartada',
};

/**
 * What a look-back does with a unit: withdraws it when it is in stock or quarantine anywhere or on
 * its way to a member; asks to notify its destination when it left to a hospital or the own
 * transfusion service; nothing when it was already discarded.
 */
export function accionDeUnidad(c: { estado: EstadoComponente; enTransito: boolean }): AccionTrazabilidad {
  if (c.estado === 'CUARENTENA' || c.estado === 'LIBERADO') return 'RETIRADA';
  if (c.estado === 'DESPACHADO') return c.enTransito ? 'RETIRADA' : 'NOTIFICAR';
  return 'SIN_ACCION';
}

export const MEDIOS_NOTIFICACION = ['TELEFONO', 'CORREO', 'NOTA', 'EN_PERSONA', 'OTRO'] as const;
export type MedioNotificacion = (typeof MEDIOS_NOTIFICACION)[number];
export const MEDIO_NOTIFICACION_LABELS: Record<MedioNotificacion, string> = {
  TELEFONO: 'Teléfono',
  CORREO: 'Correo electrónico',
  NOTA: 'Nota escrita',
  EN_PERSONA: 'En persona',
  OTRO: 'Otro',
};
export const NOTIFICADO_MAX = 200;
export const RESPUESTA_MAX = 1000;

/** A notification's errors: whom (required), how (one of the means), the answer (optional). */
export function validateNotificacion(n: {
  notificado?: string | null;
  medio?: unknown;
  respuesta?: string | null;
}): FieldError[] {
  const errors: FieldError[] = [];
  const notificado = (n.notificado ?? '').trim();
  if (notificado === '') errors.push({ field: 'notificado', msg: MSG.requerido });
  else if (notificado.length > NOTIFICADO_MAX)
    errors.push({ field: 'notificado', msg: MSG.textoDemasiadoLargo(NOTIFICADO_MAX) });
  if (typeof n.medio !== 'string' || !(MEDIOS_NOTIFICACION as readonly string[]).includes(n.medio))
    errors.push({ field: 'medio', msg: MSG.valorNoPermitido });
  if ((n.respuesta ?? '').trim().length > RESPUESTA_MAX)
    errors.push({ field: 'respuesta', msg: MSG.textoDemasiadoLargo(RESPUESTA_MAX) });
  return errors;
}

/** The units still to notify before a look-back closes: each one to notify without a notification. */
export const faltaNotificar = (
  unidades: readonly { componenteId: string; accion: AccionTrazabilidad; codigo: string }[],
  notificadas: ReadonlySet<string>,
): string[] =>
  unidades.filter((u) => u.accion === 'NOTIFICAR' && !notificadas.has(u.componenteId)).map((u) => u.codigo);
