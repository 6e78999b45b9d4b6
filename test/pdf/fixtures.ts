/** Sample data for the printable-document tests. */
import type {
  CphPdfData,
  DonacionImprimible,
  DonanteImprimible,
  ServicioImprimible,
} from '../../client/src/imprimibles/types';
import { caracterControl } from '../../server/src/domain/etiquetas';

export const servicio: ServicioImprimible = {
  nombre: 'Servicio de Hemoterapia Hospital Español',
  direccion: 'Av. Belgrano 2975, Bahía Blanca',
  telefono: '0291 455-1234',
};

export function donante(i = 0, over: Partial<DonanteImprimible> = {}): DonanteImprimible {
  return {
    nombre: i === 0 ? 'José María' : `Nombre${i}`,
    apellido: i === 0 ? 'Muñoz Pérez' : `Apellido${i}`,
    dni: String(20_000_000 + i),
    fechaNacimiento: '1985-03-07',
    lugarNacimiento: 'Pehuajó',
    ProvinciaNacimiento: 'Buenos Aires',
    nacionalidad: 'Argentina',
    sexo: 'Femenino',
    domActual: 'Güemes',
    domActualAltura: '1234',
    domActualPiso: '3',
    domActualDepto: 'B',
    localidadActual: 'Bahía Blanca',
    ProvinciaActual: 'Buenos Aires',
    codPostal: '8000',
    telefono: '0291 15-555-0000',
    telefono2: null,
    email: 'jose@example.com',
    ocupacion: 'Técnica',
    esVoluntario: 'Si',
    donacionAnterior: false,
    ...over,
  };
}

export function donacion(i = 0, over: Partial<DonacionImprimible> = {}): DonacionImprimible {
  return {
    id: `5b0c6f1e-8a43-4f3e-9d1e-${String(i).padStart(12, '0')}`,
    donanteId: `7d1e2f3a-0b4c-4d5e-8f60-${String(i).padStart(12, '0')}`,
    numero: String(1000 + i).padStart(6, '0'),
    // The number as printed, followed by its check character (leading zeros do not change it).
    codigo: `${String(1000 + i).padStart(6, '0')}${caracterControl(1000 + i)}`,
    fecha: '2025-08-09',
    hora: `0${8 + (i % 2)}:0${i % 10}`,
    signos: { tas: 120, tad: 80, fc: 72, peso: 68.5, temp: 36.5, hb: 13.4, hto: 41 },
    tipoBolsa: 'Bolsa Doble',
    loteBolsa: 'L-2025-117',
    abo: 'A',
    rh: 'positivo',
    serologia: {
      hiv: false,
      hepB: false,
      hepC: false,
      vdrl: false,
      brucelosis: false,
      chagas: false,
      htlv: false,
    },
    exclusionDefinitiva: null,
    exclusionTiempo: null,
    exclusionCodigo: null,
    anticuerposIrregulares: 'Negativo',
    autoexclusion: false,
    donacionesPrevias: 0,
    donante: donante(i),
    ...over,
  };
}

export function donaciones(n: number): DonacionImprimible[] {
  return Array.from({ length: n }, (_, i) => donacion(i));
}

export const cphData: CphPdfData = {
  donante: {
    ...donante(0),
    cph: {
      establecimientoLaboral: 'Hospital Municipal de Agudos Dr. Leónidas Lucero',
      telefonoLaboral: '0291 459-8484',
      emailLaboral: 'laboral@example.com',
      contacto1: {
        nombre: 'Ana',
        apellido: 'Núñez',
        telefono: '0291 15-111-2222',
        relacion: 'Hermana',
        email: 'ana@example.com',
      },
      contacto2: {
        nombre: 'Raúl',
        apellido: 'Ibáñez',
        telefono: '0291 15-333-4444',
        relacion: 'Amigo',
        email: null,
      },
    },
  },
  agente: { nombre: 'Lucía', apellido: 'Fernández', matricula: 'MP 12345' },
  servicio,
  fecha: '2025-08-09',
};
