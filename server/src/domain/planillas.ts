/**
 * Catalogue of downloadable forms (planillas). Each entry is a printable A4 PDF generated from
 * server/scripts/planillas at build time and served as a static file from /{folder}/{fileName}.
 */

/** Folder (URL path segment) where static documents are served by default. */
export const DEFAULT_FOLDER = 'planillas';

/** The catalogue's categories, in display order. */
export const PLANILLA_CATEGORIES = ['hemoterapia', 'registro', 'consentimiento', 'cph'] as const;
export type PlanillaCategory = (typeof PLANILLA_CATEGORIES)[number];

/** Spanish heading shown for each category. */
export const PLANILLA_CATEGORY_LABELS: Record<PlanillaCategory, string> = {
  hemoterapia: 'Hojas en blanco del sistema',
  registro: 'Registros',
  consentimiento: 'Consentimientos y declaraciones del donante',
  cph: 'Registro de donantes de CPH (INCUCAI)',
};

export type PlanillaEntry = {
  fileName: string;
  displayName: string;
  description: string;
  category: PlanillaCategory;
};

export const PLANILLAS: readonly PlanillaEntry[] = [
  {
    fileName: 'hoja-de-donacion.pdf',
    displayName: 'Hoja de donación',
    description:
      'Hoja de donación en blanco: datos del donante, tipo de donante, signos vitales, bolsa, reacciones y resultados.',
    category: 'hemoterapia',
  },
  {
    fileName: 'libro-de-registro.pdf',
    displayName: 'Página del libro de registro',
    description:
      'Par de páginas en blanco del libro de registro de donaciones (9 donantes por hoja, A4 apaisada).',
    category: 'hemoterapia',
  },
  {
    fileName: 'planilla-de-etiquetas.pdf',
    displayName: 'Planilla de etiquetas',
    description: 'Hoja de 6 etiquetas en blanco (3 columnas) para identificar bolsas y tubos a mano.',
    category: 'hemoterapia',
  },
  {
    fileName: 'registro-reacciones-adversas.pdf',
    displayName: 'Registro de reacciones adversas a la donación',
    description:
      'Registro de reacciones adversas del donante: tipo, gravedad, momento, conducta y evolución.',
    category: 'registro',
  },
  {
    fileName: 'registro-temperatura-heladera.pdf',
    displayName: 'Registro de temperatura de heladera / cámara',
    description:
      'Control diario de temperatura de heladeras, cámaras y freezers con rangos de referencia y acciones.',
    category: 'registro',
  },
  {
    fileName: 'control-calidad-reactivos.pdf',
    displayName: 'Control de calidad de reactivos',
    description:
      'Registro de lotes, vencimientos y resultados de controles positivos y negativos de reactivos.',
    category: 'registro',
  },
  {
    fileName: 'registro-unidades-descartadas.pdf',
    displayName: 'Registro de unidades descartadas (hoja en blanco)',
    description:
      'Hoja en blanco para anotar a mano unidades y componentes descartados con motivo, método de eliminación y responsable. El registro real de un período está en «Registros del período».',
    category: 'registro',
  },
  {
    fileName: 'registro-donantes-diferidos.pdf',
    displayName: 'Registro de donantes diferidos',
    description:
      'Registro de donantes diferidos o excluidos: motivo, tipo y plazo de la exclusión, y fecha de citación.',
    category: 'registro',
  },
  {
    fileName: 'consentimiento-donacion-sangre-entera.pdf',
    displayName: 'Consentimiento informado: donación de sangre entera',
    description:
      'Consentimiento informado del donante de sangre entera (Ley 22.990), con firmas del donante y del profesional.',
    category: 'consentimiento',
  },
  {
    fileName: 'consentimiento-donacion-aferesis.pdf',
    displayName: 'Consentimiento informado: donación por aféresis',
    description:
      'Consentimiento informado para la donación de plaquetas, plasma u otros componentes por aféresis.',
    category: 'consentimiento',
  },
  {
    fileName: 'entrevista-predonacion.pdf',
    displayName: 'Entrevista predonación (cuestionario)',
    description: 'Cuestionario de selección del donante con declaración jurada y evaluación del profesional.',
    category: 'consentimiento',
  },
  {
    fileName: 'autoexclusion-confidencial.pdf',
    displayName: 'Autoexclusión confidencial',
    description:
      'Formulario confidencial para que el donante indique, sin dar motivos, que su sangre no se use para transfundir.',
    category: 'consentimiento',
  },
  {
    fileName: 'consentimiento-inscripcion-cph.pdf',
    displayName: 'Consentimiento e inscripción al registro de CPH',
    description:
      'Consentimiento informado e inscripción de donantes voluntarios de células progenitoras hematopoyéticas (INCUCAI).',
    category: 'cph',
  },
];

/** The catalogue grouped by category, in PLANILLA_CATEGORIES order. */
export function planillasByCategory<T extends { category: string }>(
  items: readonly T[],
): { category: PlanillaCategory; label: string; items: T[] }[] {
  return PLANILLA_CATEGORIES.map((category) => ({
    category,
    label: PLANILLA_CATEGORY_LABELS[category],
    items: items.filter((i) => i.category === category),
  })).filter((g) => g.items.length > 0);
}

/**
 * The registers the product writes from its records for a chosen period (modules/registro): each
 * as an A4 PDF and as CSV, from the planillas screen. They replace the blank forms of the same
 * name, which stay in the catalogue to fill in by hand.
 */
export const REGISTROS_PERIODO = [
  {
    clave: 'descartes',
    displayName: 'Registro de unidades descartadas',
    description:
      'Cada unidad descartada en el período: fecha y hora, identificador, producto, grupo, volumen, motivo, detalle, quién la descartó y dónde, si fue en el destino.',
  },
  {
    clave: 'despachos',
    displayName: 'Registro de despachos',
    description:
      'Cada despacho del período: número, fecha y hora, destino, quién despachó, sus unidades y qué fue de cada una (transfundida, devuelta, descartada en el destino).',
  },
] as const;
export type RegistroClave = (typeof REGISTROS_PERIODO)[number]['clave'];
