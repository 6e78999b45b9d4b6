/** @jest-environment node */
import { writeFileSync } from 'node:fs';
import { renderToBuffer } from '@react-pdf/renderer';
import { formatDate } from '@domain/dates';
import { INDICADORES_DIAS_MAX, SERIE_PUNTOS_MAX, validatePeriodo } from '@domain/indicadores';
import { servicio } from '../../../test/pdf/fixtures';
import { conSerieDiaria, indicadores } from '../../../test/pdf/reporte-fixtures';
import { readPdf, type PdfPage } from '../../../test/pdf/pdf-reader';
import { ReportePdf, SERIE_FILAS_MAX } from './reporte-pdf';
import type { IndicadoresImprimible } from './types';

const A4 = { w: 595.28, h: 841.89 };
const generado = new Date('2026-04-02T15:30:00Z');

async function render(data: IndicadoresImprimible, sample?: string): Promise<PdfPage[]> {
  const buffer = await renderToBuffer(<ReportePdf data={{ indicadores: data, servicio, generado }} />);
  // PDF_SAMPLES=/tmp writes the PDFs to look at (pdftoppm -png -r 60 file.pdf out).
  if (sample && process.env.PDF_SAMPLES) writeFileSync(`${process.env.PDF_SAMPLES}/${sample}.pdf`, buffer);
  return readPdf(buffer);
}

/** Every text run lies inside the page, with the PDF's margin of at least 5 mm. */
function expectInsidePage(page: PdfPage) {
  for (const t of page.texts) {
    expect(t.x).toBeGreaterThan(14);
    expect(t.y).toBeLessThan(A4.h - 14);
    expect(t.y).toBeGreaterThan(14);
  }
}

describe('ReportePdf', () => {
  it('is one A4 portrait page: servicio, period, grouping, figures, groups, serology, series, date', async () => {
    const pages = await render(indicadores, 'reporte');
    expect(pages).toHaveLength(1);
    const [page] = pages;
    expect(page.width).toBeCloseTo(A4.w, 0);
    expect(page.height).toBeCloseTo(A4.h, 0);
    const text = page.text;
    expect(text).toContain(servicio.nombre);
    if (servicio.direccion) expect(text).toContain(servicio.direccion);
    expect(text).toContain('Reporte de indicadores');
    expect(text).toContain('Del 01/01/2026 al 31/03/2026');
    expect(text).toContain('Serie agrupada por mes');
    for (const figure of ['Atendidos', '1.301', 'Donantes distintos', '1.180', '62,5 %', 'Aféresis']) {
      expect(text).toContain(figure);
    }
    expect(text).toContain('Exclusiones definitivas');
    expect(text).toMatch(/O Positivo\s+560/);
    expect(text).toMatch(/Sin resultado\s+110/);
    expect(text).toMatch(/Hepatitis B\s+1\.100\s+5\s+0,5 %/);
    expect(text).toMatch(/Chagas\s+1\.100\s+22\s+2,0 %/);
    expect(text).toMatch(/Marzo 2026\s+445\s+281\s+164/);
    expect(text).toContain('Generado el 02/04/2026 12:30');
    expectInsidePage(page);
  });

  it('says so when there are no donations, still on one page', async () => {
    const vacio: IndicadoresImprimible = {
      ...indicadores,
      donaciones: 0,
      voluntarias: 0,
      reposicion: 0,
      porGrupo: [],
      serie: indicadores.serie.map((s) => ({ ...s, donaciones: 0, voluntarias: 0, reposicion: 0 })),
    };
    const pages = await render(vacio);
    expect(pages).toHaveLength(1);
    expect(pages[0].text).toContain('Sin donaciones en el período.');
  });

  it("a network's report: its name and the heading it is given, on one page", async () => {
    const red = { nombre: 'Programa Provincial de Hemoterapia de Córdoba', direccion: null, telefono: null };
    const buffer = await renderToBuffer(
      <ReportePdf data={{ indicadores, servicio: red, titulo: 'Reporte de la red', generado }} />,
    );
    const pages = await readPdf(buffer);
    expect(pages).toHaveLength(1);
    expect(pages[0].text).toContain('Programa Provincial de Hemoterapia de Córdoba');
    expect(pages[0].text).toContain('Reporte de la red');
    expect(pages[0].text).not.toContain('Reporte de indicadores');
    expectInsidePage(pages[0]);
  });

  describe('stays one page at the longest series the screen allows', () => {
    // validatePeriodo lets a day-by-day series reach SERIE_PUNTOS_MAX points.
    const cases: [string, IndicadoresImprimible][] = [
      ['by day', conSerieDiaria('2024-01-01', SERIE_PUNTOS_MAX)],
      ['by week, ten years', conSerieDiaria('2016-01-04', Math.floor(INDICADORES_DIAS_MAX / 7), 'SEMANA')],
    ];

    it.each(cases)('%s', async (_, data) => {
      expect(validatePeriodo(data.desde, data.hasta, data.agrupacion)).toEqual([]);
      const pages = await render(data, `reporte-${data.agrupacion}`);
      expect(pages).toHaveLength(1);
      const [page] = pages;
      expectInsidePage(page);
      // The table merges consecutive periods into at most SERIE_FILAS_MAX runs that add up to the whole.
      // The table merges consecutive periods into at most SERIE_FILAS_MAX runs that add up to the whole
      // (the table's two columns share printed lines: every match on a line counts).
      const runs = page.text
        .split('\n')
        .flatMap((l) => [
          ...l.matchAll(/(\d{2}\/\d{2}\/\d{4}) a (\d{2}\/\d{2}\/\d{4})\s+([\d.]+)\s+[\d.]+\s+[\d.]+/g),
        ]);
      expect(runs.length).toBeGreaterThan(SERIE_FILAS_MAX / 2);
      expect(runs.length).toBeLessThanOrEqual(SERIE_FILAS_MAX);
      expect(runs.map((m) => m[1])).toContain(formatDate(data.desde));
      expect(runs.map((m) => m[2])).toContain(formatDate(data.hasta));
      expect(page.text).toContain(`La serie tiene ${data.serie.length} períodos`);
      const total = data.serie.reduce((n, s) => n + s.donaciones, 0);
      expect(runs.reduce((n, m) => n + Number(m[3].replace(/\./g, '')), 0)).toBe(total);
    });
  });
});
