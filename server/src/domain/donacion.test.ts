import { ultimaDonacion, UMBRALES_SPEC, validateSignosVitales, validateUmbrales } from './donacion';
import { MSG } from './messages';

describe('ultimaDonacion (donante.ultima_donacion after recording a donation)', () => {
  it('is the new donation when it is the latest or the first', () => {
    expect(ultimaDonacion('2026-05-01', [])).toBe('2026-05-01');
    expect(ultimaDonacion('2026-05-01', ['2025-01-10', '2026-02-01'])).toBe('2026-05-01');
  });

  it('keeps a later donation recorded before (an older donation entered late)', () => {
    expect(ultimaDonacion('2025-03-01', ['2026-02-01', '2025-01-10'])).toBe('2026-02-01');
  });
});

describe('screening thresholds by sex (validateSignosVitales, validateUmbrales)', () => {
  const sv = { tas: 120, tad: 80, fc: 72, peso: 70, temp: 36.5, hb: 12.3, hto: 37 };
  const umbrales = { ...UMBRALES_SPEC, hbMinMujer: 12.5, hbMinHombre: 13.5, hctoMax: 50 };

  it("without the servicio's thresholds, the spec's bounds", () => {
    expect(validateSignosVitales(sv)).toEqual([]);
    expect(validateSignosVitales({ ...sv, hb: 11.9 })).toEqual([
      { field: 'sv.hb', msg: MSG.hemoglobinaBaja },
    ]);
  });

  it("with them, the donor's sex decides; the spec's messages; an unknown sex gets the stricter", () => {
    expect(validateSignosVitales(sv, { sexo: 'Femenino', umbrales })).toEqual([
      { field: 'sv.hb', msg: MSG.hemoglobinaBaja },
    ]);
    expect(validateSignosVitales({ ...sv, hb: 13 }, { sexo: 'Femenino', umbrales })).toEqual([]);
    expect(validateSignosVitales({ ...sv, hb: 13 }, { sexo: 'Masculino', umbrales })).toEqual([
      { field: 'sv.hb', msg: MSG.hemoglobinaBaja },
    ]);
    expect(validateSignosVitales({ ...sv, hb: 13 }, { sexo: '', umbrales })).toHaveLength(1);
    expect(validateSignosVitales({ ...sv, hb: 14, hto: 51 }, { sexo: 'Masculino', umbrales })).toEqual([
      { field: 'sv.hto', msg: MSG.htoAlto },
    ]);
  });

  it('a setting looser than the spec is refused with its bound; a maximum under a minimum too', () => {
    expect(validateUmbrales({ hbMinMujer: 11.5, hctoMinHombre: 34 })).toEqual([
      { field: 'hbMinMujer', msg: MSG.umbralMenorQueNorma(12) },
      { field: 'hctoMinHombre', msg: MSG.umbralMenorQueNorma(35) },
    ]);
    expect(validateUmbrales({ hbMinHombre: 13.5, hbMax: 13 })).toEqual([
      { field: 'hbMax', msg: MSG.umbralMaximoBajo },
    ]);
    expect(validateUmbrales({ hbMinMujer: 12.55 })).toEqual([
      { field: 'hbMinMujer', msg: MSG.umbralEntre(12, 20) },
    ]);
    expect(validateUmbrales({ ...UMBRALES_SPEC })).toEqual([]);
    expect(validateUmbrales(umbrales)).toEqual([]);
  });
});
