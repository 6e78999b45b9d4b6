/**
 * The records of the original product, built from this server's entities:
 * `_id`/`uid` ids, donation dates as YYYYMMDD, and sv, serologia and cph as
 * JSON strings. Shape only: no rule lives here.
 */
import { grupoYFactor, serializeSerologia, serializeSignosVitales, type Serologia } from '../domain/donacion';
import { DONANTE_TEXT_FIELDS, type DonanteCphData } from '../domain/donante';
import type { Elegibilidad } from '../domain/elegibilidad';
import type { AuthUser } from '../auth/context';
import type { Services } from '../services';
import { fechaCompacta } from './input';

// What each record is built from: the fields it shows of the modules' entities, named here so that
// this framework file imports no module (the entities have these fields, the compiler checks it).

type Usuario = {
  id: string;
  username: string;
  rol: string;
  servicioId: string;
  nombre: string;
  apellido: string | null;
  matricula: string | null;
  email: string | null;
  telefono: string | null;
  agentecph: boolean;
};

type Servicio = {
  nombre: string;
  direccion: string | null;
  email: string | null;
  telefono: string | null;
};

type Donante = Record<(typeof DONANTE_TEXT)[number], string | null> & {
  id: string;
  servicioId: string;
  fechaNacimiento: string;
  convocado: boolean;
  donacionAferesis: boolean;
  donacionAnterior: boolean;
  cph: DonanteCphData;
  ultimaDonacion: string | null;
};

type Donacion = {
  id: string;
  donanteId: string;
  servicioId: string;
  numero: number;
  fecha: string;
  hora: string;
  plasmaCovid: boolean;
  taSistolica: number | null;
  taDiastolica: number | null;
  fc: number | null;
  peso: number | null;
  temp: number | null;
  hb: number | null;
  hto: number | null;
  tipoBolsa: string;
  loteBolsa: string;
  donacionAferesis: boolean;
  abo: string;
  rh: string;
  serologia: Serologia | null;
  exclusionDefinitiva: string | null;
  exclusionTiempo: number | null;
  exclusionCodigo: string | null;
};

/** A per-marker laboratory result as the donation's resultados list it (its getters included). */
type Resultado = {
  marcador: string;
  nombre: string;
  estado: string;
  etapa: string;
  signo: string;
  tecnica: string | null;
  fecha: string | null;
  registradoPor: string | null;
  repeticion1: string | null;
  repeticion2: string | null;
  repeticionTecnica: string | null;
  repeticionFecha: string | null;
  repeticionPor: string | null;
  confirmatorioResultado: string | null;
  confirmatorioTecnica: string | null;
  confirmatorioFecha: string | null;
  confirmatorioLaboratorio: string | null;
  confirmatorioPor: string | null;
};

const text = (value: string | null | undefined): string => value ?? '';

export type IntegranteRecord = {
  _id: string;
  uid: string;
  username: string;
  rol: string;
  servicio: string;
  opciones: {
    nombre: string;
    apellido: string;
    matricula: string;
    email: string;
    telefono: string;
    agentecph: boolean;
  };
};

export function integranteRecord(u: Usuario): IntegranteRecord {
  return {
    _id: u.id,
    uid: u.id,
    username: u.username,
    rol: u.rol,
    servicio: u.servicioId,
    opciones: {
      nombre: u.nombre,
      apellido: text(u.apellido),
      matricula: text(u.matricula),
      email: text(u.email),
      telefono: text(u.telefono),
      agentecph: u.agentecph,
    },
  };
}

export type OpcionesRecord = {
  nombre: string;
  direccion: string;
  email: string;
  telefono: string;
  integrantes: IntegranteRecord[];
};

export function opcionesRecord(s: Servicio, integrantes: Usuario[]): OpcionesRecord {
  return {
    nombre: s.nombre,
    direccion: text(s.direccion),
    email: text(s.email),
    telefono: text(s.telefono),
    integrantes: integrantes.map(integranteRecord),
  };
}

export type UsuarioRecord = { uid: string; rol: string; servicio: string; opciones: OpcionesRecord };

export function usuarioRecord(u: Usuario, opciones: OpcionesRecord): UsuarioRecord {
  return { uid: u.id, rol: u.rol, servicio: u.servicioId, opciones };
}

/** The donor fields that travel as text: null becomes '' as in the original's forms. */
const DONANTE_TEXT = [...DONANTE_TEXT_FIELDS, 'esVoluntario'] as const;

export type DonanteRecord = Record<(typeof DONANTE_TEXT)[number], string> & {
  _id: string;
  uid: string;
  servicio: string;
  fechaNacimiento: string;
  convocado: boolean;
  donacionAferesis: boolean;
  donacionAnterior: boolean;
  cph: string;
  ultimaDonacion: string;
  puedeDonar: boolean;
  proximaDonacion: string;
  donacion?: DonacionRecord[];
};

/**
 * `elegibilidad`: the donor's today (ElegibilidadService.deDonantes); when unknown the donor is
 * shown as not able to donate.
 */
export function donanteRecord(
  d: Donante,
  elegibilidad: Elegibilidad | undefined,
  donaciones?: DonacionRecord[],
): DonanteRecord {
  const texts = Object.fromEntries(DONANTE_TEXT.map((f) => [f, text(d[f])])) as Record<
    (typeof DONANTE_TEXT)[number],
    string
  >;
  return {
    _id: d.id,
    uid: d.id,
    servicio: d.servicioId,
    ...texts,
    fechaNacimiento: d.fechaNacimiento,
    convocado: d.convocado,
    donacionAferesis: d.donacionAferesis,
    donacionAnterior: d.donacionAnterior,
    cph: JSON.stringify(d.cph),
    ultimaDonacion: fechaCompacta(d.ultimaDonacion),
    puedeDonar: elegibilidad?.puedeDonar ?? false,
    proximaDonacion: fechaCompacta(elegibilidad?.puedeDonar ? null : (elegibilidad?.desde ?? null)),
    ...(donaciones ? { donacion: donaciones } : {}),
  };
}

export type DonacionRecord = {
  _id: string;
  uid: string;
  numero: number;
  fecha: string;
  hora: string;
  servicio: string;
  nombre: string;
  apellido: string;
  plasmaCovid: boolean;
  sv: string;
  tipoBolsa: string;
  loteBolsa: string;
  donacionAferesis: boolean;
  abo: string;
  rh: string;
  grupoYFactor: string;
  serologia: string | null;
  exclusionDefinitiva: string;
  exclusionTiempo: number | null;
  exclusionCodigo: string;
  /** Donor data the register book prints from the held donation list (SPEC 3). */
  dni: string;
  domActual: string;
  domActualAltura: string;
  domActualPiso: string;
  domActualDepto: string;
  telefono: string;
  fechaNacimiento: string;
  lugarNacimiento: string;
  esVoluntario: string;
  donacionAnterior: boolean;
};

export function donacionRecord(d: Donacion, donante: Donante | null): DonacionRecord {
  return {
    _id: d.id,
    uid: d.donanteId,
    numero: d.numero,
    fecha: fechaCompacta(d.fecha),
    hora: d.hora,
    servicio: d.servicioId,
    nombre: text(donante?.nombre),
    apellido: text(donante?.apellido),
    plasmaCovid: d.plasmaCovid,
    sv: serializeSignosVitales({
      tas: d.taSistolica,
      tad: d.taDiastolica,
      fc: d.fc,
      peso: d.peso,
      temp: d.temp,
      hb: d.hb,
      hto: d.hto,
    }),
    tipoBolsa: d.tipoBolsa,
    loteBolsa: d.loteBolsa,
    donacionAferesis: d.donacionAferesis,
    abo: d.abo,
    rh: d.rh,
    grupoYFactor: grupoYFactor(d.abo, d.rh),
    serologia: d.serologia ? serializeSerologia(d.serologia) : null,
    exclusionDefinitiva: text(d.exclusionDefinitiva),
    exclusionTiempo: d.exclusionTiempo,
    exclusionCodigo: text(d.exclusionCodigo),
    dni: text(donante?.dni),
    domActual: text(donante?.domActual),
    domActualAltura: text(donante?.domActualAltura),
    domActualPiso: text(donante?.domActualPiso),
    domActualDepto: text(donante?.domActualDepto),
    telefono: text(donante?.telefono),
    fechaNacimiento: text(donante?.fechaNacimiento),
    lugarNacimiento: text(donante?.lugarNacimiento),
    esVoluntario: text(donante?.esVoluntario),
    donacionAnterior: donante?.donacionAnterior ?? false,
  };
}

/** Today's eligibility of the listed donors (one statement), for their records. */
export async function elegibilidades(
  services: Services,
  auth: AuthUser,
  donantes: Donante[],
): Promise<Map<string, Elegibilidad>> {
  return services.elegibilidad.deDonantes(
    auth.servicio,
    donantes.map((d) => d.id),
    auth,
  );
}

/** One donor's record with its eligibility (and its donations when given). */
export async function donanteConElegibilidad(
  services: Services,
  auth: AuthUser,
  donante: Donante,
  donaciones?: DonacionRecord[],
): Promise<DonanteRecord> {
  const e = await elegibilidades(services, auth, [donante]);
  return donanteRecord(donante, e.get(donante.id), donaciones);
}

export type ResultadoRecord = Resultado;

/** One marker's result: the fields GraphQL's Resultado has, dates YYYY-MM-DD, null where nothing was recorded. */
export function resultadoRecord(r: Resultado): ResultadoRecord {
  return {
    marcador: r.marcador,
    nombre: r.nombre,
    estado: r.estado,
    etapa: r.etapa,
    signo: r.signo,
    tecnica: r.tecnica ?? null,
    fecha: r.fecha ?? null,
    registradoPor: r.registradoPor ?? null,
    repeticion1: r.repeticion1 ?? null,
    repeticion2: r.repeticion2 ?? null,
    repeticionTecnica: r.repeticionTecnica ?? null,
    repeticionFecha: r.repeticionFecha ?? null,
    repeticionPor: r.repeticionPor ?? null,
    confirmatorioResultado: r.confirmatorioResultado ?? null,
    confirmatorioTecnica: r.confirmatorioTecnica ?? null,
    confirmatorioFecha: r.confirmatorioFecha ?? null,
    confirmatorioLaboratorio: r.confirmatorioLaboratorio ?? null,
    confirmatorioPor: r.confirmatorioPor ?? null,
  };
}

export type DonacionConResultadosRecord = DonacionRecord & { resultados: ResultadoRecord[] };
