import { MSG } from '@domain/messages';
import { conSuprimidas, indicadores, suprimido } from '../../../../test/pdf/reporte-fixtures';
import { BOM, textCell } from '@/lib/csv';
import { componentes, componentesSuprimidos } from '../../../../test/pdf/componentes-fixtures';
import { buildReporteCsv } from './reporte-csv';

const generado = new Date('2026-04-02T15:00:00Z');

/** The CSV's lines without the BOM and the final line end. */
const lines = (csv: string) => csv.slice(1).replace(/\r\n$/, '').split('\r\n');

describe('buildReporteCsv', () => {
  const csv = buildReporteCsv(indicadores, 'Hemoterapia Central; Rosario', generado);

  it('is UTF-8 with a BOM, CRLF line ends and ; between cells', () => {
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.slice(1)).not.toMatch(/[^\r]\n/);
    expect(lines(csv)).toContain('Indicador;Valor');
  });

  it('opens with # lines that explain the period, the grouping and the format', () => {
    // Each is one cell: quoted when it holds a ';' (the servicio's name may).
    const head = lines(csv).filter((l) => /^"?#/.test(l));
    expect(head).toEqual([
      '"# Reporte de indicadores - Hemoterapia Central; Rosario"',
      '# Período: 01/01/2026 al 31/03/2026 (inclusive). Agrupación de la serie: Mes',
      '# Generado: 02/04/2026',
      '"# Formato: UTF-8, columnas separadas por punto y coma (;), decimales con coma; porcentajes de 0 a 100"',
    ]);
    expect(lines(csv)[4]).toBe('');
  });

  it('writes the headline figures with a decimal comma and no thousands separator', () => {
    const all = lines(csv);
    expect(all).toContain('Atendidos;1301');
    expect(all).toContain('Donaciones;1234');
    expect(all).toContain('Donantes distintos;1180');
    expect(all).toContain('No aptos;67');
    expect(all).toContain('Con análisis pendiente;134');
    expect(all).toContain('% voluntarias;62,5');
    expect(all).toContain('Primera vez;402');
    expect(all).toContain('Habituales;832');
    expect(all).toContain('Aféresis;15');
    expect(all).toContain('Exclusiones temporales;48');
    expect(all).toContain('Exclusiones definitivas;9');
  });

  it('then the blood groups, the serology by marker and the series, each block after an empty line', () => {
    const all = lines(csv);
    const block = (head: string) => {
      const start = all.indexOf(head);
      expect(all[start - 1]).toBe('');
      const end = all.indexOf('', start);
      return all.slice(start + 1, end < 0 ? undefined : end);
    };
    expect(block('Grupo y factor;Donaciones')).toEqual([
      'O Positivo;560',
      'A Positivo;380',
      'A Negativo;41',
      'B Positivo;120',
      'AB Positivo;23',
      'Sin resultado;110',
    ]);
    expect(block('Marcador;Analizadas;Sin analizar;Reactivas;% reactivas')).toEqual([
      'HIV;1100;134;2;0,2',
      'Hepatitis B;1100;134;5;0,5',
      'Hepatitis C;1100;134;3;0,3',
      'VDRL;1100;134;14;1,3',
      'Brucelosis;1100;134;0;0,0',
      'Chagas;1100;134;22;2,0',
      'HTLV;1100;134;1;0,1',
    ]);
    expect(block('Período;Primer día;Donaciones;Voluntarias;Reposición')).toEqual([
      'Enero 2026;01/01/2026;401;250;151',
      'Febrero 2026;01/02/2026;388;240;148',
      'Marzo 2026;01/03/2026;445;281;164',
    ]);
  });

  it("clips a point's first day to the period: a week or a month that begins before it", () => {
    const serie = (periodos: string[]) =>
      periodos.map((periodo) => ({ periodo, donaciones: 1, voluntarias: 1, reposicion: 0 }));
    const block = (csv2: string) =>
      lines(csv2).slice(lines(csv2).indexOf('Período;Primer día;Donaciones;Voluntarias;Reposición') + 1);
    const semanas = buildReporteCsv(
      {
        ...indicadores,
        desde: '2015-01-01',
        hasta: '2015-01-12',
        agrupacion: 'SEMANA',
        serie: serie(['2014-12-29', '2015-01-05', '2015-01-12']),
      },
      'X',
      generado,
    );
    expect(block(semanas)).toEqual([
      'Semana del 29/12/2014;01/01/2015;1;1;0',
      'Semana del 05/01/2015;05/01/2015;1;1;0',
      'Semana del 12/01/2015;12/01/2015;1;1;0',
    ]);
    const meses = buildReporteCsv(
      {
        ...indicadores,
        desde: '2015-01-15',
        hasta: '2015-02-10',
        agrupacion: 'MES',
        serie: serie(['2015-01', '2015-02']),
      },
      'X',
      generado,
    );
    expect(block(meses)).toEqual(['Enero 2015;15/01/2015;1;1;0', 'Febrero 2015;01/02/2015;1;1;0']);
  });

  it('quotes a cell that holds the separator or a quote', () => {
    const csv2 = buildReporteCsv(
      { ...indicadores, porGrupo: [{ abo: 'A;"B"', rh: '', cantidad: 1 }] },
      'X',
      generado,
    );
    expect(lines(csv2)).toContain('"A;""B""";1');
  });

  it("says 'menos de 5' for a figure not published outside the servicio, 'reservado' for a share, and why", () => {
    const all = lines(buildReporteCsv(conSuprimidas, 'Red Sur', generado));
    expect(all).toContain(textCell(`# ${MSG.notaSupresion}`));
    expect(all).toContain('Atendidos;menos de 5');
    expect(all).toContain('No aptos;menos de 5');
    expect(all).toContain('Donaciones;1234');
    expect(all).toContain('AB Positivo;menos de 5');
    expect(all).toContain('HIV;1100;134;menos de 5;reservado');
    expect(all).toContain('Brucelosis;menos de 5;menos de 5;0;reservado');
    expect(all).toContain('Febrero 2026;01/02/2026;menos de 5;menos de 5;menos de 5');
    // A cell of fewer than 5: every figure; no group listed.
    const chico = lines(buildReporteCsv(suprimido(), 'Red Sur', generado));
    expect(chico).toContain('Donaciones;menos de 5');
    expect(chico).toContain('% voluntarias;reservado');
    expect(chico).toContain('Con análisis pendiente;menos de 5');
    expect(chico).toContain('HIV;menos de 5;menos de 5;menos de 5;reservado');
    expect(chico).toContain('Todos los grupos;menos de 5');
    const numeros = chico.flatMap((l) => l.split(';').slice(1)).filter((c) => /^\d+(,\d+)?$/.test(c));
    expect(numeros).toEqual([]);
    // The servicio's own figures, all exact: no note.
    expect(lines(csv).some((l) => l.includes(MSG.menosDeCinco))).toBe(false);
  });
});

describe('buildReporteCsv: the components', () => {
  it('adds a row per type with every column, then the discards by reason, numbers as numbers', () => {
    const all = lines(buildReporteCsv({ ...indicadores, componentes }, 'Hemoterapia Central', generado));
    expect(all).toContain(
      'Componente;Producidos;Liberados;Despachados;A hospital o clínica;A otro servicio de la red;' +
        'A servicio de transfusión propio;Transfundidos;Devueltos;Descartados;Vencidos;Stock al final',
    );
    expect(all).toContain('Glóbulos rojos;1210;1150;1095;820;45;230;960;31;44;17;88');
    expect(all).toContain('Crioprecipitado;40;38;30;20;0;10;25;0;0;0;8');
    expect(all).toContain(
      'Motivo del descarte;Glóbulos rojos;Plasma fresco congelado;Plaquetas;Crioprecipitado',
    );
    expect(all).toContain('Serología reactiva;24;24;0;0');
    expect(all).toContain('Vencimiento;17;0;26;0');
    // A reason no type had is left out.
    expect(all.some((l) => l.startsWith('Hemolizado'))).toBe(false);
  });

  it('says "menos de 5" where a figure is not published, and why', () => {
    const all = lines(
      buildReporteCsv(
        { ...indicadores, componentes: componentesSuprimidos },
        'Hemoterapia Central',
        generado,
      ),
    );
    expect(all).toContain(`Bolsa rota o pérdida;${MSG.menosDeCinco};0;0;0`);
    expect(all).toContain(`Glóbulos rojos;1210;1150;1095;820;45;230;960;31;44;${MSG.menosDeCinco};88`);
    expect(all).toContain(textCell(`# ${MSG.notaSupresion}`));
  });

  it('has no components block when the answer has none', () => {
    expect(lines(buildReporteCsv(indicadores, 'Hemoterapia Central', generado))).not.toContain(
      'Motivo del descarte;Glóbulos rojos;Plasma fresco congelado;Plaquetas;Crioprecipitado',
    );
  });
});
