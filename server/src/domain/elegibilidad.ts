/**
 * Whether a donor may donate: the one implementation of every donor-safety rule (the interval
 * between donations, the yearly limit of whole-blood donations, deferrals from results and from
 * screening visits). Pure: the server calls it when a donation is created or restored, under the
 * donor's row lock, and for the lists ('Agregar donación', 'Puede donar a partir del…'); the
 * screens show its reasons as they come.
 */
import { addDays, addYears, daysBetween, formatDate, IsoDate, yearsBetween } from './dates';
import { SEROLOGIA_KEYS, SEROLOGIA_LABELS, type Serologia, type SerologiaKey } from './donacion';
import { puedeDonarDesdeMsg } from './donante';
import {
  EDAD_DONANTE_MAX,
  EDAD_DONANTE_MIN,
  LIMITE_ANUAL_DEFAULT,
  LIMITE_ANUAL_MAX,
  LIMITE_ANUAL_MIN,
  SEMANAS_ENTRE_DONACIONES,
  SEMANAS_ENTRE_DONACIONES_MAX,
} from './limites';
import { FieldError, MSG } from './messages';
import { ErrorList } from './validation';

/** The servicio's rules (Opciones): never looser than the national norm. */
export type ReglasElegibilidad = {
  semanasEntreDonaciones: number;
  limiteAnualHombres: number;
  limiteAnualMujeres: number;
};

export const REGLAS_DEFAULT: ReglasElegibilidad = {
  semanasEntreDonaciones: SEMANAS_ENTRE_DONACIONES,
  limiteAnualHombres: LIMITE_ANUAL_DEFAULT.Masculino,
  limiteAnualMujeres: LIMITE_ANUAL_DEFAULT.Femenino,
};

/** The bounds a servicio may set: the interval can only grow, the limits only shrink. */
export function validateReglas(data: Partial<Record<keyof ReglasElegibilidad, unknown>>): FieldError[] {
  const list = new ErrorList();
  const check = (field: keyof ReglasElegibilidad, min: number, max: number) => {
    const value = data[field];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      list.add(field, MSG.enteroEntre(min, max));
    }
  };
  check('semanasEntreDonaciones', SEMANAS_ENTRE_DONACIONES, SEMANAS_ENTRE_DONACIONES_MAX);
  check('limiteAnualHombres', LIMITE_ANUAL_MIN, LIMITE_ANUAL_MAX.Masculino);
  check('limiteAnualMujeres', LIMITE_ANUAL_MIN, LIMITE_ANUAL_MAX.Femenino);
  return list.errors;
}

/** A live donation of the donor, with what the rules read of it. */
export type DonacionHistorial = {
  id: string;
  numero: number;
  fecha: IsoDate;
  donacionAferesis: boolean;
  exclusionDefinitiva?: string | null;
  exclusionTiempo?: number | null;
  serologia?: Partial<Serologia> | null;
  /** A marker confirmed positive (domain/resultados.ts): the deferral is definitive and no one lifts it. */
  confirmado?: boolean | null;
  /** Its blood group, compared with a later donation's (domain/resultados.ts grupoDiscordante). */
  abo?: string | null;
  rh?: string | null;
  /**
   * The name of the other member of the network that recorded it; null or absent for the
   * servicio's own. A refusal says of such a record only its date and this name.
   */
  servicio?: string | null;
  /** Soft-deleted: it did not happen for the interval and the limit, but its deferral stands. */
  eliminada?: boolean;
};

/** A screening visit at which the donor was found 'No apto'. */
export type VisitaHistorial = {
  id: string;
  fecha: IsoDate;
  motivo: string;
  diferimientoDias: number;
  /** Deferred for good (a doctor's decision at the interview): no end date. */
  definitivo?: boolean;
  /** As DonacionHistorial.servicio. */
  servicio?: string | null;
};

/** A deferral lifted by a doctor or the service administrator: its origin and what it was (Diferimiento.clave). */
export type LevantamientoHistorial = { origenId: string; clave: string };

export type DiferimientoTipo = 'Definitiva' | 'Temporal' | 'Pendiente';

/** A deferral: from a donation's result or a screening visit. */
export type Diferimiento = {
  origenId: string;
  origen: 'donacion' | 'visita';
  tipo: DiferimientoTipo;
  desde: IsoDate;
  /** The first day the donor may donate again; null while it lasts for good (or awaits a decision). */
  hasta: IsoDate | null;
  /** The deferral in words, for the screens and the refusal. */
  texto: string;
  /** Recorded by another member of the network (by name): only that servicio may lift it. */
  servicio: string | null;
  /**
   * It comes from a reactive serology marker (whatever exclusion came with it): ending or
   * softening it is a doctor's decision (domain/roles.ts decideReactivo).
   */
  reactivo: boolean;
  /** A reactive marker confirmed positive: definitive, never lifted nor softened. */
  confirmado?: boolean;
  /**
   * What the deferral is made of (its kind and dates, the exclusion and its days, the reactive
   * markers): a lift covers this key only, so a result changed afterwards (a marker added, another
   * exclusion) is a new deferral that the lift does not cover.
   */
  clave: string;
};

export type MotivoTipo = 'edad' | 'intervalo' | 'limiteAnual' | 'diferimiento';

/** One reason why the donor cannot donate on the day asked about. */
export type Motivo = { tipo: MotivoTipo; texto: string; hasta: IsoDate | null };

export type Elegibilidad = {
  puedeDonar: boolean;
  /** The first day from the day asked about on which every rule passes; null: not while a deferral lasts. */
  desde: IsoDate | null;
  motivos: Motivo[];
  /** The deferrals in force on that day (a lifted one is not); another member's as diferimientoVisto. */
  diferimientos: DiferimientoVisto[];
};

export type HistorialDonante = {
  /** The record asked about: its sex (the yearly limit) and birth date (the age on the day). */
  donante: { sexo: string; fechaNacimiento?: IsoDate | null };
  /** The person's live donations: the interval, the yearly limit and their deferrals. */
  donaciones: DonacionHistorial[];
  /**
   * The person's deleted donations: only their deferrals count (a deletion is never a lift; a
   * doctor lifts a deferral, with a reason).
   */
  eliminadas?: DonacionHistorial[];
  visitas?: VisitaHistorial[];
  levantamientos?: LevantamientoHistorial[];
};

/** 'Masculino' -> the men's limit; anything else the women's (the lower one). */
export function limiteAnual(sexo: string, reglas: ReglasElegibilidad): number {
  return sexo === 'Masculino' ? reglas.limiteAnualHombres : reglas.limiteAnualMujeres;
}

const diasEntre = (reglas: ReglasElegibilidad) => reglas.semanasEntreDonaciones * 7;

const reactivos = (s: Partial<Serologia> | null | undefined): SerologiaKey[] =>
  SEROLOGIA_KEYS.filter((k) => s?.[k] === true);

const etiquetas = (keys: SerologiaKey[]): string => keys.map((k) => SEROLOGIA_LABELS[k]).join(', ');

const deLaDonacion = (d: DonacionHistorial) =>
  `donación${d.eliminada ? ' eliminada' : ''} N° ${d.numero} del ${formatDate(d.fecha)}`;

/** A deferral's key: its kind and dates, then what it is made of. */
const claveDe = (tipo: DiferimientoTipo, desde: IsoDate, hasta: IsoDate | null, composicion: string) =>
  `${tipo}:${desde}:${hasta ?? ''}:${composicion}`;

/**
 * The deferral a donation's result imposes, or null. Of another member's donation the text names
 * only that servicio and the dates: never its number, markers or reason.
 */
export function diferimientoDeDonacion(d: DonacionHistorial): Diferimiento | null {
  const servicio = d.servicio ?? null;
  const marcadores = reactivos(d.serologia);
  const base = {
    origenId: d.id,
    origen: 'donacion' as const,
    desde: d.fecha,
    servicio,
    reactivo: marcadores.length > 0,
    ...(d.confirmado === true ? { confirmado: true } : {}),
  };
  const tipo: DiferimientoTipo | null =
    d.confirmado === true || d.exclusionDefinitiva === 'Definitiva'
      ? 'Definitiva'
      : d.exclusionDefinitiva === 'Temporal'
        ? (d.exclusionTiempo ?? 0) > 0
          ? 'Temporal'
          : null
        : marcadores.length > 0
          ? 'Pendiente'
          : null;
  if (tipo === null) return null;
  const hasta = tipo === 'Temporal' ? addDays(d.fecha, d.exclusionTiempo ?? 0) : null;
  // The days only matter to a temporary exclusion: 'Definitiva' recorded again is the same deferral.
  const dias = tipo === 'Temporal' ? String(d.exclusionTiempo) : '';
  const clave = claveDe(
    tipo,
    d.fecha,
    hasta,
    `${d.exclusionDefinitiva ?? ''}:${dias}:${marcadores.join(',')}${d.confirmado ? ':confirmado' : ''}`,
  );
  if (servicio) return { ...base, tipo, hasta, clave, texto: textoDeOtroServicio(servicio, hasta) };
  const texto =
    tipo === 'Definitiva'
      ? MSG.diferimientoDefinitivo(deLaDonacion(d))
      : tipo === 'Temporal'
        ? MSG.diferimientoTemporal(d.exclusionTiempo ?? 0, deLaDonacion(d), fecha(hasta))
        : MSG.diferimientoPendiente(etiquetas(marcadores), deLaDonacion(d));
  return { ...base, tipo, hasta, clave, texto };
}

const fecha = (d: IsoDate | null): string => (d ? formatDate(d) : '');

/** The deferral a 'No apto' visit imposes, or null (neither days nor for good). */
export function diferimientoDeVisita(v: VisitaHistorial): Diferimiento | null {
  const servicio = v.servicio ?? null;
  const base = { origenId: v.id, origen: 'visita' as const, desde: v.fecha, servicio, reactivo: false };
  if (v.definitivo) {
    return {
      ...base,
      tipo: 'Definitiva',
      hasta: null,
      clave: claveDe('Definitiva', v.fecha, null, 'visita:definitiva'),
      texto: servicio
        ? textoDeOtroServicio(servicio, null)
        : MSG.diferimientoNoAptoDefinitivo(formatDate(v.fecha), v.motivo),
    };
  }
  if (v.diferimientoDias <= 0) return null;
  const hasta = addDays(v.fecha, v.diferimientoDias);
  return {
    ...base,
    tipo: 'Temporal',
    hasta,
    clave: claveDe('Temporal', v.fecha, hasta, `visita:${v.diferimientoDias}`),
    texto: servicio
      ? textoDeOtroServicio(servicio, hasta)
      : MSG.diferimientoNoApto(v.diferimientoDias, formatDate(v.fecha), v.motivo, formatDate(hasta)),
  };
}

/** How strict a deferral is: none < temporal (by end) < awaiting a decision < definitive. */
export function rigorDiferimiento(d: Diferimiento | null): [number, string] {
  if (!d) return [0, ''];
  if (d.tipo === 'Temporal') return [1, d.hasta ?? ''];
  return d.tipo === 'Pendiente' ? [2, ''] : [3, ''];
}

/** True when `despues` defers less than `antes` (a shorter or no deferral): a lift. */
export function esMasLeve(despues: Diferimiento | null, antes: Diferimiento | null): boolean {
  const [a, ha] = rigorDiferimiento(antes);
  const [b, hb] = rigorDiferimiento(despues);
  return b < a || (a === 1 && b === 1 && hb < ha);
}

/** What a change of a donation's results does to the deferral the donation imposes. */
export type CambioDeResultado = {
  /** Why the change is refused to whoever cannot make a medical decision; null: allowed. */
  rechazo: string | null;
  /** The deferral the change makes milder (a lift: its reason is required and recorded); null: none. */
  levanta: Diferimiento | null;
};

/**
 * A change of one donation's results, `antes` -> `despues`. Lifting or shortening a deferral is a
 * medical decision (`decide`: ROL_MEDICO, ROL_SERVICIO), recorded with its reason; one that comes
 * from a reactive marker only a doctor's (`decideReactivo`: ROL_MEDICO). Anyone else's
 * result must defer at least as much as the one before and as much as a newly reactive marker does
 * on its own (awaiting a doctor): they may record 'Definitiva' or leave the decision to a doctor,
 * never take it, in one request or in several. `levantado`: the deferral before was already
 * lifted, so a milder result lifts nothing more.
 */
export function cambioDeResultado(
  antes: DonacionHistorial,
  despues: DonacionHistorial,
  {
    decide,
    decideReactivo = decide,
    levantado = false,
    repeticionNegativa = false,
  }: {
    decide: boolean;
    decideReactivo?: boolean;
    levantado?: boolean;
    /**
     * The change is a reactive or indeterminate screening repeated non-reactive in duplicate
     * (domain/resultados.ts): the laboratory found it negative, no one decides anything.
     */
    repeticionNegativa?: boolean;
  },
): CambioDeResultado {
  const previo = diferimientoDeDonacion(antes);
  const nuevo = diferimientoDeDonacion(despues);
  const yaReactivos = new Set(reactivos(antes.serologia));
  const nuevoReactivo = reactivos(despues.serologia).some((k) => !yaReactivos.has(k));
  // What the new markers impose before anyone decides: awaiting a doctor.
  const piso = nuevoReactivo
    ? diferimientoDeDonacion({ ...despues, exclusionDefinitiva: null, exclusionTiempo: null })
    : null;
  const masLeve = esMasLeve(nuevo, previo);
  if (masLeve && previo?.confirmado) return { rechazo: MSG.confirmadoNoSeLevanta, levanta: null };
  if (repeticionNegativa && !esMasLeve(nuevo, piso)) return { rechazo: null, levanta: null };
  if (!decide) {
    if (masLeve) return { rechazo: MSG.soloMedicoLevanta, levanta: null };
    if (esMasLeve(nuevo, piso)) return { rechazo: MSG.reactivoEsperaMedico, levanta: null };
    return { rechazo: null, levanta: null };
  }
  // A reactive marker's deferral: only a doctor ends or softens it.
  if (!decideReactivo && ((masLeve && !levantado && previo?.reactivo) || esMasLeve(nuevo, piso))) {
    return { rechazo: MSG.soloMedicoReactivo, levanta: null };
  }
  return { rechazo: null, levanta: masLeve && !levantado ? previo : null };
}

/**
 * Every deferral of the history that is not lifted, whatever the day: those of deleted donations
 * too (deleting a record never lifts its deferral).
 */
export function diferimientos(h: HistorialDonante): Diferimiento[] {
  const levantados = new Set((h.levantamientos ?? []).map((l) => `${l.origenId.toLowerCase()}|${l.clave}`));
  const todos = [
    ...h.donaciones.map(diferimientoDeDonacion),
    ...(h.eliminadas ?? []).map((d) => diferimientoDeDonacion({ ...d, eliminada: true })),
    ...(h.visitas ?? []).map(diferimientoDeVisita),
  ].filter((d): d is Diferimiento => d !== null);
  return todos.filter((d) => !levantados.has(`${d.origenId.toLowerCase()}|${d.clave}`));
}

/**
 * A lifted deferral in words from its key alone (Diferimiento.clave: its kind and start), for a lift
 * recorded before the deferral's own words were kept with it.
 */
export function textoDeClave(clave: string): string {
  const [tipo, desde] = clave.split(':');
  return MSG.diferimientoDeClave(tipo, formatDate(desde));
}

/**
 * Whether a deferral stops a donation on `fecha`. A definitive one, or one awaiting a decision,
 * stops every donation, also one dated before it (blood of such a donor must not be accepted);
 * a temporary one the days from its start to the day before `hasta`.
 */
export function vigente(d: Diferimiento, fecha: IsoDate): boolean {
  return d.hasta === null || (d.desde <= fecha && fecha < d.hasta);
}

/**
 * The deferral a donation's own result imposes on `dia`, unless it was lifted: what the lists show
 * beside the result ('Pendiente de decisión médica', 'Diferido hasta...'). The same rules as the
 * donor's eligibility (diferimientos, vigente): a lifted one, or a temporary one over by `dia`, is
 * null. `levantamientos`: the lifts recorded for the donation (a lift of another key covers a
 * result the donation no longer has, and lifts nothing).
 */
export function diferimientoVigenteDeDonacion(
  d: DonacionHistorial,
  levantamientos: readonly LevantamientoHistorial[],
  dia: IsoDate,
): Diferimiento | null {
  const historial = { donante: { sexo: '' }, donaciones: [d], levantamientos: [...levantamientos] };
  return diferimientos(historial).find((x) => vigente(x, dia)) ?? null;
}

/** The live donation less than the interval before or after `fecha` (the latest one), or null. */
function cercana(fecha: IsoDate, donaciones: DonacionHistorial[], reglas: ReglasElegibilidad) {
  const dias = diasEntre(reglas);
  const near = donaciones
    .filter((d) => Math.abs(daysBetween(d.fecha, fecha)) < dias)
    .sort((a, b) => (a.fecha < b.fecha ? -1 : a.fecha > b.fecha ? 1 : 0));
  return near.length ? near[near.length - 1] : null;
}

/**
 * The whole-blood donations in the 12-month window around `fecha` that holds the most of them
 * (`fecha` counted): a window of 12 months starting at a donation date s holds [s, s + 12 months).
 */
function masEnDoceMeses(fecha: IsoDate, fechas: IsoDate[]): { cantidad: number; primera: IsoDate } {
  const todas = [...fechas, fecha].sort();
  let best = { cantidad: 0, primera: fecha };
  for (const s of todas) {
    if (s > fecha) continue;
    const fin = addYears(s, 1);
    if (fin <= fecha) continue;
    const cantidad = todas.filter((t) => t >= s && t < fin).length;
    if (cantidad > best.cantidad) best = { cantidad, primera: s };
  }
  return best;
}

/** ' Incluye donaciones registradas en A, B.' for other members' donations of the last 12 months. */
function otrosServicios(donaciones: DonacionHistorial[], fecha: IsoDate): string {
  const nombres = [
    ...new Set(
      donaciones
        .filter((d) => d.servicio && !d.donacionAferesis && addYears(d.fecha, 1) > fecha && d.fecha <= fecha)
        .map((d) => d.servicio as string),
    ),
  ];
  return nombres.length ? ` ${MSG.incluyeDonacionesDe(nombres.join(', '))}` : '';
}

type Regla = { tipo: MotivoTipo; falla: (fecha: IsoDate) => string | null; candidatas: IsoDate[] };

/**
 * The donor's age on the donation's day must be EDAD_DONANTE_MIN..EDAD_DONANTE_MAX (the spec's
 * bounds): no donation dated before the 16th birthday (nor before birth), none from the 66th on.
 * `null`: the rule passes (or no birth date is known).
 */
export function faltaEdad(fechaNacimiento: IsoDate | null | undefined, fecha: IsoDate): string | null {
  if (!fechaNacimiento) return null;
  if (fecha < fechaNacimiento)
    return MSG.donacionAntesDeNacer(formatDate(fecha), formatDate(fechaNacimiento));
  const edad = yearsBetween(fechaNacimiento, fecha);
  if (edad < EDAD_DONANTE_MIN) {
    return MSG.edadMinimaDonacion(
      edad,
      formatDate(fecha),
      formatDate(addYears(fechaNacimiento, EDAD_DONANTE_MIN)),
    );
  }
  if (edad > EDAD_DONANTE_MAX) return MSG.edadMaximaDonacion(edad, formatDate(fecha));
  return null;
}

/**
 * Whether a donation dated `fecha` may be recorded for the donor with this history (the donation
 * itself not in it), from which day, and every reason. `aferesis`: the donation to record is by
 * apheresis, which the yearly whole-blood limit does not count.
 */
export function evaluarElegibilidad(
  h: HistorialDonante,
  reglas: ReglasElegibilidad,
  fecha: IsoDate,
  { aferesis = false }: { aferesis?: boolean } = {},
): Elegibilidad {
  const dias = diasEntre(reglas);
  const limite = limiteAnual(h.donante.sexo, reglas);
  const sangreEntera = h.donaciones.filter((d) => !d.donacionAferesis).map((d) => d.fecha);
  const nacimiento = h.donante.fechaNacimiento ?? null;
  // The days certainly inside the age bounds (a day of margin at each end, for a birthday on 29
  // February), worked out once: a list evaluates the rule on many candidate days per donor.
  const edadSegura = nacimiento
    ? {
        desde: addDays(addYears(nacimiento, EDAD_DONANTE_MIN), 1),
        hasta: addDays(addYears(nacimiento, EDAD_DONANTE_MAX + 1), -1),
      }
    : null;
  const reglasFecha: Regla[] = [
    {
      tipo: 'edad',
      falla: (f) =>
        edadSegura && f >= edadSegura.desde && f < edadSegura.hasta ? null : faltaEdad(nacimiento, f),
      candidatas: nacimiento ? [addYears(nacimiento, EDAD_DONANTE_MIN)] : [],
    },
    {
      tipo: 'intervalo',
      falla: (f) => {
        const otra = cercana(f, h.donaciones, reglas);
        if (!otra) return null;
        // Another member's donation: the first day the donor may donate, never its date.
        if (otra.servicio) return textoDeOtroServicio(otra.servicio, addDays(otra.fecha, dias));
        return MSG.menosSemanas(reglas.semanasEntreDonaciones, formatDate(otra.fecha));
      },
      candidatas: h.donaciones.map((d) => addDays(d.fecha, dias)),
    },
    {
      tipo: 'limiteAnual',
      falla: (f) => {
        if (aferesis) return null;
        return masEnDoceMeses(f, sangreEntera).cantidad > limite ? 'limite' : null;
      },
      candidatas: sangreEntera.map((f) => addYears(f, 1)),
    },
  ];
  const activos = diferimientos(h).filter((d) => vigente(d, fecha));
  const candidatas = [
    fecha,
    ...reglasFecha.flatMap((r) => r.candidatas),
    ...activos.map((d) => d.hasta).filter((d): d is IsoDate => d !== null),
  ]
    .filter((d) => d >= fecha)
    .sort();
  const primeraQuePasa = (pasa: (f: IsoDate) => boolean): IsoDate =>
    // The rules change only at the candidate days, so the first passing day is one of them;
    // the last candidate is past every donation and deferral, where the date rules pass.
    candidatas.find(pasa) ?? candidatas[candidatas.length - 1];

  const motivos: Motivo[] = [];
  for (const regla of reglasFecha) {
    const texto = regla.falla(fecha);
    if (texto === null) continue;
    const hasta = primeraQuePasa((f) => regla.falla(f) === null);
    motivos.push({
      tipo: regla.tipo,
      hasta,
      texto:
        regla.tipo === 'limiteAnual'
          ? MSG.limiteAnualAlcanzado(limite, h.donante.sexo === 'Masculino', formatDate(hasta)) +
            otrosServicios(h.donaciones, fecha)
          : texto,
    });
  }
  for (const d of activos) motivos.push({ tipo: 'diferimiento', texto: d.texto, hasta: d.hasta });

  // Too old on the day: no later day passes either.
  const demasiadoMayor =
    nacimiento !== null && fecha >= nacimiento && yearsBetween(nacimiento, fecha) > EDAD_DONANTE_MAX;
  const indefinido = demasiadoMayor || activos.some((d) => d.hasta === null);
  const desde = indefinido
    ? null
    : primeraQuePasa(
        (f) =>
          reglasFecha.every((r) => r.falla(f) === null) &&
          activos.every((d) => d.hasta === null || f >= d.hasta),
      );
  return {
    puedeDonar: motivos.length === 0,
    desde,
    motivos,
    diferimientos: activos.map((d) => diferimientoVisto(d, fecha)),
  };
}

/**
 * The violations a complete history holds (after two records of one person are merged): donations
 * closer than the interval, and 12-month windows with more whole-blood donations than the limit.
 * Shown to whoever merges, never a refusal: the donations happened.
 */
export function revisarHistorial(
  donante: { sexo: string },
  donaciones: Pick<DonacionHistorial, 'fecha' | 'numero' | 'donacionAferesis'>[],
  reglas: ReglasElegibilidad,
): string[] {
  const avisos: string[] = [];
  const ordenadas = [...donaciones].sort((a, b) => (a.fecha < b.fecha ? -1 : a.fecha > b.fecha ? 1 : 0));
  const dias = diasEntre(reglas);
  for (let i = 1; i < ordenadas.length; i++) {
    const [a, b] = [ordenadas[i - 1], ordenadas[i]];
    if (daysBetween(a.fecha, b.fecha) < dias) {
      avisos.push(
        MSG.donacionesCercanas(
          a.numero,
          formatDate(a.fecha),
          b.numero,
          formatDate(b.fecha),
          reglas.semanasEntreDonaciones,
        ),
      );
    }
  }
  const limite = limiteAnual(donante.sexo, reglas);
  const enteras = ordenadas.filter((d) => !d.donacionAferesis);
  let hastaReportado = '';
  for (const s of enteras) {
    const fin = addYears(s.fecha, 1);
    const dentro = enteras.filter((t) => t.fecha >= s.fecha && t.fecha < fin);
    const ultima = dentro[dentro.length - 1].fecha;
    // One warning per run of overlapping windows: the first window that exceeds the limit.
    if (dentro.length > limite && ultima > hastaReportado) {
      avisos.push(MSG.limiteAnualExcedido(dentro.length, formatDate(s.fecha), formatDate(ultima), limite));
      hastaReportado = ultima;
    }
  }
  return avisos;
}

/**
 * The donations of a complete history recorded while one of its deferrals was in force (after two
 * records of one person are merged: one record donated after the other's exclusion). Shown to
 * whoever merges, as revisarHistorial's warnings: one per donation, naming the deferral.
 */
export function revisarDiferimientos(h: HistorialDonante): string[] {
  const todos = diferimientos(h).sort((a, b) => (a.desde < b.desde ? -1 : a.desde > b.desde ? 1 : 0));
  const ordenadas = [...h.donaciones].sort((a, b) => (a.fecha < b.fecha ? -1 : a.fecha > b.fecha ? 1 : 0));
  const avisos: string[] = [];
  for (const d of ordenadas) {
    const durante = todos.find(
      (x) => x.origenId !== d.id && x.desde <= d.fecha && (x.hasta === null || d.fecha < x.hasta),
    );
    if (durante) avisos.push(MSG.donacionDuranteDiferimiento(d.numero, formatDate(d.fecha), durante.texto));
  }
  return avisos;
}

/** A refusal in words: every reason, in order (the interval's alone is the specification's text). */
export function textoRechazo(e: Elegibilidad): string {
  return e.motivos.map((m) => m.texto).join(' ');
}

/**
 * 'Generar Etiquetas' for a donor who may not donate today, one line each as the new-donation
 * screen says it (its ElegibilidadPanel): no number is issued, every reason, and from which day
 * the donor may donate (or that a deferral has no end).
 */
export function rechazoEtiquetas(e: Elegibilidad): FieldError[] {
  const desde = e.desde ? puedeDonarDesdeMsg(e.desde) : MSG.diferidoSinFechaDetalle;
  return [MSG.etiquetasDonanteNoPuedeDonar, ...e.motivos.map((m) => m.texto), desde].map((msg) => ({
    field: '',
    msg,
  }));
}

/** The field a refusal belongs to: the date when only date rules refuse it, else the whole form. */
export function campoRechazo(e: Elegibilidad): string {
  return e.motivos.every((m) => m.tipo !== 'diferimiento') ? 'fecha' : '';
}

/*
 * Another member's deferral, as this servicio may see it: only its dates and the servicio's
 * name. The rules above read the whole record (its lifts are matched by its id and kind); what
 * leaves evaluarElegibilidad says nothing else.
 */

/** The one text of another member's record (MSG.noPuedeDonarOtroServicio), from its end. */
function textoDeOtroServicio(servicio: string, hasta: IsoDate | null): string {
  return MSG.noPuedeDonarOtroServicio(servicio, hasta ? formatDate(hasta) : null);
}

/**
 * A deferral as the screens and the APIs show it. Another member's has no record (origenId and
 * origen null), no kind (tipo 'Temporal' when it has an end, 'Indefinida' when not: a definitive
 * exclusion and a reactive result awaiting a decision look alike) and no start: `desde` is the day
 * asked about, so neither its start nor its length leaves its servicio.
 */
export type DiferimientoVisto = Omit<
  Diferimiento,
  'origenId' | 'origen' | 'tipo' | 'reactivo' | 'confirmado'
> & {
  origenId: string | null;
  origen: Diferimiento['origen'] | null;
  tipo: DiferimientoTipo | 'Indefinida';
};

export function diferimientoVisto(d: Diferimiento, dia: IsoDate): DiferimientoVisto {
  if (!d.servicio) {
    const { reactivo: _reactivo, confirmado: _confirmado, ...visto } = d;
    return visto;
  }
  const { hasta, servicio } = d;
  return {
    origenId: null,
    origen: null,
    tipo: hasta ? 'Temporal' : 'Indefinida',
    desde: dia,
    hasta,
    servicio,
    // What the deferral is made of (markers, exclusion) stays with its own servicio.
    clave: '',
    texto: textoDeOtroServicio(servicio, hasta),
  };
}
