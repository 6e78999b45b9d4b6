/**
 * GraphQL results -> the plain shapes the printable documents take (./types).
 * Only types are imported here: the PDF code itself is loaded by ./print.ts
 * when the user prints.
 */
import type {
  DonacionDatosFragment,
  DonanteDeDonacionFragment,
  ServicioFormatoEtiquetasFragment,
  ServicioQuery,
} from '@/generated/graphql';
import type {
  DonacionImprimible,
  DonacionResumen,
  DonanteImprimible,
  ExclusionTipo,
  FormatoEtiquetas,
  ServicioImprimible,
} from '@/imprimibles/types';

export function toDonanteImprimible(d: DonanteDeDonacionFragment): DonanteImprimible {
  return {
    nombre: d.nombre,
    apellido: d.apellido,
    dni: d.dni,
    fechaNacimiento: d.fechaNacimiento,
    lugarNacimiento: d.lugarNacimiento,
    ProvinciaNacimiento: d.ProvinciaNacimiento,
    nacionalidad: d.nacionalidad,
    sexo: d.sexo === 'Masculino' || d.sexo === 'Femenino' ? d.sexo : null,
    domActual: d.domActual,
    domActualAltura: d.domActualAltura,
    domActualPiso: d.domActualPiso,
    domActualDepto: d.domActualDepto,
    localidadActual: d.localidadActual,
    ProvinciaActual: d.ProvinciaActual,
    codPostal: d.codPostal,
    telefono: d.telefono,
    telefono2: d.telefono2,
    email: d.email,
    ocupacion: d.ocupacion,
    esVoluntario: d.esVoluntario === 'No' ? 'No' : 'Si',
    donacionAnterior: d.donacionAnterior,
  };
}

export function toDonacionImprimible(
  d: DonacionDatosFragment,
  donante: DonanteDeDonacionFragment,
): DonacionImprimible {
  const exclusion = d.exclusionDefinitiva;
  return {
    id: d.id,
    donanteId: d.donanteId,
    numero: String(d.numero),
    codigo: d.codigoEtiqueta,
    fecha: d.fecha,
    hora: d.hora,
    signos: {
      tas: d.sv.tas,
      tad: d.sv.tad,
      fc: d.sv.fc,
      peso: d.sv.peso,
      temp: d.sv.temp,
      hb: d.sv.hb,
      hto: d.sv.hto,
    },
    tipoBolsa: d.tipoBolsa,
    loteBolsa: d.loteBolsa,
    abo: d.abo || null,
    rh: d.rh || null,
    serologia: d.serologia ? { ...d.serologia } : null,
    resultados: d.resultados.map((r) => ({ nombre: r.nombre, signo: r.signo })),
    anticuerposIrregulares: d.anticuerposIrregulares,
    anticuerpo: d.anticuerpo ?? null,
    grupoDiscordante: d.grupoDiscordante,
    grupoMotivo: d.grupoMotivo ?? null,
    exclusionDefinitiva:
      exclusion === 'Definitiva' || exclusion === 'Temporal' ? (exclusion as ExclusionTipo) : null,
    exclusionTiempo: d.exclusionTiempo,
    exclusionCodigo: d.exclusionCodigo,
    donacionesPrevias: d.donacionesPrevias,
    donante: toDonanteImprimible(donante),
  };
}

export function toDonacionResumen(d: DonacionDatosFragment): DonacionResumen {
  return {
    numero: String(d.numero),
    fecha: d.fecha,
    hora: d.hora,
    abo: d.abo || null,
    rh: d.rh || null,
    grupoDiscordante: d.grupoDiscordante,
  };
}

/** The service's options for the printed headers; the session's name when they are not loaded. */
export function toServicioImprimible(
  servicio: ServicioQuery['servicio'] | null | undefined,
  nombreSesion: string | null | undefined,
): ServicioImprimible {
  return {
    nombre: servicio?.nombre ?? nombreSesion ?? '',
    direccion: servicio?.direccion ?? null,
    telefono: servicio?.telefono ?? null,
  };
}

/** The servicio's label format as the label document takes it. */
export function toFormatoEtiquetas(s: ServicioFormatoEtiquetasFragment): FormatoEtiquetas {
  return { formato: s.etiquetaFormato, anchoMm: s.etiquetaAnchoMm, altoMm: s.etiquetaAltoMm };
}
