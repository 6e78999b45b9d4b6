import {
  claveDeResultados,
  etapaResultado,
  panelDeServicio,
  type ResultadoMarcador,
  resultadosDeSerologia,
  serologiaDeResultados,
  serologiaRealizada,
  signoResultado,
  validateConfirmatorio,
  validateRepeticion,
  validateTamizaje,
  MARCADORES_NACIONALES,
} from './resultados';
import { MSG } from './messages';

const HOY = '2026-11-26';
const r = (
  marcador: ResultadoMarcador['marcador'],
  extra: Partial<ResultadoMarcador> = {},
): ResultadoMarcador => ({
  marcador,
  estado: 'NO_REACTIVO',
  ...extra,
});

describe('etapaResultado', () => {
  it.each<[Partial<ResultadoMarcador>, string, string]>([
    [{ estado: 'NO_REALIZADO' }, 'SIN_REALIZAR', 'sin realizar'],
    [{ estado: 'NO_REACTIVO' }, 'NO_REACTIVO', '(-)'],
    [{ estado: 'REACTIVO' }, 'REPETIR', '(+)'],
    [{ estado: 'INDETERMINADO' }, 'REPETIR', 'indeterminado'],
    [{ estado: 'REACTIVO', repeticion1: 'NO_REACTIVO', repeticion2: 'NO_REACTIVO' }, 'NO_REACTIVO', '(-)'],
    [
      { estado: 'REACTIVO', repeticion1: 'NO_REACTIVO', repeticion2: 'INDETERMINADO' },
      'REPETIDAMENTE_REACTIVO',
      '(+)',
    ],
    [
      {
        estado: 'INDETERMINADO',
        repeticion1: 'REACTIVO',
        repeticion2: 'REACTIVO',
        confirmatorioResultado: 'POSITIVO',
      },
      'CONFIRMADO_POSITIVO',
      '(+)',
    ],
    [
      {
        estado: 'REACTIVO',
        repeticion1: 'REACTIVO',
        repeticion2: 'REACTIVO',
        confirmatorioResultado: 'NEGATIVO',
      },
      'CONFIRMADO_NEGATIVO',
      '(+)',
    ],
  ])('%j is %s, printed %s', (extra, etapa, signo) => {
    expect(etapaResultado(r('HIV', extra))).toBe(etapa);
    expect(signoResultado(r('HIV', extra))).toBe(signo);
  });

  it('a marker without a row is not tested', () => {
    expect(etapaResultado(null)).toBe('SIN_REALIZAR');
  });
});

describe("the spec's booleans", () => {
  it('hepB is tested when both HBsAg and anti-HBc are, reactive when either is', () => {
    expect(claveDeResultados('hepB', [r('HBSAG')])).toBeNull();
    expect(claveDeResultados('hepB', [r('HBSAG'), r('ANTI_HBC')])).toBe(false);
    expect(claveDeResultados('hepB', [r('ANTI_HBC', { estado: 'REACTIVO' })])).toBe(true);
    expect(claveDeResultados('hepB', [r('HBSAG'), r('ANTI_HBC'), r('NAT_HBV', { estado: 'REACTIVO' })])).toBe(
      true,
    );
  });

  it('no test recorded reads null; tested markers are listed', () => {
    expect(serologiaDeResultados([])).toBeNull();
    expect(serologiaDeResultados([r('HIV', { estado: 'NO_REALIZADO' })])).toBeNull();
    const rs = [r('HIV', { estado: 'REACTIVO' }), r('HCV')];
    expect(serologiaDeResultados(rs)).toMatchObject({ hiv: true, hepC: false, chagas: false });
    expect(serologiaRealizada(rs)).toEqual(['hiv', 'hepC']);
  });

  it('a boolean written is a screening of today; an unchanged one keeps its tests; null clears', () => {
    const antes = [r('HIV', { tecnica: 'ELISA', fecha: '2026-11-01' })];
    const despues = resultadosDeSerologia(antes, { hiv: false, hepB: true }, HOY, 'u1');
    expect(despues.find((x) => x.marcador === 'HIV')).toEqual(antes[0]);
    expect(despues.filter((x) => x.estado === 'REACTIVO').map((x) => x.marcador)).toEqual([
      'HBSAG',
      'ANTI_HBC',
    ]);
    expect(despues.find((x) => x.marcador === 'HCV')).toEqual(
      r('HCV', { tecnica: null, fecha: HOY, registradoPor: 'u1' }),
    );
    expect(serologiaRealizada(despues)).toEqual([
      'hiv',
      'hepB',
      'hepC',
      'vdrl',
      'brucelosis',
      'chagas',
      'htlv',
    ]);
    expect(resultadosDeSerologia(despues, null, HOY, 'u1')).toEqual([]);
  });
});

describe('validation of each step', () => {
  const panel = panelDeServicio([]);
  it('the panel is the national screening, plus the NAT tests chosen', () => {
    expect(panel).toEqual([...MARCADORES_NACIONALES]);
    expect(panelDeServicio(['NAT_HCV', 'OTRO'])).toEqual([...MARCADORES_NACIONALES, 'NAT_HCV']);
  });

  it('screening: a state, a date not in the future unless not tested, not over a repeat', () => {
    expect(validateTamizaje({ marcador: 'HIV', estado: 'NO_REALIZADO' }, panel, null, HOY)).toEqual([]);
    expect(
      validateTamizaje({ marcador: 'HIV', estado: 'REACTIVO', fecha: '2026-11-27' }, panel, null, HOY),
    ).toEqual([{ field: 'fecha', msg: MSG.resultadoFechaFutura }]);
    const repetido = r('HIV', { estado: 'REACTIVO', repeticion1: 'REACTIVO', repeticion2: 'REACTIVO' });
    expect(
      validateTamizaje({ marcador: 'HIV', estado: 'NO_REACTIVO', fecha: HOY }, panel, repetido, HOY),
    ).toEqual([{ field: 'estado', msg: MSG.resultadoYaRepetido }]);
  });

  it('repeat only of a screening awaiting it; confirmatory only of a repeatedly reactive one', () => {
    const rep = { marcador: 'HIV', primera: 'REACTIVO', segunda: 'REACTIVO', fecha: HOY };
    expect(validateRepeticion(rep, panel, r('HIV'), HOY)).toEqual([
      { field: 'marcador', msg: MSG.repeticionNoCorresponde },
    ]);
    expect(validateRepeticion(rep, panel, r('HIV', { estado: 'INDETERMINADO' }), HOY)).toEqual([]);
    const conf = { marcador: 'HIV', resultado: 'POSITIVO', tecnica: 'WB', fecha: HOY, laboratorio: 'Ref' };
    expect(validateConfirmatorio(conf, panel, r('HIV', { estado: 'REACTIVO' }), HOY)).toEqual([
      { field: 'marcador', msg: MSG.confirmatorioNoCorresponde },
    ]);
    const rr = r('HIV', { estado: 'REACTIVO', repeticion1: 'REACTIVO', repeticion2: 'NO_REACTIVO' });
    expect(validateConfirmatorio(conf, panel, rr, HOY)).toEqual([]);
  });
});
