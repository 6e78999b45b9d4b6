/**
 * The pre-donation interview ('Entrevista predonación'): the servicio's questionnaire, its answers
 * and the deferral an answer imposes. One home for the default questions: the blank form of the
 * catalogue (server/scripts/planillas, 'entrevista-predonacion.pdf') prints PREGUNTAS_PREDONACION,
 * and a servicio's questionnaire starts as a copy of them (modules/visita).
 *
 * A question defers when its answer is the one that defers (`difiereSi`, SI_NO questions only):
 * for `diferimientoDias` days or for good (`definitivo`), with a coded reason (`motivoCodigo`).
 * The deferral of an interview is the strictest of its answers'; it becomes a 'No apto' visit
 * (domain/no-apto.ts), which the eligibility function (domain/elegibilidad.ts) reads like any other.
 */
import { isValidIsoDate } from './dates';
import { DIFERIMIENTO_NO_APTO_MAX_DIAS } from './limites';
import { FieldError, MSG } from './messages';
import { ErrorList, isBlank } from './validation';

export const TIPOS_PREGUNTA = ['SI_NO', 'TEXTO', 'NUMERO', 'FECHA'] as const;
export type TipoPregunta = (typeof TIPOS_PREGUNTA)[number];

export const TIPO_PREGUNTA_LABELS: Record<TipoPregunta, string> = {
  SI_NO: 'Sí / No',
  TEXTO: 'Texto',
  NUMERO: 'Número',
  FECHA: 'Fecha',
};

/** The answers of a SI_NO question, as stored. */
export const RESPUESTAS_SI_NO = ['SI', 'NO'] as const;
export type RespuestaSiNo = (typeof RESPUESTAS_SI_NO)[number];

export const PREGUNTA_TEXTO_MAX = 300;
export const RESPUESTA_TEXTO_MAX = 500;
export const MOTIVO_CODIGO_MAX = 40;
export const PREGUNTAS_MAX = 100;

/** A question of a servicio's questionnaire (without its id: the default set has none). */
export type PreguntaCuestionario = {
  /** A stable code of the question (default ones: P01...), unique in the servicio. */
  clave: string;
  texto: string;
  tipo: TipoPregunta;
  /** Its answer is read only by ROL_MEDICO. */
  confidencial: boolean;
  orden: number;
  activa: boolean;
  /** The SI_NO answer that defers the donor; null: no answer defers. */
  difiereSi: RespuestaSiNo | null;
  /** Days of the deferral (when not definitive). */
  diferimientoDias: number;
  definitivo: boolean;
  /** The coded reason of the deferral (domain code, upper case). */
  motivoCodigo: string | null;
};

type Default = [
  texto: string,
  difiereSi: RespuestaSiNo | null,
  dias: number | 'DEFINITIVO',
  codigo: string | null,
  confidencial?: boolean,
];

/**
 * The questions of the blank 'Entrevista predonación' form, in its order, with the deferral each
 * deferring answer imposes by default (the servicio edits them in Opciones).
 */
const DEFAULTS: readonly Default[] = [
  ['¿Se siente bien de salud hoy?', 'NO', 7, 'ESTADO_GENERAL'],
  ['¿Comió algo liviano en las últimas 4 horas y durmió al menos 6 horas anoche?', 'NO', 1, 'AYUNO_DESCANSO'],
  ['¿Donó sangre antes? Fecha de la última donación: ....................', null, 0, null],
  ['¿Tuvo alguna reacción o malestar en una donación anterior?', null, 0, null],
  ['¿Fue rechazado/a alguna vez como donante? ¿Por qué motivo?', null, 0, null],
  [
    '¿Tomó medicamentos en los últimos 7 días (incluidos aspirina o antiinflamatorios)?',
    'SI',
    7,
    'MEDICAMENTOS',
  ],
  [
    '¿Tomó alguna vez isotretinoína, finasteride, dutasteride, acitretina o recibió hormona de crecimiento?',
    'SI',
    30,
    'MEDICAMENTOS_TERATOGENICOS',
  ],
  [
    '¿Tuvo fiebre, diarrea, gripe, COVID-19 u otra infección en las últimas 2 semanas?',
    'SI',
    14,
    'INFECCION_RECIENTE',
  ],
  ['¿Recibió alguna vacuna en el último mes?', 'SI', 28, 'VACUNA'],
  ['¿Tuvo tratamientos odontológicos o extracciones dentales en la última semana?', 'SI', 7, 'ODONTOLOGIA'],
  [
    '¿Fue operado/a, internado/a o se realizó una endoscopía en los últimos 12 meses?',
    'SI',
    365,
    'CIRUGIA_ENDOSCOPIA',
  ],
  ['¿Recibió alguna vez transfusiones, trasplantes o injertos?', 'SI', 365, 'TRANSFUSION_TRASPLANTE'],
  [
    '¿Se hizo tatuajes, piercing, maquillaje definitivo o acupuntura en los últimos 12 meses?',
    'SI',
    365,
    'TATUAJE_PIERCING',
  ],
  [
    '¿Tuvo hepatitis o ictericia, o convivió con alguien con hepatitis en los últimos 12 meses?',
    'SI',
    365,
    'HEPATITIS',
  ],
  [
    '¿Tiene o tuvo enfermedad de Chagas, o su madre la tiene? ¿Vivió en una vivienda de adobe o rancho?',
    'SI',
    'DEFINITIVO',
    'CHAGAS',
  ],
  [
    '¿Tuvo paludismo (malaria) o estuvo en una zona con paludismo en los últimos 12 meses?',
    'SI',
    365,
    'PALUDISMO',
  ],
  ['¿Tuvo brucelosis, sífilis u otra infección de transmisión sexual?', 'SI', 365, 'ITS', true],
  [
    '¿Tiene enfermedades del corazón, presión alta, convulsiones, diabetes, cáncer o problemas de coagulación?',
    'SI',
    'DEFINITIVO',
    'ENFERMEDAD_CRONICA',
  ],
  [
    '¿Bajó de peso sin causa, tuvo sudoración nocturna, fiebre prolongada o ganglios inflamados?',
    'SI',
    365,
    'SINTOMAS_SISTEMICOS',
    true,
  ],
  [
    '¿Tuvo en los últimos 12 meses relaciones sexuales sin preservativo con una pareja nueva u ocasional?',
    'SI',
    365,
    'CONDUCTA_SEXUAL',
    true,
  ],
  [
    '¿Tuvo relaciones sexuales con alguien con HIV, hepatitis B o C, o que usa drogas inyectables?',
    'SI',
    365,
    'PAREJA_DE_RIESGO',
    true,
  ],
  [
    '¿Usó alguna vez drogas inyectables o compartió agujas o jeringas?',
    'SI',
    'DEFINITIVO',
    'DROGAS_INYECTABLES',
    true,
  ],
  [
    '¿Recibió o dio dinero, drogas u otro beneficio a cambio de relaciones sexuales?',
    'SI',
    365,
    'SEXO_TRANSACCIONAL',
    true,
  ],
  ['¿Estuvo detenido/a más de 72 horas en los últimos 12 meses?', 'SI', 365, 'DETENCION', true],
  [
    '¿Tuvo un accidente con material cortopunzante o contacto con sangre de otra persona en los últimos 12 meses?',
    'SI',
    365,
    'EXPOSICION_SANGRE',
  ],
  [
    '¿Tiene antecedentes familiares de enfermedad de Creutzfeldt-Jakob?',
    'SI',
    'DEFINITIVO',
    'CREUTZFELDT_JAKOB',
  ],
  [
    '¿Está embarazada, tuvo un parto, cesárea o aborto en los últimos 6 meses, o está amamantando?',
    'SI',
    180,
    'EMBARAZO_LACTANCIA',
  ],
  [
    '¿Realizará hoy una actividad de riesgo (conducir transporte público, trabajo en altura, buceo, deporte intenso)?',
    'SI',
    1,
    'ACTIVIDAD_DE_RIESGO',
  ],
  ['¿Viene a donar para conocer el resultado de algún análisis?', 'SI', 1, 'BUSCA_RESULTADO', true],
];

/** The default questionnaire: the blank form's questions, in order. */
export const PREGUNTAS_PREDONACION: readonly PreguntaCuestionario[] = DEFAULTS.map(
  ([texto, difiereSi, dias, codigo, confidencial], i) => ({
    clave: `P${String(i + 1).padStart(2, '0')}`,
    texto,
    tipo: 'SI_NO',
    confidencial: confidencial === true,
    orden: i + 1,
    activa: true,
    difiereSi,
    diferimientoDias: dias === 'DEFINITIVO' ? 0 : dias,
    definitivo: dias === 'DEFINITIVO',
    motivoCodigo: codigo,
  }),
);

const CODIGO_RE = /^[A-Z0-9_]+$/;

/** Every rule of one question of the questionnaire, fields prefixed with `prefix`. */
export function validatePregunta(
  p: Partial<Record<keyof PreguntaCuestionario, unknown>>,
  prefix = '',
): FieldError[] {
  const list = new ErrorList();
  const texto = typeof p.texto === 'string' ? p.texto.trim() : '';
  if (texto === '') list.add(`${prefix}texto`, MSG.requerido);
  else if (texto.length > PREGUNTA_TEXTO_MAX)
    list.add(`${prefix}texto`, MSG.textoDemasiadoLargo(PREGUNTA_TEXTO_MAX));
  if (!(TIPOS_PREGUNTA as readonly unknown[]).includes(p.tipo))
    list.add(`${prefix}tipo`, MSG.valorNoPermitido);
  if (p.difiereSi !== null && p.difiereSi !== undefined) {
    if (!(RESPUESTAS_SI_NO as readonly unknown[]).includes(p.difiereSi)) {
      list.add(`${prefix}difiereSi`, MSG.valorNoPermitido);
    } else if (p.tipo !== 'SI_NO') {
      list.add(`${prefix}difiereSi`, MSG.preguntaDifiereSoloSiNo);
    } else {
      const dias = p.diferimientoDias ?? 0;
      if (p.definitivo !== true) {
        if (
          typeof dias !== 'number' ||
          !Number.isInteger(dias) ||
          dias < 1 ||
          dias > DIFERIMIENTO_NO_APTO_MAX_DIAS
        ) {
          list.add(`${prefix}diferimientoDias`, MSG.enteroEntre(1, DIFERIMIENTO_NO_APTO_MAX_DIAS));
        }
      }
      const codigo = typeof p.motivoCodigo === 'string' ? p.motivoCodigo.trim() : '';
      if (codigo === '') list.add(`${prefix}motivoCodigo`, MSG.requerido);
      else if (codigo.length > MOTIVO_CODIGO_MAX || !CODIGO_RE.test(codigo)) {
        list.add(`${prefix}motivoCodigo`, MSG.motivoCodigoInvalido(MOTIVO_CODIGO_MAX));
      }
    }
  }
  return list.errors;
}

/** An answer as given: the question (by id) and its value as text. */
export type RespuestaDada = { preguntaId: string; valor: string | null | undefined };

/** A question as the rules read it: with its id. */
export type PreguntaConId = PreguntaCuestionario & { id: string };

/** Whether `valor` is a valid answer of a question of kind `tipo` (already trimmed). */
function validateValor(tipo: TipoPregunta, valor: string): string | undefined {
  switch (tipo) {
    case 'SI_NO':
      return (RESPUESTAS_SI_NO as readonly string[]).includes(valor) ? undefined : MSG.respuestaSiNo;
    case 'NUMERO':
      return /^-?\d+([.,]\d+)?$/.test(valor) ? undefined : MSG.respuestaNumero;
    case 'FECHA':
      return isValidIsoDate(valor) ? undefined : MSG.fechaInvalida;
    case 'TEXTO':
      return valor.length > RESPUESTA_TEXTO_MAX ? MSG.textoDemasiadoLargo(RESPUESTA_TEXTO_MAX) : undefined;
  }
}

/**
 * The answers of an interview against the active questions: every active question answered once,
 * each value valid for its kind, no unknown question. Fields are `respuestas.<preguntaId>`.
 */
export function validateRespuestas(
  preguntas: readonly PreguntaConId[],
  respuestas: readonly RespuestaDada[],
): FieldError[] {
  const list = new ErrorList();
  const activas = new Map(preguntas.filter((p) => p.activa).map((p) => [p.id, p]));
  const vistas = new Set<string>();
  for (const r of respuestas) {
    const field = `respuestas.${r.preguntaId}`;
    const pregunta = activas.get(r.preguntaId);
    if (!pregunta) {
      list.add(field, MSG.preguntaNoEncontrada);
      continue;
    }
    if (vistas.has(r.preguntaId)) {
      list.add(field, MSG.preguntaRepetida);
      continue;
    }
    vistas.add(r.preguntaId);
    const valor = typeof r.valor === 'string' ? r.valor.trim() : '';
    if (isBlank(valor)) list.add(field, MSG.requerido);
    else {
      const error = validateValor(pregunta.tipo, valor);
      if (error) list.add(field, error);
    }
  }
  for (const p of activas.values()) {
    if (!vistas.has(p.id)) list.add(`respuestas.${p.id}`, MSG.requerido);
  }
  return list.errors;
}

/** Whether `valor` answers `pregunta` with the answer that defers. */
export function difiere(
  pregunta: Pick<PreguntaCuestionario, 'tipo' | 'difiereSi'>,
  valor: string | null,
): boolean {
  return pregunta.tipo === 'SI_NO' && pregunta.difiereSi !== null && valor?.trim() === pregunta.difiereSi;
}

/** An answer as stored with the visit: the question as it was asked, the value, whether it defers. */
export type RespuestaEntrevista = {
  texto: string;
  confidencial: boolean;
  difiere: boolean;
  diferimientoDias: number;
  definitivo: boolean;
  motivoCodigo: string | null;
};

/** The deferral an interview imposes: for good, or the longest of its answers' days. */
export type DiferimientoEntrevista = {
  dias: number;
  definitivo: boolean;
  codigos: string[];
  /** The 'No apto' reason as everyone reads it: a confidential answer's reason is not named. */
  motivo: string;
};

/** The deferral of an interview's answers, or null when no answer defers. */
export function diferimientoDeEntrevista(
  respuestas: readonly RespuestaEntrevista[],
): DiferimientoEntrevista | null {
  const difieren = respuestas.filter((r) => r.difiere);
  if (difieren.length === 0) return null;
  const definitivo = difieren.some((r) => r.definitivo);
  const dias = definitivo ? 0 : Math.max(...difieren.map((r) => r.diferimientoDias));
  const codigos = [...new Set(difieren.map((r) => r.motivoCodigo ?? 'ENTREVISTA'))];
  const visibles = [
    ...new Set(difieren.filter((r) => !r.confidencial).map((r) => r.motivoCodigo ?? 'ENTREVISTA')),
  ];
  const confidencial = difieren.some((r) => r.confidencial);
  const partes = [...visibles, ...(confidencial ? [MSG.entrevistaRespuestaConfidencial] : [])];
  return { dias, definitivo, codigos, motivo: `${MSG.entrevistaMotivo}: ${partes.join(', ')}`.slice(0, 500) };
}
