/**
 * Plain data the printable documents take. Screens map their GraphQL results to these shapes;
 * the documents never fetch anything.
 */

import type { SerologiaKey, SignosVitales } from '@domain/donacion';
import type { FormatoEtiquetas } from '@domain/etiquetas';
import type { AgrupacionValor } from '@domain/indicadores';

/** One marker's result: its name and how it prints. */
export type ResultadoImprimible = { nombre: string; signo: string };

/** Serology results: true reactive, false non-reactive, null not done yet. */
export type SerologiaImprimible = Record<SerologiaKey, boolean | null>;

export type { SerologiaKey };

export type CphContacto = {
  nombre: string | null;
  apellido: string | null;
  telefono: string | null;
  relacion: string | null;
  email: string | null;
};

export type CphDatos = {
  establecimientoLaboral: string | null;
  telefonoLaboral: string | null;
  emailLaboral: string | null;
  contacto1: CphContacto | null;
  contacto2: CphContacto | null;
};

export type DonanteImprimible = {
  nombre: string;
  apellido: string;
  dni: string;
  /** 'YYYY-MM-DD' */
  fechaNacimiento: string | null;
  lugarNacimiento: string | null;
  ProvinciaNacimiento: string | null;
  nacionalidad?: string | null;
  sexo: 'Masculino' | 'Femenino' | null;
  domActual: string | null;
  domActualAltura: string | null;
  domActualPiso: string | null;
  domActualDepto: string | null;
  localidadActual: string | null;
  ProvinciaActual?: string | null;
  codPostal?: string | null;
  telefono: string | null;
  telefono2?: string | null;
  email?: string | null;
  ocupacion?: string | null;
  esVoluntario: 'Si' | 'No';
  donacionAnterior: boolean;
};

export type ExclusionTipo = 'Definitiva' | 'Temporal';

export type DonacionImprimible = {
  /** The donation's id: with its number, date, donor and results, what the book page's fingerprint covers. */
  id: string;
  donanteId: string;
  numero: string;
  /** The number followed by its check character (codigoEtiqueta, ISO 7064 MOD 37-2). */
  codigo: string;
  /** 'YYYY-MM-DD' */
  fecha: string;
  /** 'HH:mm' */
  hora: string;
  /** Clinical signs; null means "not measured" and prints blank. */
  signos: SignosVitales;
  tipoBolsa: string | null;
  loteBolsa: string | null;
  /** '', 'A', 'B', 'AB', 'O' or null */
  abo: string | null;
  /** 'positivo' / 'negativo' (also '+', '-', 'POS', 'NEG'); null when not typed yet */
  rh: string | null;
  serologia: SerologiaImprimible | null;
  exclusionDefinitiva: ExclusionTipo | null;
  /** days: 0, 15, 30, 90, 180, 365 */
  exclusionTiempo: number | null;
  exclusionCodigo: string | null;
  /** '' not tested, 'NEGATIVO' or 'POSITIVO' (with `anticuerpo`); printed blank when absent. */
  anticuerposIrregulares?: string | null;
  /** The irregular antibody found (anti-K, anti-E...). */
  anticuerpo?: string | null;
  /** The group differs from the donor's earlier donations, until a repeat typing confirms one. */
  grupoDiscordante?: boolean | null;
  /** Why the discordant group was confirmed. */
  grupoMotivo?: string | null;
  /**
   * The laboratory results per marker of the panel, as the server prints them ('(+)', '(-)',
   * 'sin realizar', 'indeterminado'); absent: the spec's seven booleans are printed.
   */
  resultados?: ResultadoImprimible[] | null;
  autoexclusion?: boolean | null;
  /** Donations of the person the service recorded before this one: with any, the donor is habitual. */
  donacionesPrevias: number;
  donante: DonanteImprimible;
};

/** The servicio's audit chain head (cabezaAuditoria): its last entry and that entry's hash. */
export type CadenaAuditoriaImprimible = { entrada: string | null; hash: string | null };

export type ServicioImprimible = {
  nombre: string;
  direccion: string | null;
  telefono: string | null;
  /**
   * The audit chain's head read when printing: the register book prints it on each page, so the
   * paper anchors the chain (verificarAuditoria(ancla)). Absent on the other documents.
   */
  cadenaAuditoria?: CadenaAuditoriaImprimible;
};

/** A previous donation as listed on the donation sheet. */
export type DonacionResumen = {
  numero: string;
  fecha: string;
  hora: string;
  abo: string | null;
  rh: string | null;
  /** Flagged 'Grupo discordante' (awaiting a repeat typing). */
  grupoDiscordante?: boolean | null;
};

export type EtiquetasPdfData = {
  /** What the barcode encodes, and a scanner types into the number field. */
  numero: string;
  /** The number followed by its check character (codigoEtiqueta), printed beside it. */
  codigo: string;
  /** 'YYYY-MM-DD' */
  fecha: string;
  servicio: ServicioImprimible;
  /** The servicio's label format (Opciones > Numeración); the A4 sheet of 6 when absent. */
  formato?: FormatoEtiquetas;
};

export type { FormatoEtiquetas };

/** A donor reaction at the donation, as the sheet prints it (codes of @domain/reacciones). */
export type ReaccionImprimible = {
  tipo: string;
  severidad: string;
  /** 'HH:mm' */
  hora: string;
  tratamiento: string | null;
  evolucion: string | null;
  detalle: string | null;
};

export type HemodonacionPdfData = {
  donacion: DonacionImprimible;
  /** The donor's donations; the sheet lists the 3 most recent other than this one. */
  anteriores: DonacionResumen[];
  servicio: ServicioImprimible;
  /** The donor reactions recorded at the donation; none: blank lines to write one by hand. */
  reacciones?: ReaccionImprimible[];
};

/** The doctor who signs a certificate: a ROL_MEDICO member of the servicio, with the licence. */
export type MedicoFirmante = { nombre: string; apellido: string | null; matricula: string | null };

/**
 * 'Constancia de donación' (Ley 22.990, art. 47): a donation's, with the justified absence it
 * entitles and the register book fingerprint of the donation; or a 'No apto' visit's, which
 * states attendance only.
 */
export type ConstanciaPdfData = {
  servicio: ServicioImprimible;
  donante: { nombre: string; apellido: string; dni: string };
  medico: MedicoFirmante;
  /** When it was printed. */
  emitida: Date;
} & (
  | {
      tipo: 'donacion';
      /** What the fingerprint covers (huella.ts DonacionHuella), with the kind of donation. */
      donacion: Pick<
        DonacionImprimible,
        | 'id'
        | 'numero'
        | 'fecha'
        | 'hora'
        | 'donanteId'
        | 'abo'
        | 'rh'
        | 'serologia'
        | 'exclusionDefinitiva'
        | 'exclusionTiempo'
        | 'exclusionCodigo'
      > & { donante: Pick<DonanteImprimible, 'dni' | 'apellido' | 'nombre'>; aferesis: boolean };
    }
  | {
      tipo: 'asistencia';
      /** The 'No apto' visit: 'YYYY-MM-DD' and 'HH:mm'. */
      visita: { fecha: string; hora: string };
    }
);

export type AgenteCph = { nombre: string; apellido: string; matricula: string | null };

export type CphPdfData = {
  donante: DonanteImprimible & { cph: CphDatos | null };
  agente: AgenteCph | null;
  servicio: ServicioImprimible;
  /** 'YYYY-MM-DD', the day the form is filled */
  fecha: string;
};

export type CphPage = 1 | 2 | 3;

/** The grouping of a report's series: 'DIA', 'SEMANA', 'MES' or 'ANIO' (@domain/indicadores). */
export type { AgrupacionValor };

/** A figure of the report: null when it is not published outside the servicio ('menos de 5'). */
export type CifraImprimible = number | null;

/**
 * The figures of the `indicadores` query, as the report screen, its CSV and its PDF show them. The
 * servicio's own staff read every figure; a network (or an API key) reads null where a figure
 * is suppressed (@domain/indicadores publicarIndicadores).
 */
export type IndicadoresImprimible = {
  /** 'YYYY-MM-DD', both inclusive */
  desde: string;
  hasta: string;
  agrupacion: AgrupacionValor;
  donaciones: CifraImprimible;
  donantesDistintos: CifraImprimible;
  atendidos: CifraImprimible;
  noAptos: CifraImprimible;
  /** Donations with some serology marker not tested yet. */
  pendientes: CifraImprimible;
  voluntarias: CifraImprimible;
  reposicion: CifraImprimible;
  porcentajeVoluntarias: CifraImprimible;
  primeraVez: CifraImprimible;
  habituales: CifraImprimible;
  aferesis: CifraImprimible;
  /** abo '' = no result yet ('Sin resultado') */
  porGrupo: { abo: string; rh: string; cantidad: CifraImprimible }[];
  serologia: {
    marcador: string;
    analizadas: CifraImprimible;
    /** The period's donations not tested for this marker yet. */
    pendientes: CifraImprimible;
    reactivas: CifraImprimible;
    porcentaje: CifraImprimible;
  }[];
  exclusiones: { temporales: CifraImprimible; definitivas: CifraImprimible };
  /** Donor reactions: all, per 1,000 donations, and by kind (codes of @domain/reacciones). */
  reacciones?: {
    total: CifraImprimible;
    porMil: CifraImprimible;
    porTipo: { tipo: string; cantidad: CifraImprimible }[];
  };
  serie: {
    periodo: string;
    donaciones: CifraImprimible;
    voluntarias: CifraImprimible;
    reposicion: CifraImprimible;
  }[];
  /** Blood components per type (codes of @domain/componentes): what became of the blood. */
  componentes?: ComponenteImprimible[];
};

/** One component type's figures of the period (the `IndicadorComponente` of the server). */
export type ComponenteImprimible = {
  tipo: string;
  producidos: CifraImprimible;
  liberados: CifraImprimible;
  descartados: CifraImprimible;
  /** By reason, codes of @domain/componentes MOTIVOS_DESCARTE. */
  porMotivo: { motivo: string; cantidad: CifraImprimible }[];
  despachados: CifraImprimible;
  /** By destination kind, codes of @domain/despacho DESTINOS_DESPACHO. */
  porDestino: { destino: string; cantidad: CifraImprimible }[];
  transfundidos: CifraImprimible;
  devueltos: CifraImprimible;
  vencidos: CifraImprimible;
  stockFinal: CifraImprimible;
};

/** A network's figures (the `indicadoresRed` answer): all its members together, and each one's. */
export type IndicadoresRedImprimible = {
  total: IndicadoresImprimible;
  porServicio: { servicio: { id: string; nombre: string }; indicadores: IndicadoresImprimible }[];
};

export type ReportePdfData = {
  indicadores: IndicadoresImprimible;
  /** A network's report: each member's figures, as a table by servicio closed by the total. */
  porServicio?: IndicadoresRedImprimible['porServicio'];
  /** Whose figures: the servicio, or the network (its name, no address). */
  servicio: ServicioImprimible;
  /** The heading; 'Reporte de indicadores' unless told ('Reporte de la red'). */
  titulo?: string;
  /** When the report was made (printed at its foot). */
  generado: Date;
};
