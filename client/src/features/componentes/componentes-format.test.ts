import { MSG } from '@domain/messages';
import { advertenciaEtiqueta, etiquetasComponentesFileName, faltaLegible } from './componentes-format';

describe('faltaLegible', () => {
  it('puts the markers not tested yet in one line, where the first was, and keeps the rest', () => {
    expect(
      faltaLegible([
        MSG.faltaAbo,
        MSG.faltaSerologia('HIV'),
        MSG.faltaSerologia('Chagas'),
        MSG.marcadorReactivo('VDRL'),
      ]),
    ).toEqual([MSG.faltaAbo, 'Falta la serología: HIV, Chagas', MSG.marcadorReactivo('VDRL')]);
  });

  it('leaves a single marker, and a list without any, as the server said them', () => {
    expect(faltaLegible([MSG.faltaRh, MSG.faltaSerologia('HIV')])).toEqual([
      MSG.faltaRh,
      MSG.faltaSerologia('HIV'),
    ]);
    expect(faltaLegible([])).toEqual([]);
  });
});

describe('the label of a unit that may not be transfused', () => {
  it('says why: discarded before expired before in quarantine; nothing when released and in date', () => {
    expect(advertenciaEtiqueta({ estado: 'DESCARTADO', vencido: true })).toBe('DESCARTADO — NO TRANSFUNDIR');
    expect(advertenciaEtiqueta({ estado: 'LIBERADO', vencido: true })).toBe('VENCIDO — NO TRANSFUNDIR');
    expect(advertenciaEtiqueta({ estado: 'CUARENTENA', vencido: false })).toBe(
      'EN CUARENTENA — NO TRANSFUNDIR',
    );
    expect(advertenciaEtiqueta({ estado: 'LIBERADO', vencido: false })).toBeNull();
    expect(advertenciaEtiqueta({ estado: 'DESPACHADO', vencido: false })).toBeNull();
  });

  it('names the file after the unit, or the first of several', () => {
    expect(etiquetasComponentesFileName(['9000126000004GR1K'])).toBe('etiqueta-9000126000004GR1K.pdf');
    expect(etiquetasComponentesFileName(['9000126000004GR1K', '9000126000004PF1W'])).toBe(
      'etiquetas-componentes-9000126000004GR1K.pdf',
    );
  });
});
