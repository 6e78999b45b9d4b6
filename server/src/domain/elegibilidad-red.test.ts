/**
 * The eligibility rules on a history with another member's records (domain/elegibilidad.ts):
 * they stop a donation like the servicio's own, and what leaves the rules says of them only the
 * dates and the servicio's name.
 */
import {
  diferimientoDeDonacion,
  type DonacionHistorial,
  evaluarElegibilidad,
  type HistorialDonante,
  REGLAS_DEFAULT,
  textoRechazo,
} from './elegibilidad';

const HOY = '2026-06-01';
const OTRO = 'Hospital del Sur';

const otra = (extra: Partial<DonacionHistorial>): DonacionHistorial => ({
  id: 'ajena-1',
  numero: 4321,
  fecha: '2026-01-10',
  donacionAferesis: false,
  servicio: OTRO,
  ...extra,
});

const historial = (donaciones: DonacionHistorial[], extra: Partial<HistorialDonante> = {}) => ({
  donante: { sexo: 'Femenino' },
  donaciones,
  ...extra,
});

describe("another member's deferral", () => {
  it('a reactive result awaiting a decision and a definitive exclusion look alike: servicio and start date', () => {
    const pendiente = evaluarElegibilidad(
      historial([otra({ serologia: { hiv: true } })]),
      REGLAS_DEFAULT,
      HOY,
    );
    const definitiva = evaluarElegibilidad(
      historial([otra({ exclusionDefinitiva: 'Definitiva' })]),
      REGLAS_DEFAULT,
      HOY,
    );
    const visto = {
      origenId: null,
      origen: null,
      // Not what it is made of (markers, exclusion): that stays with its servicio.
      clave: '',
      tipo: 'Indefinida',
      desde: '2026-01-10',
      hasta: null,
      servicio: OTRO,
      texto: 'Donante diferido en Hospital del Sur desde el 10/01/2026.',
    };
    for (const e of [pendiente, definitiva]) {
      expect(e.puedeDonar).toBe(false);
      expect(e.desde).toBeNull();
      expect(e.diferimientos).toEqual([visto]);
      expect(textoRechazo(e)).toBe(visto.texto);
    }
  });

  it("a temporary one and a 'No apto' visit: 'Temporal', the servicio and the first day it may donate", () => {
    const e = evaluarElegibilidad(
      historial([otra({ exclusionDefinitiva: 'Temporal', exclusionTiempo: 180 })], {
        visitas: [
          {
            id: 'visita-ajena',
            fecha: '2026-05-20',
            motivo: 'Hemoglobina baja',
            diferimientoDias: 30,
            servicio: OTRO,
          },
        ],
      }),
      REGLAS_DEFAULT,
      HOY,
    );
    expect(e.diferimientos).toEqual([
      {
        origenId: null,
        origen: null,
        clave: '',
        tipo: 'Temporal',
        desde: '2026-01-10',
        hasta: '2026-07-09',
        servicio: OTRO,
        texto: 'Donante diferido en Hospital del Sur. Puede donar a partir del 09/07/2026.',
      },
      {
        origenId: null,
        origen: null,
        clave: '',
        tipo: 'Temporal',
        desde: '2026-05-20',
        hasta: '2026-06-19',
        servicio: OTRO,
        texto: 'Donante diferido en Hospital del Sur. Puede donar a partir del 19/06/2026.',
      },
    ]);
    expect(textoRechazo(e)).not.toMatch(/4321|Hemoglobina|180|exclusión/);
  });

  it("the servicio's own deferral keeps its record and kind", () => {
    const e = evaluarElegibilidad(
      historial([otra({ servicio: null, serologia: { chagas: true } })]),
      REGLAS_DEFAULT,
      HOY,
    );
    expect(e.diferimientos).toMatchObject([{ origenId: 'ajena-1', origen: 'donacion', tipo: 'Pendiente' }]);
  });

  it("a lift recorded at the other member still lifts it (matched on the record's own id and kind)", () => {
    const ajena = otra({ serologia: { hiv: true } });
    const e = evaluarElegibilidad(
      historial([ajena], {
        levantamientos: [{ origenId: 'ajena-1', clave: diferimientoDeDonacion(ajena)!.clave }],
      }),
      REGLAS_DEFAULT,
      HOY,
    );
    expect(e.puedeDonar).toBe(true);
  });
});
