/**
 * Blood components (fraccionamiento): a donation is split into components, each with its type,
 * volume, production instant and expiry; every new component waits in quarantine until its
 * donation's results allow its release, or is discarded. Shared by the server and the client.
 *
 * The one rule of what a component may do next is siguienteEstado; faltaParaLiberar lists, in
 * Spanish, everything that keeps a component in quarantine. The server calls both on every path
 * (GraphQL and /api alike), under the row locks of the component and its donation.
 */
import { formatDate, type IsoDate, todayIso } from './dates';
import { SEROLOGIA_KEYS, SEROLOGIA_LABELS, type TipoBolsa } from './donacion';
import { type Diferimiento, diferimientos, type HistorialDonante, vigente } from './elegibilidad';
import { caracterControlIso7064, CARACTERES_ISO_7064 } from './etiquetas';
import { type FieldError, MSG } from './messages';
import { claveDeResultados, type ResultadoMarcador } from './resultados';
import type { ParseResult } from './validation';

// ---------------------------------------------------------------------------
// Types, states and reasons

export const TIPOS_COMPONENTE = [
  'GLOBULOS_ROJOS',
  'PLASMA_FRESCO_CONGELADO',
  'PLAQUETAS',
  'CRIOPRECIPITADO',
] as const;
export type TipoComponente = (typeof TIPOS_COMPONENTE)[number];
export const isTipoComponente = (v: unknown): v is TipoComponente =>
  typeof v === 'string' && (TIPOS_COMPONENTE as readonly string[]).includes(v);

export const TIPO_COMPONENTE_LABELS: Record<TipoComponente, string> = {
  GLOBULOS_ROJOS: 'Glóbulos rojos',
  PLASMA_FRESCO_CONGELADO: 'Plasma fresco congelado',
  PLAQUETAS: 'Plaquetas',
  CRIOPRECIPITADO: 'Crioprecipitado',
};

/** Each type's product name as labels and screens print it (the short name is TIPO_COMPONENTE_LABELS). */
export const NOMBRE_PRODUCTO: Record<TipoComponente, string> = {
  GLOBULOS_ROJOS: 'Concentrado de glóbulos rojos',
  PLASMA_FRESCO_CONGELADO: 'Plasma fresco congelado',
  PLAQUETAS: 'Concentrado de plaquetas',
  CRIOPRECIPITADO: 'Crioprecipitado',
};

/** The product code's letters: 'GR1', 'PF1', 'PQ1', 'CR1' (the index counts units of one type). */
export const PREFIJO_PRODUCTO: Record<TipoComponente, string> = {
  GLOBULOS_ROJOS: 'GR',
  PLASMA_FRESCO_CONGELADO: 'PF',
  PLAQUETAS: 'PQ',
  CRIOPRECIPITADO: 'CR',
};

export const ESTADOS_COMPONENTE = ['CUARENTENA', 'LIBERADO', 'DESPACHADO', 'DESCARTADO'] as const;
export type EstadoComponente = (typeof ESTADOS_COMPONENTE)[number];
export const ESTADO_COMPONENTE_LABELS: Record<EstadoComponente, string> = {
  CUARENTENA: 'En cuarentena',
  LIBERADO: 'Liberado',
  DESPACHADO: 'Despachado',
  DESCARTADO: 'Descartado',
};

export const MOTIVOS_DESCARTE = [
  'SEROLOGIA_REACTIVA',
  'VENCIMIENTO',
  'BOLSA_ROTA',
  'LIPEMICO',
  'HEMOLIZADO',
  'BAJO_VOLUMEN',
  'CONTROL_CALIDAD',
  'CADENA_FRIO',
  'INFORME_POSTDONACION',
  'OTRO',
] as const;
export type MotivoDescarte = (typeof MOTIVOS_DESCARTE)[number];
export const isMotivoDescarte = (v: unknown): v is MotivoDescarte =>
  typeof v === 'string' && (MOTIVOS_DESCARTE as readonly string[]).includes(v);
export const MOTIVO_DESCARTE_LABELS: Record<MotivoDescarte, string> = {
  SEROLOGIA_REACTIVA: 'Serología reactiva',
  VENCIMIENTO: 'Vencimiento',
  BOLSA_ROTA: 'Bolsa rota o pérdida',
  LIPEMICO: 'Lipémico',
  HEMOLIZADO: 'Hemolizado',
  BAJO_VOLUMEN: 'Volumen insuficiente',
  CONTROL_CALIDAD: 'Control de calidad',
  CADENA_FRIO: 'Ruptura de la cadena de frío',
  INFORME_POSTDONACION: 'Informe post-donación',
  OTRO: 'Otro',
};
/** The longest text of a discard's detail. */
export const DETALLE_DESCARTE_MAX = 500;

/** Who releases a component: a doctor or a technician (never the administrator, never the office). */
export const ROLES_LIBERACION: readonly string[] = ['ROL_MEDICO', 'ROL_TECNICO'];
export const libera = (rol: string | null | undefined): boolean => ROLES_LIBERACION.includes(rol ?? '');
/** Who splits a donation and discards a component: the release roles and the administrator. */
export const ROLES_FRACCIONAMIENTO: readonly string[] = ['ROL_MEDICO', 'ROL_TECNICO', 'ROL_SERVICIO'];
export const fracciona = (rol: string | null | undefined): boolean =>
  ROLES_FRACCIONAMIENTO.includes(rol ?? '');

/** How many components one release action takes at most (liberarComponentes). */
export const LIBERAR_POR_VEZ_MAX = 200;

// ---------------------------------------------------------------------------
// Shelf life

export type VidaUtil = {
  dias: number;
  minimo: number;
  maximo: number;
  predeterminado: number;
  fuente: string;
};

/**
 * Each type's shelf life in days, counted from the collection (the donation's date and time): the
 * default, the bounds a servicio may set in Opciones, and where the default comes from.
 */
export const VIDA_UTIL: Record<TipoComponente, Omit<VidaUtil, 'dias'>> = {
  GLOBULOS_ROJOS: {
    predeterminado: 42,
    minimo: 1,
    maximo: 49,
    fuente:
      'Concentrado de glóbulos rojos en solución aditiva SAG-M: 42 días desde la extracción ' +
      '(normas técnicas y proveedores de bolsas)',
  },
  PLASMA_FRESCO_CONGELADO: {
    predeterminado: 365,
    minimo: 1,
    maximo: 730,
    fuente: 'Plasma fresco congelado a -25 °C o menos: 12 meses desde la extracción (normas técnicas)',
  },
  PLAQUETAS: {
    predeterminado: 5,
    minimo: 1,
    maximo: 7,
    fuente: 'Concentrado de plaquetas a 20-24 °C en agitación: 5 días desde la extracción (normas técnicas)',
  },
  CRIOPRECIPITADO: {
    predeterminado: 365,
    minimo: 1,
    maximo: 730,
    fuente: 'Crioprecipitado a -25 °C o menos: 12 meses desde la extracción (normas técnicas)',
  },
};

/** A servicio's shelf life of a type: within its bounds, else 'Debe ser un número entero de días entre...'. */
export function validateVidaUtil(tipo: unknown, dias: unknown): FieldError[] {
  if (!isTipoComponente(tipo)) return [{ field: 'tipo', msg: MSG.valorNoPermitido }];
  const { minimo, maximo } = VIDA_UTIL[tipo];
  if (typeof dias !== 'number' || !Number.isInteger(dias) || dias < minimo || dias > maximo)
    return [{ field: 'dias', msg: MSG.vidaUtilFueraDeRango(minimo, maximo) }];
  return [];
}

/** Every type's shelf life: the servicio's where it set one (within the bounds), else the default. */
export function vidasUtiles(
  delServicio: Partial<Record<string, number>>,
): ({ tipo: TipoComponente } & VidaUtil)[] {
  return TIPOS_COMPONENTE.map((tipo) => {
    const base = VIDA_UTIL[tipo];
    const propia = delServicio[tipo];
    const valida = typeof propia === 'number' && validateVidaUtil(tipo, propia).length === 0;
    return { tipo, ...base, dias: valida ? propia : base.predeterminado };
  });
}

/**
 * The instant of a collection: the donation's date and time in Argentina (UTC-3 all year since
 * 2009, domain/dates.ts TIME_ZONE).
 */
export function instanteDeExtraccion(fecha: IsoDate, hora: string): Date {
  const hhmm = /^\d{2}:\d{2}/.test(hora) ? hora.slice(0, 5) : '00:00';
  return new Date(`${fecha}T${hhmm}:00-03:00`);
}

/** The expiry: the collection plus the shelf life in days. */
export function vencimiento(extraccion: Date, dias: number): Date {
  return new Date(extraccion.getTime() + dias * 86_400_000);
}

export const estaVencido = (venceEn: Date, ahora: Date): boolean => ahora.getTime() >= venceEn.getTime();

// ---------------------------------------------------------------------------
// Splits

/** Volumes in ml: the default of each type and the bounds of what is recorded. */
export const VOLUMEN: Record<TipoComponente, { predeterminado: number; minimo: number; maximo: number }> = {
  GLOBULOS_ROJOS: { predeterminado: 280, minimo: 100, maximo: 500 },
  PLASMA_FRESCO_CONGELADO: { predeterminado: 250, minimo: 50, maximo: 800 },
  PLAQUETAS: { predeterminado: 50, minimo: 20, maximo: 500 },
  CRIOPRECIPITADO: { predeterminado: 15, minimo: 5, maximo: 60 },
};
/** An apheresis unit holds more than a whole-blood one. */
export const VOLUMEN_AFERESIS: Partial<Record<TipoComponente, number>> = {
  PLAQUETAS: 250,
  PLASMA_FRESCO_CONGELADO: 600,
};

/** What a donation is split from: its bag, whether by apheresis, whether plasma (COVID) was collected. */
export type OrigenFraccion = { tipoBolsa: string; donacionAferesis: boolean; plasmaCovid?: boolean };

export type ComponentePedido = { tipo: TipoComponente; volumen: number };

/**
 * The types a donation may give, each with how many units at most: a double bag gives red cells
 * and plasma (or cryoprecipitate from it), a triple bag also platelets; an apheresis collects
 * platelets (up to a double dose), plasma, or red cells (up to two units), never cryoprecipitate.
 */
export function tiposPermitidos(o: OrigenFraccion): Partial<Record<TipoComponente, number>> {
  if (o.donacionAferesis) return { PLAQUETAS: 2, PLASMA_FRESCO_CONGELADO: 2, GLOBULOS_ROJOS: 2 };
  const triple = o.tipoBolsa === ('Bolsa Triple' satisfies TipoBolsa);
  return {
    GLOBULOS_ROJOS: 1,
    PLASMA_FRESCO_CONGELADO: 1,
    CRIOPRECIPITADO: 1,
    ...(triple ? { PLAQUETAS: 1 } : {}),
  };
}

/**
 * The split when staff chooses none: Bolsa Doble gives red cells and fresh frozen plasma, Bolsa
 * Triple adds platelets; an apheresis gives what it collected: plasma when it was a plasma
 * collection (COVID convalescent plasma), platelets otherwise (the donation records no other kind).
 */
export function fraccionPredeterminada(o: OrigenFraccion): ComponentePedido[] {
  const tipos: TipoComponente[] = o.donacionAferesis
    ? [o.plasmaCovid ? 'PLASMA_FRESCO_CONGELADO' : 'PLAQUETAS']
    : o.tipoBolsa === 'Bolsa Triple'
      ? ['GLOBULOS_ROJOS', 'PLASMA_FRESCO_CONGELADO', 'PLAQUETAS']
      : ['GLOBULOS_ROJOS', 'PLASMA_FRESCO_CONGELADO'];
  return tipos.map((tipo) => ({
    tipo,
    volumen: (o.donacionAferesis ? VOLUMEN_AFERESIS[tipo] : undefined) ?? VOLUMEN[tipo].predeterminado,
  }));
}

const bolsaTexto = (o: OrigenFraccion) => (o.donacionAferesis ? 'La aféresis' : `La ${o.tipoBolsa}`);

/** A chosen split's errors: at least one unit, each type the bag allows, each volume within bounds. */
export function validateFraccion(
  o: OrigenFraccion,
  pedidos: readonly Partial<ComponentePedido>[],
): FieldError[] {
  if (pedidos.length === 0) return [{ field: 'componentes', msg: MSG.componentesVacio }];
  const errors: FieldError[] = [];
  const permitidos = tiposPermitidos(o);
  const cuenta = new Map<TipoComponente, number>();
  pedidos.forEach((p, i) => {
    if (!isTipoComponente(p.tipo)) {
      errors.push({ field: `componentes.${i}.tipo`, msg: MSG.valorNoPermitido });
      return;
    }
    const max = permitidos[p.tipo] ?? 0;
    const label = TIPO_COMPONENTE_LABELS[p.tipo].toLowerCase();
    if (max === 0)
      errors.push({ field: `componentes.${i}.tipo`, msg: MSG.componenteNoPermitido(label, bolsaTexto(o)) });
    const n = (cuenta.get(p.tipo) ?? 0) + 1;
    cuenta.set(p.tipo, n);
    if (max > 0 && n > max)
      errors.push({ field: `componentes.${i}.tipo`, msg: MSG.componenteRepetido(label, max) });
    const { minimo, maximo } = VOLUMEN[p.tipo];
    if (
      typeof p.volumen !== 'number' ||
      !Number.isInteger(p.volumen) ||
      p.volumen < minimo ||
      p.volumen > maximo
    )
      errors.push({ field: `componentes.${i}.volumen`, msg: MSG.volumenFueraDeRango(minimo, maximo) });
  });
  return errors;
}

/** Each unit's product code, in order: the type's letters and its index among units of that type. */
export function codigosProducto(tipos: readonly TipoComponente[]): string[] {
  const cuenta = new Map<TipoComponente, number>();
  return tipos.map((t) => {
    const n = (cuenta.get(t) ?? 0) + 1;
    cuenta.set(t, n);
    return `${PREFIJO_PRODUCTO[t]}${n}`;
  });
}

// ---------------------------------------------------------------------------
// Unit identifiers

/** A facility code the installation assigns: '9' and 4 digits (an ICCBBA FIN starts with a letter). */
export const CODIGO_INSTALACION_LOCAL = /^9[0-9]{4}$/;
/** An ICCBBA Facility Identification Number, which the administrator may set. */
export const CODIGO_FIN = /^[A-Z][0-9]{4}$/;

/** The facility code the administrator types: a FIN (letter and 4 digits), upper-cased. */
export function leerCodigoInstalacion(texto: unknown): ParseResult<string> {
  const codigo = typeof texto === 'string' ? texto.trim().toUpperCase() : '';
  return CODIGO_FIN.test(codigo)
    ? { ok: true, value: codigo }
    : { ok: false, error: MSG.codigoInstalacionInvalido };
}

/** The label number as the identifier writes it: at least 6 digits, zeros on the left. */
const numeroUnidad = (numero: number) => String(numero).padStart(6, '0');

/**
 * A unit identifier, unique in the network: facility code (5), the donation year's last 2 digits,
 * the label number (6 digits or more), the product code of a component (none: the donation's),
 * and the ISO 7064 MOD 37-2 check character over everything before it. Upper case, no separators.
 */
export function identificadorUnidad(
  codigoInstalacion: string,
  fecha: IsoDate,
  numero: number,
  codigoProducto = '',
): string {
  const base = `${codigoInstalacion}${fecha.slice(2, 4)}${numeroUnidad(numero)}${codigoProducto}`;
  return `${base}${caracterControlIso7064(base)}`;
}

const PARTES = /^([A-Z0-9]{5})([0-9]{2})([0-9]{6,})([A-Z]{2}[1-9])?([0-9A-Z*])$/;

export type IdentificadorLeido = {
  codigo: string;
  codigoInstalacion: string;
  anio: string;
  numero: number;
  codigoProducto: string | null;
};

/**
 * A scanned or typed identifier: blanks and hyphens dropped, upper-cased, its parts recognised and
 * its check character verified. A wrong check character is refused as such; anything else not an
 * identifier, as not valid.
 */
export function leerIdentificador(texto: unknown): ParseResult<IdentificadorLeido> {
  const limpio = typeof texto === 'string' ? texto.replace(/[\s-]+/g, '').toUpperCase() : '';
  const partes = PARTES.exec(limpio);
  if (!partes || [...limpio].some((c) => !CARACTERES_ISO_7064.includes(c)))
    return { ok: false, error: MSG.codigoUnidadInvalido };
  const [, codigoInstalacion, anio, numero, codigoProducto, control] = partes;
  if (caracterControlIso7064(limpio.slice(0, -1)) !== control)
    return { ok: false, error: MSG.codigoUnidadControl };
  return {
    ok: true,
    value: {
      codigo: limpio,
      codigoInstalacion,
      anio,
      numero: Number(numero),
      codigoProducto: codigoProducto ?? null,
    },
  };
}

/** An identifier grouped for reading: '90001 26 000004 GR1 K' (the donation's: '90001 26 000004 7'). */
export function identificadorLegible(codigo: string): string {
  const partes = PARTES.exec(codigo);
  if (!partes) return codigo;
  return partes
    .slice(1)
    .filter((p): p is string => Boolean(p))
    .join(' ');
}

// ---------------------------------------------------------------------------
// Release: what keeps a component in quarantine

/** What the release reads of a component's donation. */
export type DonacionParaLiberar = {
  id: string;
  fecha: IsoDate;
  abo: string;
  rh: string;
  eliminada: boolean;
  grupoDiscordante: boolean;
};

/**
 * The deferrals of the donor that forbid a unit collected on `fecha`: every deferral not lifted
 * that is in force on that day (domain/elegibilidad.ts diferimientos and vigente): a definitive one
 * or one awaiting a doctor, whenever recorded (a later reactive result, a post-donation report), and
 * a temporary one that covers the collection. The donation's own reactive markers are not repeated
 * here (faltaParaLiberar names them).
 */
export function diferimientosQueImpiden(
  historial: HistorialDonante,
  donacionId: string,
  fecha: IsoDate,
): Diferimiento[] {
  const propia = donacionId.toLowerCase();
  return diferimientos(historial).filter(
    (d) => vigente(d, fecha) && !(d.origenId.toLowerCase() === propia && d.reactivo),
  );
}

/**
 * Every item that keeps a component from release, in Spanish, in the order a technician checks
 * them: the donation, the blood group, each of the seven serology markers (not tested, or
 * reactive: domain/resultados.ts claveDeResultados), the donor's deferrals, and the expiry.
 * Empty: it may be released.
 */
export function faltaParaLiberar(datos: {
  donacion: DonacionParaLiberar;
  resultados: readonly ResultadoMarcador[];
  diferimientos: readonly Diferimiento[];
  venceEn: Date;
  ahora: Date;
}): string[] {
  const { donacion: d } = datos;
  const falta: string[] = [];
  if (d.eliminada) falta.push(MSG.donacionDelComponenteEliminada);
  if (!d.abo) falta.push(MSG.faltaAbo);
  if (!d.rh) falta.push(MSG.faltaRh);
  if (d.grupoDiscordante) falta.push(MSG.grupoDiscordantePendiente);
  for (const k of SEROLOGIA_KEYS) {
    const reactivo = claveDeResultados(k, datos.resultados);
    if (reactivo === null) falta.push(MSG.faltaSerologia(SEROLOGIA_LABELS[k]));
    else if (reactivo) falta.push(MSG.marcadorReactivo(SEROLOGIA_LABELS[k]));
  }
  for (const dif of datos.diferimientos) falta.push(MSG.donanteDiferido(dif.texto));
  if (estaVencido(datos.venceEn, datos.ahora))
    falta.push(MSG.componenteVencido(formatDate(todayIso(datos.venceEn))));
  return falta;
}

/** Whether a donation's results hold a reactive marker: its components are discarded. */
export const tieneReactivo = (resultados: readonly ResultadoMarcador[]): boolean =>
  SEROLOGIA_KEYS.some((k) => claveDeResultados(k, resultados) === true);

// ---------------------------------------------------------------------------
// The state machine

export type AccionComponente =
  | { tipo: 'liberar' }
  | { tipo: 'descartar'; motivo: unknown; detalle?: string | null }
  | { tipo: 'descartarPorSerologia' }
  | { tipo: 'despachar' }
  // Part 2 (domain/despacho.ts): what becomes of a dispatched unit, and the expiry.
  | { tipo: 'devolver'; cadenaFrio: boolean }
  | { tipo: 'destinoFinal'; destino: unknown; motivo?: unknown; detalle?: string | null }
  | { tipo: 'recibir' }
  | { tipo: 'vencer' }
  | { tipo: 'retirar'; detalle: string; motivo?: MotivoDescarte };

export type ContextoComponente = {
  rol: string | null | undefined;
  /** faltaParaLiberar's items (read only by 'liberar'). */
  falta?: readonly string[];
  vencido?: boolean;
  /** The unit's dispatch already has its final destination recorded (read by 'devolver', 'destinoFinal'). */
  final?: boolean;
  /** The unit travels to another member of the network (to the caller, for 'recibir'). */
  enTransito?: boolean;
};

export type Transicion =
  | {
      ok: true;
      estado: EstadoComponente;
      /** False when nothing changes (a reactive result on a unit already out of stock). */
      cambia: boolean;
      motivo?: MotivoDescarte;
      detalle?: string | null;
    }
  | { ok: false; tipo: 'permiso' | 'estado' | 'requisitos' | 'datos'; errores: FieldError[] };

const negado = (
  tipo: 'permiso' | 'estado' | 'requisitos' | 'datos',
  msgs: string[],
  field = '',
): Transicion => ({
  ok: false,
  tipo,
  errores: msgs.map((msg) => ({ field, msg })),
});

const salidaDeEstado = (estado: EstadoComponente): string =>
  estado === 'LIBERADO'
    ? MSG.componenteYaLiberado
    : estado === 'DESPACHADO'
      ? MSG.componenteDespachado
      : MSG.componenteDescartado;

/**
 * What a component may do next, the one rule every path asks:
 * - liberar: CUARENTENA -> LIBERADO, by a doctor or a technician, when nothing is missing;
 * - descartar: CUARENTENA or LIBERADO -> DESCARTADO with a coded reason ('Otro' needs a text), by
 *   a doctor, a technician or the administrator;
 * - descartarPorSerologia: a reactive marker recorded on the donation, at any time: every unit not
 *   dispatched nor discarded -> DESCARTADO, 'Serología reactiva' (no role: the laboratory's result
 *   decides it);
 * - despachar: LIBERADO -> DESPACHADO, when not expired (the refusal says why: already dispatched,
 *   discarded, not released, expired);
 * - devolver: DESPACHADO (no final destination yet) -> LIBERADO when the cold chain was kept and the
 *   unit is not expired, else DESCARTADO ('Ruptura de la cadena de frío' or 'Vencimiento');
 * - destinoFinal: DESPACHADO to a hospital or the own transfusion service (not in transit to a
 *   member) -> TRANSFUNDIDO (the state stays DESPACHADO, the dispatch records it) or DESCARTADO at
 *   the destination with a coded reason;
 * - recibir: DESPACHADO in transit to the caller -> LIBERADO in the receiver's stock;
 * - vencer: CUARENTENA or LIBERADO past its expiry -> DESCARTADO 'Vencimiento' (no role: the clock
 *   decides; anything else is left as it is);
 * - retirar: a look-back (domain/trazabilidad.ts) withdraws a unit in quarantine, in stock or on its
 *   way to a member -> DESCARTADO 'Serología reactiva' with the look-back's detail (no role: the
 *   laboratory's result decides it); anything else is left as it is, its destination notified.
 */
export function siguienteEstado(
  componente: { estado: EstadoComponente },
  accion: AccionComponente,
  contexto: ContextoComponente,
): Transicion {
  const { estado } = componente;
  switch (accion.tipo) {
    case 'liberar': {
      if (!libera(contexto.rol)) return negado('permiso', [MSG.soloMedicoTecnicoLibera]);
      if (estado !== 'CUARENTENA') return negado('estado', [salidaDeEstado(estado)]);
      const falta = contexto.falta ?? [];
      if (falta.length > 0) return negado('requisitos', [...falta]);
      return { ok: true, estado: 'LIBERADO', cambia: true };
    }
    case 'descartar': {
      if (!fracciona(contexto.rol)) return negado('permiso', [MSG.soloPersonalFracciona]);
      if (estado === 'DESCARTADO' || estado === 'DESPACHADO')
        return negado('estado', [salidaDeEstado(estado)]);
      if (!isMotivoDescarte(accion.motivo)) return negado('datos', [MSG.valorNoPermitido], 'motivo');
      const detalle = (accion.detalle ?? '').trim();
      if (accion.motivo === 'OTRO' && detalle === '')
        return negado('datos', [MSG.detalleDescarteRequerido], 'detalle');
      if (detalle.length > DETALLE_DESCARTE_MAX)
        return negado('datos', [MSG.textoDemasiadoLargo(DETALLE_DESCARTE_MAX)], 'detalle');
      return {
        ok: true,
        estado: 'DESCARTADO',
        cambia: true,
        motivo: accion.motivo,
        detalle: detalle || null,
      };
    }
    case 'descartarPorSerologia':
      if (estado === 'DESCARTADO' || estado === 'DESPACHADO') return { ok: true, estado, cambia: false };
      return { ok: true, estado: 'DESCARTADO', cambia: true, motivo: 'SEROLOGIA_REACTIVA', detalle: null };
    case 'despachar':
      // Why it cannot leave, in words: already dispatched, discarded, or not released yet.
      if (estado === 'DESPACHADO' || estado === 'DESCARTADO')
        return negado('estado', [salidaDeEstado(estado)]);
      if (estado !== 'LIBERADO') return negado('estado', [MSG.componenteNoLiberado]);
      if (contexto.vencido) return negado('estado', [MSG.componenteVencidoNoSeDespacha]);
      return { ok: true, estado: 'DESPACHADO', cambia: true };
    case 'devolver':
      if (estado !== 'DESPACHADO') return negado('estado', [MSG.componenteNoDespachado]);
      if (contexto.final) return negado('estado', [MSG.destinoFinalYaRegistrado]);
      if (!accion.cadenaFrio)
        return { ok: true, estado: 'DESCARTADO', cambia: true, motivo: 'CADENA_FRIO', detalle: null };
      if (contexto.vencido)
        return { ok: true, estado: 'DESCARTADO', cambia: true, motivo: 'VENCIMIENTO', detalle: null };
      return { ok: true, estado: 'LIBERADO', cambia: true };
    case 'destinoFinal': {
      if (estado !== 'DESPACHADO') return negado('estado', [MSG.componenteNoDespachado]);
      if (contexto.enTransito) return negado('estado', [MSG.componenteEnTransito]);
      if (contexto.final) return negado('estado', [MSG.destinoFinalYaRegistrado]);
      const detalle = (accion.detalle ?? '').trim();
      if (detalle.length > DETALLE_DESCARTE_MAX)
        return negado('datos', [MSG.textoDemasiadoLargo(DETALLE_DESCARTE_MAX)], 'detalle');
      if (accion.destino === 'TRANSFUNDIDO')
        return { ok: true, estado: 'DESPACHADO', cambia: true, detalle: detalle || null };
      if (accion.destino !== 'DESCARTADO') return negado('datos', [MSG.valorNoPermitido], 'destino');
      if (accion.motivo === undefined || accion.motivo === null)
        return negado('datos', [MSG.destinoFinalMotivoRequerido], 'motivo');
      if (!isMotivoDescarte(accion.motivo)) return negado('datos', [MSG.valorNoPermitido], 'motivo');
      if (accion.motivo === 'OTRO' && detalle === '')
        return negado('datos', [MSG.detalleDescarteRequerido], 'detalle');
      return {
        ok: true,
        estado: 'DESCARTADO',
        cambia: true,
        motivo: accion.motivo,
        detalle: detalle || null,
      };
    }
    case 'recibir':
      if (estado !== 'DESPACHADO' || !contexto.enTransito)
        return negado('estado', [MSG.componenteNoEnTransito]);
      return { ok: true, estado: 'LIBERADO', cambia: true };
    case 'vencer':
      if ((estado !== 'CUARENTENA' && estado !== 'LIBERADO') || !contexto.vencido)
        return { ok: true, estado, cambia: false };
      return { ok: true, estado: 'DESCARTADO', cambia: true, motivo: 'VENCIMIENTO', detalle: null };
    case 'retirar':
      if (
        estado === 'CUARENTENA' ||
        estado === 'LIBERADO' ||
        (estado === 'DESPACHADO' && contexto.enTransito)
      )
        return {
          ok: true,
          estado: 'DESCARTADO',
          cambia: true,
          motivo: accion.motivo ?? 'SEROLOGIA_REACTIVA',
          detalle: accion.detalle,
        };
      return { ok: true, estado, cambia: false };
  }
}

/** Whether a donation may be split now: live, not split yet (any component), and the bag allows one. */
export const esFraccionable = (d: { eliminada: boolean; componentes: number }): boolean =>
  !d.eliminada && d.componentes === 0;
