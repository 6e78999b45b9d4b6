/** Fixtures for this feature's tests (GraphQL answers as the server gives them). */
import { todayIso } from '@domain/dates';
import { codigoEtiqueta } from '@domain/etiquetas';
import {
  ComponentesDeLaDonacionDocument,
  DonanteDocument,
  ElegibilidadDonanteDocument,
  LevantamientosDonanteDocument,
  CitacionPendienteDonanteDocument,
  ServicioDocument,
  VisitasDeDonanteDocument,
  VisitasNoAptoDocument,
} from '@/generated/graphql';
import { VISITAS_DONANTE_PAGE_SIZE } from './visitas-donante';
import {
  MARCADOR_LABELS,
  MARCADORES_NACIONALES,
  etapaResultado,
  resultadosDeSerologia,
  signoResultado,
  type Marcador,
  type ResultadoMarcador,
} from '@domain/resultados';
import type { DonacionConDonante } from './donaciones-store';

export const SERVICIO_ID = '11111111-1111-4111-8111-111111111111';

export const servicioMock = {
  request: { query: ServicioDocument },
  result: {
    data: {
      servicio: {
        __typename: 'Servicio',
        id: SERVICIO_ID,
        nombre: 'Servicio de Hemoterapia Central',
        direccion: 'Av. Siempreviva 742',
        email: null,
        telefono: '011 4444-5555',
      },
    },
  },
};

/** ComponentesDeLaDonacion for any donation: the components given (none: not split yet). */
export function componentesDeLaDonacionMock(componentes: Record<string, unknown>[] = []) {
  return {
    request: { query: ComponentesDeLaDonacionDocument, variables: () => true },
    result: (variables: Record<string, unknown>) => ({
      data: { donacion: { __typename: 'Donacion' as const, id: variables.id as string, componentes } },
    }),
    maxUsageCount: 50,
  };
}

export function donanteDeDonacion(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Donante' as const,
    id: 'd1',
    nombre: 'Juan',
    apellido: 'Pérez',
    dni: '30123456',
    fechaNacimiento: '1990-04-02',
    lugarNacimiento: 'La Plata',
    ProvinciaNacimiento: 'Buenos Aires',
    nacionalidad: 'Argentina',
    sexo: 'Masculino',
    domActual: 'Calle 7',
    domActualAltura: '1234',
    domActualPiso: null,
    domActualDepto: null,
    localidadActual: 'La Plata',
    ProvinciaActual: 'Buenos Aires',
    codPostal: null,
    telefono: '221 555-1234',
    telefono2: null,
    email: null,
    ocupacion: null,
    esVoluntario: 'Si',
    donacionAnterior: false,
    ...overrides,
  };
}

/** A donor as the Donante query answers (DonanteDatos): one who may donate, unless overridden. */
export function donanteDatos(overrides: Record<string, unknown> = {}) {
  const contacto = {
    __typename: 'DonanteCphContacto' as const,
    Nombre: '',
    Apellido: '',
    Telefono: '',
    Relacion: '',
    Email: '',
  };
  return {
    ...donanteDeDonacion(),
    ultimaDonacion: null,
    puedeDonar: true,
    proximaDonacion: null,
    reaccionSeveraPrevia: false,
    elegibilidad: { __typename: 'Elegibilidad' as const, puedeDonar: true, desde: todayIso(), motivos: [] },
    domDni: null,
    localidadDni: null,
    convocado: false,
    donacionAferesis: false,
    cph: {
      __typename: 'DonanteCph' as const,
      establecimientoLaboral: '',
      telefonoLaboral: '',
      emailLaboral: '',
      contacto1: contacto,
      contacto2: contacto,
    },
    ...overrides,
  };
}

/**
 * What the donor's page asks besides the donations: the donor, who may donate, with no 'No apto'
 * visits and no lifted deferrals.
 */
export function paginaDonanteMocks(id = 'd1') {
  const elegibilidad = {
    __typename: 'Elegibilidad' as const,
    puedeDonar: true,
    desde: todayIso(),
    motivos: [],
  };
  return [
    {
      request: { query: DonanteDocument, variables: { id } },
      result: { data: { donante: donanteDatos({ id, elegibilidad }) } },
    },
    {
      request: { query: ElegibilidadDonanteDocument, variables: { id } },
      result: {
        data: {
          donante: {
            __typename: 'Donante' as const,
            id,
            puedeDonar: true,
            proximaDonacion: null,
            elegibilidad: { ...elegibilidad, diferimientos: [] },
          },
        },
      },
    },
    {
      request: { query: VisitasNoAptoDocument, variables: { donanteId: id } },
      result: { data: { visitasNoApto: [] } },
    },
    {
      request: { query: LevantamientosDonanteDocument, variables: { id } },
      result: { data: { donante: { __typename: 'Donante' as const, id, levantamientos: [] } } },
    },
    citacionPendienteMock(id),
    visitasDonanteMock(id),
  ];
}

/** A visit as VisitasDeDonante answers it: one in progress today, unless overridden. */
export function visitaDeDonante(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Visita' as const,
    id: 'v1',
    fecha: todayIso(),
    hora: '09:30',
    estado: 'EN_CURSO' as const,
    recibidoPor: 'Ana Ruiz',
    donacionNumero: null,
    motivoNoApto: null,
    ...overrides,
  };
}

/**
 * The donor's 'Visitas' page `pagina` (1-based): `items` (none unless given) of `total` (their
 * count unless given). Answers up to 5 times (the list is read again after a change evicts it).
 */
export function visitasDonanteMock(
  id = 'd1',
  items: ReturnType<typeof visitaDeDonante>[] = [],
  { pagina = 1, total = items.length }: { pagina?: number; total?: number } = {},
) {
  const offset = (pagina - 1) * VISITAS_DONANTE_PAGE_SIZE;
  return {
    request: {
      query: VisitasDeDonanteDocument,
      variables: { donanteId: id, page: { offset, limit: VISITAS_DONANTE_PAGE_SIZE } },
    },
    result: {
      data: {
        visitas: {
          __typename: 'VisitasPage' as const,
          total,
          offset,
          limit: VISITAS_DONANTE_PAGE_SIZE,
          items,
        },
      },
    },
    maxUsageCount: 5,
  };
}

/** The donor's 'Citación pendiente' badge: none unless told. */
export function citacionPendienteMock(id = 'd1', citacionPendiente = false) {
  return {
    request: { query: CitacionPendienteDonanteDocument, variables: { id } },
    result: { data: { donante: { __typename: 'Donante' as const, id, citacionPendiente } } },
  };
}

/** A marker's result as the server answers it (Donacion.resultados): not tested, unless overridden. */
export function resultado(marcador: Marcador, overrides: Record<string, unknown> = {}) {
  const r = { marcador, estado: 'NO_REALIZADO', ...overrides } as ResultadoMarcador;
  return {
    __typename: 'Resultado' as const,
    marcador,
    nombre: MARCADOR_LABELS[marcador],
    estado: r.estado,
    etapa: etapaResultado(r),
    signo: signoResultado(r),
    tecnica: null,
    fecha: null,
    registradoPor: null,
    repeticion1: null,
    repeticion2: null,
    repeticionTecnica: null,
    repeticionFecha: null,
    repeticionPor: null,
    confirmatorioResultado: null,
    confirmatorioTecnica: null,
    confirmatorioFecha: null,
    confirmatorioLaboratorio: null,
    confirmatorioPor: null,
    ...overrides,
  };
}

/** The national panel with the given markers' results (the rest not tested). */
export function resultadosPanel(dados: Partial<Record<Marcador, Record<string, unknown>>> = {}) {
  return MARCADORES_NACIONALES.map((m) => resultado(m, dados[m]));
}

function resultadosDeSerologiaDados(serologia: Record<string, boolean>) {
  const dados = resultadosDeSerologia([], serologia, '2025-06-15', null);
  return resultadosPanel(Object.fromEntries(dados.map((r) => [r.marcador, r])));
}

export function donacion(overrides: Record<string, unknown> = {}) {
  const numero = typeof overrides.numero === 'number' ? overrides.numero : 1001;
  // Given only the spec's booleans, the results the server keeps for them (a screening each).
  const serologia = overrides.serologia;
  const resultados =
    serologia && typeof serologia === 'object' && !('resultados' in overrides)
      ? resultadosDeSerologiaDados(serologia as Record<string, boolean>)
      : resultadosPanel();
  return {
    __typename: 'Donacion' as const,
    id: 'x1',
    donanteId: 'd1',
    servicioId: SERVICIO_ID,
    numero: 1001,
    codigoEtiqueta: codigoEtiqueta(numero),
    identificadorUnidad: '9000125001001Q' as string | null,
    fecha: '2025-06-15',
    hora: '09:30',
    nombre: 'Juan',
    apellido: 'Pérez',
    plasmaCovid: false,
    tipoBolsa: 'Bolsa Doble',
    loteBolsa: 'L-77',
    donacionAferesis: false,
    abo: 'A',
    rh: 'POSITIVO',
    grupoDiscordante: false,
    grupoMotivo: null as string | null,
    anticuerposIrregulares: '',
    anticuerpo: null as string | null,
    exclusionDefinitiva: null,
    exclusionTiempo: null,
    exclusionCodigo: null,
    donacionesPrevias: 0,
    sv: {
      __typename: 'SignosVitales' as const,
      tas: 120,
      tad: 80,
      fc: 72,
      peso: 80,
      temp: 36.5,
      hb: 14,
      hto: 42,
    },
    serologia: null as null | Record<string, unknown>,
    resultados: resultados as ReturnType<typeof resultado>[],
    // The deferral the server says the result imposes today (lifts known); null: none.
    diferimiento: null as null | Record<string, unknown>,
    ...overrides,
  };
}

/** A deferral as the server answers it in Donacion.diferimiento. */
export function diferimientoDeDonacion(
  origenId: string,
  tipo: 'Definitiva' | 'Temporal' | 'Pendiente',
  hasta: string | null = null,
  texto = 'Donante diferido.',
) {
  return { __typename: 'Diferimiento' as const, origenId, tipo, hasta, texto };
}

export function donacionConDonante(overrides: Record<string, unknown> = {}): DonacionConDonante {
  return { ...donacion(overrides), donante: donanteDeDonacion() } as unknown as DonacionConDonante;
}
