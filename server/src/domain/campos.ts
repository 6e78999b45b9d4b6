/**
 * The names people read for each stored field, as the forms label them, and how the audit
 * trail shows a change: 'TAS: 120 mmHg → 110 mmHg', 'Registrado por: Ana Gómez',
 * 'Fecha de nacimiento: 01/02/1990', 'Convocado: No → Sí'. Shared by the forms (labels) and
 * the Auditoría screen, so a field is called the same everywhere.
 */
import { formatDate, formatDateTime, isValidIsoDate } from './dates';
import { EXCLUSION_TIEMPO_LABELS, SEROLOGIA_KEYS, SEROLOGIA_LABELS, serologiaSigno } from './donacion';
import type { Serologia, SignoVitalKey } from './donacion';
import { FORMATO_ETIQUETA_LABELS, type FormatoEtiqueta } from './etiquetas';
import {
  ESTADO_COMPONENTE_LABELS,
  type EstadoComponente,
  MOTIVO_DESCARTE_LABELS,
  type MotivoDescarte,
  TIPO_COMPONENTE_LABELS,
  type TipoComponente,
} from './componentes';
import { ROL_LABEL } from './roles';
import type { Rol } from './roles';

/** The vital signs' short names (as the form and the donation sheet call them) and units. */
export const SV_NOMBRES: Record<SignoVitalKey, string> = {
  tas: 'TAS',
  tad: 'TAD',
  fc: 'FC',
  peso: 'Peso',
  temp: 'Temperatura',
  hb: 'Hemoglobina',
  hto: 'Hematocrito',
};
export const SV_UNIDADES: Record<SignoVitalKey, string> = {
  tas: 'mmHg',
  tad: 'mmHg',
  fc: 'lpm',
  peso: 'kg',
  temp: '°C',
  hb: 'g/dl',
  hto: '%',
};
/** 'TAS (mmHg)': the form's label of a vital sign. */
export const svLabel = (key: SignoVitalKey): string => `${SV_NOMBRES[key]} (${SV_UNIDADES[key]})`;

/** The results form's labels. */
export const RESULTADOS_LABELS = {
  abo: 'Grupo ABO',
  rh: 'Factor Rh',
  exclusionDefinitiva: 'Tipo de exclusión',
  exclusionTiempo: 'Tiempo de exclusión',
  exclusionCodigo: 'Código de exclusión',
} as const;

const CPH_LABELS: Record<string, string> = {
  establecimientoLaboral: 'Establecimiento laboral',
  telefonoLaboral: 'Teléfono laboral',
  emailLaboral: 'Email laboral',
  contacto1: 'Contacto 1',
  contacto2: 'Contacto 2',
  Nombre: 'Nombre',
  Apellido: 'Apellido',
  Telefono: 'Teléfono',
  Relacion: 'Relación',
  Email: 'Email',
};

const COMUNES: Record<string, string> = {
  deletedAt: 'Eliminado',
  nombre: 'Nombre',
  apellido: 'Apellido',
  email: 'Email',
  telefono: 'Teléfono',
};

/** What an audit entry records was done, in words (the screen's 'Acción' column and filter). */
export const ACCION_AUDITORIA_LABELS = {
  crear: 'Alta',
  editar: 'Modificación',
  eliminar: 'Eliminación',
  restaurar: 'Restauración',
  fusionar: 'Fusión de donantes',
  clave: 'Cambio de clave',
  revocar: 'Revocación',
  levantar: 'Levantamiento de diferimiento',
  consultar: 'Consulta de la red',
} as const;
export type AccionAuditoria = keyof typeof ACCION_AUDITORIA_LABELS;
export const ACCIONES_AUDITORIA = Object.keys(ACCION_AUDITORIA_LABELS) as AccionAuditoria[];

/** The kinds of record an audit entry is about, in words (the screen's 'Registro' column and filter). */
export const ENTIDAD_AUDITORIA_LABELS: Record<string, string> = {
  donante: 'Donante',
  donacion: 'Donación',
  usuario: 'Integrante',
  servicio: 'Servicio',
  etiqueta: 'Etiqueta',
  clave_api: 'Clave de API',
  visita_no_apto: "Visita 'No apto'",
  red: 'Red',
  copia: 'Copia de seguridad restaurada',
  componente: 'Componente',
  reaccion: 'Reacción del donante',
  citacion: 'Citación',
  informe_postdonacion: 'Informe post-donación',
  visita: 'Visita',
  cuestionario: 'Cuestionario de la entrevista',
};

/** Each audited record's fields by the label of their form. */
export const CAMPO_LABELS: Record<string, Record<string, string>> = {
  donante: {
    dni: 'DNI',
    fechaNacimiento: 'Fecha de nacimiento',
    sexo: 'Sexo',
    nacionalidad: 'Nacionalidad',
    lugarNacimiento: 'Lugar de nacimiento',
    ProvinciaNacimiento: 'Provincia de nacimiento',
    ocupacion: 'Ocupación',
    domActual: 'Calle',
    domActualAltura: 'Altura',
    domActualPiso: 'Piso',
    domActualDepto: 'Depto.',
    localidadActual: 'Localidad',
    ProvinciaActual: 'Provincia',
    codPostal: 'Código postal',
    domDni: 'Domicilio del DNI',
    localidadDni: 'Localidad del DNI',
    telefono2: 'Teléfono alternativo',
    esVoluntario: '¿Es donante voluntario?',
    donacionAnterior: 'Donó anteriormente',
    donacionAferesis: 'Donación por aféresis',
    convocado: 'Convocado',
    ultimaDonacion: 'Última donación',
    cph: 'CPH',
    // A lifted deferral ('levantar'): what it was, where it came from and why it was lifted.
    diferimiento: 'Diferimiento',
    origen: 'Origen del diferimiento',
    origenId: 'Registro de origen',
    motivo: 'Motivo',
    // A merge of two records of one person, and two records told apart.
    fusionadoDesde: 'Fusionado desde el donante',
    fusionadoCon: 'Fusionado con el donante',
    donaciones: 'Donaciones movidas',
    personaDistintaDe: 'Persona distinta de',
  },
  donacion: {
    nombre: 'Nombre del donante',
    apellido: 'Apellido del donante',
    numero: 'Número',
    fecha: 'Fecha',
    hora: 'Hora',
    plasmaCovid: 'Plasma COVID',
    taSistolica: SV_NOMBRES.tas,
    taDiastolica: SV_NOMBRES.tad,
    fc: SV_NOMBRES.fc,
    peso: SV_NOMBRES.peso,
    temp: SV_NOMBRES.temp,
    hb: SV_NOMBRES.hb,
    hto: SV_NOMBRES.hto,
    tipoBolsa: 'Tipo de bolsa',
    loteBolsa: 'Lote de bolsa',
    donacionAferesis: 'Donación por aféresis',
    ...RESULTADOS_LABELS,
    serologia: 'Serología',
    resultados: 'Resultados de laboratorio',
    serologiaConfirmada: 'Confirmatorio positivo',
    anticuerposIrregulares: 'Anticuerpos irregulares',
    anticuerpo: 'Anticuerpo irregular',
    grupoDiscordante: 'Grupo discordante con donaciones anteriores',
    grupoMotivo: 'Motivo de la confirmación del grupo',
    grupoConfirmadoPor: 'Grupo confirmado por',
    grupoRetipificadoPor: 'Nueva tipificación por',
    registradoPor: 'Registrado por',
  },
  // A donor's reaction at a donation, as its form labels it.
  reaccion: {
    donacionId: 'Donación',
    tipo: 'Tipo de reacción',
    severidad: 'Severidad',
    hora: 'Hora',
    tratamiento: 'Tratamiento',
    evolucion: 'Evolución',
    detalle: 'Detalle',
  },
  // A 'No apto' screening visit, as its form labels it.
  visita_no_apto: {
    fecha: 'Fecha',
    hora: 'Hora',
    motivo: 'Motivo',
    ...SV_NOMBRES,
    diferimientoDias: 'Diferir por',
    definitivo: 'Diferimiento definitivo',
  },
  usuario: {
    username: 'Usuario',
    rol: 'Rol',
    matricula: 'Matrícula',
    agentecph: 'Agente de captación CPH',
    clave: 'Clave',
  },
  servicio: {
    nombre: 'Nombre del Servicio',
    direccion: 'Dirección',
    semanasEntreDonaciones: 'Semanas entre donaciones',
    limiteAnualHombres: 'Donaciones por año (hombres)',
    limiteAnualMujeres: 'Donaciones por año (mujeres)',
    nombreEnRed: 'Nombre en la red',
    etiquetaFormato: 'Formato de etiquetas',
    etiquetaAnchoMm: 'Ancho de etiqueta',
    etiquetaAltoMm: 'Alto de etiqueta',
    panelResultados: 'Pruebas agregadas al panel de laboratorio',
    codigoInstalacion: 'Código de instalación',
    // The shelf life of each component type ('Vida útil de componentes · Plaquetas: 5 días → 4 días').
    vidaUtil: 'Vida útil de componentes',
    ...TIPO_COMPONENTE_LABELS,
    hbMinMujer: 'Hemoglobina mínima (mujeres)',
    hbMinHombre: 'Hemoglobina mínima (hombres)',
    hbMax: 'Hemoglobina máxima',
    hctoMinMujer: 'Hematocrito mínimo (mujeres)',
    hctoMinHombre: 'Hematocrito mínimo (hombres)',
    hctoMax: 'Hematocrito máximo',
    red: 'Red',
    quitadoPor: 'Quitado de la red por',
  },
  // Network entries: a lookup of a person's records across members, joining and leaving.
  red: {
    servicios: 'Servicios de la red consultados',
    consultadoPor: 'Consultado por el servicio',
    miembro: 'Servicio',
    unido: 'Miembro de la red',
    nombreEnRed: 'Nombre en la red',
    codigoInvitacion: 'Código de invitación',
  },
  etiqueta: { ultimo: 'Último número', numero: 'Número' },
  // A restore of a backup (npm run restore): the copy, and what it lacked and was dropped.
  copia: {
    archivo: 'Archivo de la copia',
    copiaCreada: 'Copia creada',
    copiaSha256: 'SHA-256 de la copia',
    entradaAnterior: 'Última entrada antes de restaurar',
    cabezaAnterior: 'Hash de la cadena antes de restaurar',
    entradasDescartadas: 'Entradas de auditoría descartadas',
    primeraDescartada: 'Primera entrada descartada',
    ultimaDescartada: 'Última entrada descartada',
    donacionesDescartadas: 'Donaciones nuevas o modificadas descartadas',
    resultadosDescartados: 'Resultados descartados',
    reactivosDescartados: 'Donaciones con serología reactiva o exclusión definitiva descartadas',
    donantesDescartados: 'Donantes nuevos o modificados descartados',
    visitasNoAptoDescartadas: "Visitas 'No apto' descartadas",
  },
  clave_api: { prefijo: 'Prefijo', revocadaEn: 'Revocada' },
  // A unit a donation was split into: produced, released, discarded (by hand or by a reactive result).
  componente: {
    codigo: 'Identificador de unidad',
    tipo: 'Tipo de componente',
    volumen: 'Volumen',
    producidoEn: 'Producido',
    venceEn: 'Vence',
    estado: 'Estado',
    numero: 'Número de la donación',
    motivoDescarte: 'Motivo del descarte',
    detalleDescarte: 'Detalle del descarte',
    liberadoPor: 'Liberado por',
  },
  citacion: {
    motivo: 'Motivo',
    estado: 'Estado',
    donacionId: 'Donación',
    cita: 'Fecha de la cita',
    intentoFecha: 'Fecha del intento',
    intentoMedio: 'Medio del intento',
    asistio: 'Asistió',
    cierre: 'Cierre',
  },
  informe_postdonacion: {
    donacionId: 'Donación',
    informante: 'Informante',
    fecha: 'Fecha',
    componentesBloqueados: 'Componentes bloqueados',
  },
  visita: {
    donanteId: 'Donante',
    fecha: 'Fecha',
    hora: 'Hora',
    estado: 'Estado',
    respuestas: 'Respuestas de la entrevista',
    confirmada: 'Entrevista confirmada',
    declaracionFirmada: 'Declaración jurada firmada',
    testigoDeclaracion: 'Testigo de la declaración',
    consentimientoFirmado: 'Consentimiento firmado',
    testigoConsentimiento: 'Testigo del consentimiento',
    donacionId: 'Donación',
    noAptoId: "Visita 'No apto'",
  },
};

/** Fields that hold a user's id: the audit shows that user's name. */
export const CAMPOS_USUARIO = new Set(['registradoPor', 'liberadoPor']);
/** Fields that hold a list (of names, of label numbers): one value, never a [before, after] change. */
const CAMPOS_LISTA = new Set(['servicios', 'reactivosDescartados']);
/** Internal keys the audit does not show (the record's own id is in its entry). */
const CAMPOS_OCULTOS = new Set(['id', 'servicioId', 'donanteId']);

const UNIDAD_DONACION: Record<string, string> = {
  taSistolica: SV_UNIDADES.tas,
  taDiastolica: SV_UNIDADES.tad,
  fc: SV_UNIDADES.fc,
  peso: SV_UNIDADES.peso,
  temp: SV_UNIDADES.temp,
  hb: SV_UNIDADES.hb,
  hto: SV_UNIDADES.hto,
};

/** The unit a record's numbers are shown with, by record and field. */
const UNIDADES: Record<string, Record<string, string>> = {
  donacion: UNIDAD_DONACION,
  visita_no_apto: { ...SV_UNIDADES, diferimientoDias: 'días' },
  servicio: {
    etiquetaAnchoMm: 'mm',
    etiquetaAltoMm: 'mm',
    ...Object.fromEntries(Object.keys(TIPO_COMPONENTE_LABELS).map((t) => [t, 'días'])),
  },
  componente: { volumen: 'ml' },
};

/** The label of `campo` of an `entidad` record; the key itself when none is known. */
export function campoLabel(entidad: string, campo: string): string {
  return CAMPO_LABELS[entidad]?.[campo] ?? COMUNES[campo] ?? CPH_LABELS[campo] ?? campo;
}

const RH_TEXTO: Record<string, string> = { POSITIVO: 'Positivo', NEGATIVO: 'Negativo' };
/** Where a lifted deferral came from (domain/elegibilidad.ts Diferimiento.origen). */
const ORIGEN_TEXTO: Record<string, string> = { donacion: 'Donación', visita: "Visita 'No apto'" };
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const VACIO = '—';

/** A stored value as the screens show it; `nombres` maps user ids to people's names. */
export function valorAuditoria(
  entidad: string,
  campo: string,
  value: unknown,
  nombres: ReadonlyMap<string, string> = new Map(),
): string {
  if (value === null || value === undefined || value === '') return VACIO;
  if (CAMPOS_USUARIO.has(campo) && typeof value === 'string')
    return nombres.get(value) ?? 'Usuario eliminado';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (campo === 'serologia' && typeof value === 'object') {
    const s = value as Partial<Serologia>;
    return SEROLOGIA_KEYS.map((k) => `${SEROLOGIA_LABELS[k]} ${serologiaSigno(s[k])}`).join(' · ');
  }
  if (campo === 'rh' && typeof value === 'string') return RH_TEXTO[value] ?? value;
  if (campo === 'rol' && typeof value === 'string') return ROL_LABEL[value as Rol] ?? value;
  if (campo === 'origen' && typeof value === 'string') return ORIGEN_TEXTO[value] ?? value;
  if (campo === 'etiquetaFormato' && typeof value === 'string')
    return FORMATO_ETIQUETA_LABELS[value as FormatoEtiqueta] ?? value;
  if (entidad === 'componente' && typeof value === 'string') {
    if (campo === 'tipo') return TIPO_COMPONENTE_LABELS[value as TipoComponente] ?? value;
    if (campo === 'estado') return ESTADO_COMPONENTE_LABELS[value as EstadoComponente] ?? value;
    if (campo === 'motivoDescarte') return MOTIVO_DESCARTE_LABELS[value as MotivoDescarte] ?? value;
  }
  if (campo === 'exclusionTiempo' && typeof value === 'number')
    return EXCLUSION_TIEMPO_LABELS[value] ?? `${value} días`;
  if (typeof value === 'number') {
    const unidad = UNIDADES[entidad]?.[campo];
    const texto = String(value).replace('.', ',');
    return unidad ? `${texto} ${unidad}` : texto;
  }
  if (typeof value === 'string') {
    if (isValidIsoDate(value)) return formatDate(value);
    if (ISO_INSTANT.test(value)) return formatDateTime(value) || value;
    return value;
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    const partes = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined && v !== '')
      .map(([k, v]) => `${campoLabel(entidad, k)}: ${valorAuditoria(entidad, k, v, nombres)}`);
    return partes.length > 0 ? partes.join(', ') : VACIO;
  }
  return JSON.stringify(value);
}

/** One line of an audit entry: the field's label and its value, before and after when both are known. */
export type CambioAuditoria = { campo: string; antes: string | null; despues: string };

const esObjeto = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An entry's changes as lines people read. A change is `[antes, después]`; a creation ('crear')
 * shows only the values recorded. Nested records (the CPH data and its contacts) become one line
 * per changed field, 'CPH · Contacto 1 · Teléfono'. Ids are left out, user ids become names.
 */
export function cambiosAuditoria(
  entidad: string,
  accion: string,
  cambios: unknown,
  nombres: ReadonlyMap<string, string> = new Map(),
): CambioAuditoria[] {
  if (!esObjeto(cambios)) return [];
  const conAntes = accion !== 'crear';
  const vacio = (v: unknown) => v === null || v === undefined || v === '';
  const out: CambioAuditoria[] = [];
  const linea = (prefijo: string, campo: string, antes: unknown, despues: unknown) => {
    const label = prefijo + campoLabel(entidad, campo);
    if (campo !== 'serologia' && (esObjeto(antes) || esObjeto(despues))) {
      const a = esObjeto(antes) ? antes : {};
      const d = esObjeto(despues) ? despues : {};
      for (const k of new Set([...Object.keys(a), ...Object.keys(d)])) {
        if (JSON.stringify(a[k] ?? null) === JSON.stringify(d[k] ?? null)) continue;
        if (!conAntes && vacio(d[k])) continue;
        linea(`${label} · `, k, a[k], d[k]);
      }
      return;
    }
    out.push({
      campo: label,
      antes: conAntes ? valorAuditoria(entidad, campo, antes, nombres) : null,
      despues: valorAuditoria(entidad, campo, despues, nombres),
    });
  };
  for (const [campo, value] of Object.entries(cambios)) {
    if (CAMPOS_OCULTOS.has(campo)) continue;
    if (CAMPOS_LISTA.has(campo) && Array.isArray(value)) {
      out.push({ campo: campoLabel(entidad, campo), antes: null, despues: value.map(String).join(', ') });
    } else if (Array.isArray(value) && value.length === 2) {
      const [antes, despues] = value as [unknown, unknown];
      if (!conAntes && vacio(despues)) continue;
      linea('', campo, antes, despues);
    } else {
      // A fact rather than a change ('clave: cambiada', a deleted member's name).
      out.push({
        campo: campoLabel(entidad, campo),
        antes: null,
        despues: valorAuditoria(entidad, campo, value, nombres),
      });
    }
  }
  return out;
}

/** The user ids an entry's changes name (its 'Registrado por'). */
export function usuariosDeCambios(cambios: unknown): string[] {
  if (!esObjeto(cambios)) return [];
  const ids = new Set<string>();
  for (const campo of CAMPOS_USUARIO) {
    const value = cambios[campo];
    for (const v of Array.isArray(value) ? value : [value]) if (typeof v === 'string') ids.add(v);
  }
  return [...ids];
}

/**
 * Who made an entry that names no user: another servicio of the network, in words ('Hospital
 * del Sur (otro servicio de la red)'), from the servicio the entry names, or the restore of a
 * backup from the command line; null when none.
 */
export function autorSinUsuario(cambios: unknown): string | null {
  if (!esObjeto(cambios)) return null;
  if (typeof cambios.consultadoPor === 'string') return `${cambios.consultadoPor} (otro servicio de la red)`;
  if (typeof cambios.quitadoPor === 'string') return `${cambios.quitadoPor} (la red)`;
  if (typeof cambios.copiaSha256 === 'string')
    return 'Restauración de una copia de seguridad (npm run restore)';
  return null;
}
