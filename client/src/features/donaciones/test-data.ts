/** Fixtures for this feature's tests (GraphQL answers as the server gives them). */
import { codigoEtiqueta } from '@domain/etiquetas';
import { ServicioDocument } from '@/generated/graphql';
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

export function donacion(overrides: Record<string, unknown> = {}) {
  const numero = typeof overrides.numero === 'number' ? overrides.numero : 1001;
  return {
    __typename: 'Donacion' as const,
    id: 'x1',
    donanteId: 'd1',
    servicioId: SERVICIO_ID,
    numero: 1001,
    codigoEtiqueta: codigoEtiqueta(numero),
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
