/**
 * The eligibility rules on a history with another member's records (domain/elegibilidad.ts):
 * they stop a donation like the servicio's own, and what leaves the rules says of them only until
 * when the donor may not donate and where to ask: never a start, a length, a kind or a date of a
 * donation.
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
  it('a reactive result awaiting a decision and a definitive exclusion look alike: only where to ask', () => {
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
      // The day asked about: its start stays with its servicio.
      desde: HOY,
      hasta: null,
      servicio: OTRO,
      texto: 'No puede donar; consultar con Hospital del Sur.',
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
        desde: HOY,
        hasta: '2026-07-09',
        servicio: OTRO,
        texto: 'No puede donar hasta el 09/07/2026; consultar con Hospital del Sur.',
      },
      {
        origenId: null,
        origen: null,
        clave: '',
        tipo: 'Temporal',
        desde: HOY,
        hasta: '2026-06-19',
        servicio: OTRO,
        texto: 'No puede donar hasta el 19/06/2026; consultar con Hospital del Sur.',
      },
    ]);
    expect(textoRechazo(e)).not.toMatch(/4321|Hemoglobina|180|exclusión|10\/01|20\/05/);
  });

  it("another member's donation: the first day the donor may donate, never the donation's date", () => {
    const e = evaluarElegibilidad(historial([otra({ fecha: '2026-05-01' })]), REGLAS_DEFAULT, HOY);
    expect(e.puedeDonar).toBe(false);
    expect(textoRechazo(e)).toBe('No puede donar hasta el 26/06/2026; consultar con Hospital del Sur.');
    expect(textoRechazo(e)).not.toMatch(/01\/05/);
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
