/** @jest-environment node */
import { writeFileSync } from 'node:fs';
import { renderToBuffer } from '@react-pdf/renderer';
import { formatDate } from '@domain/dates';
import { INDICADORES_DIAS_MAX, SERIE_PUNTOS_MAX, validatePeriodo } from '@domain/indicadores';
import { servicio } from '../../../test/pdf/fixtures';
import { MSG } from '@domain/messages';
import { conSerieDiaria, conSuprimidas, indicadores, suprimido } from '../../../test/pdf/reporte-fixtures';
import { componentes, componentesSuprimidos } from '../../../test/pdf/componentes-fixtures';
import { find, readPdf, type PdfPage } from '../../../test/pdf/pdf-reader';
import { ReportePdf, redEnPrimeraPagina, SERIE_FILAS_MAX } from './reporte-pdf';
import type { IndicadoresImprimible, ReportePdfData } from './types';

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

const red = { nombre: 'Programa Provincial de Hemoterapia de Córdoba', direccion: null, telefono: null };
const norte: IndicadoresImprimible = {
  ...indicadores,
  atendidos: 1050,
  donaciones: 1000,
  noAptos: 50,
  porcentajeVoluntarias: 60,
  primeraVez: 300,
};
const sur: IndicadoresImprimible = {
  ...indicadores,
  atendidos: 251,
  donaciones: 234,
  noAptos: 17,
  porcentajeVoluntarias: 73.3,
  primeraVez: 102,
  serologia: indicadores.serologia.map((m) => ({ ...m, reactivas: 0 })),
};
let ids = 0;
const miembro = (nombre: string, i: IndicadoresImprimible) => ({
  servicio: { id: String((ids += 1)), nombre },
  indicadores: i,
});
const datosRed = (
  porServicio: NonNullable<ReportePdfData['porServicio']>,
  total: IndicadoresImprimible = indicadores,
): ReportePdfData => ({
  indicadores: total,
  servicio: red,
  titulo: 'Reporte de la red',
  generado,
  porServicio,
});

async function renderRed(
  porServicio: NonNullable<ReportePdfData['porServicio']>,
  total: IndicadoresImprimible = indicadores,
): Promise<PdfPage[]> {
  const buffer = await renderToBuffer(<ReportePdf data={datosRed(porServicio, total)} />);
  if (process.env.PDF_SAMPLES)
    writeFileSync(`${process.env.PDF_SAMPLES}/red-${porServicio.length}.pdf`, buffer);
  return readPdf(buffer);
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
    // The headline figures: a row of labels, then their figures.
    expect(text).toMatch(/No aptos\s+Con análisis pendiente\s+1\.301\s+1\.234\s+1\.180\s+67\s+134\n/);
    expect(text).toMatch(/Marcador\s+Analizadas\s+Sin analizar\s+Reactivas\s+% reactivas/);
    expect(text).toMatch(/O Positivo\s+560/);
    expect(text).toMatch(/Sin resultado\s+110/);
    expect(text).toMatch(/Hepatitis B\s+1\.100\s+134\s+5\s+0,5 %/);
    expect(text).toMatch(/Chagas\s+1\.100\s+134\s+22\s+2,0 %/);
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

  it("a network's report: its name, the heading it is given and the table by servicio, on one page", async () => {
    const pages = await renderRed([miembro('Hospital Norte', norte), miembro('Hospital Sur', sur)]);
    expect(pages).toHaveLength(1);
    const { text } = pages[0];
    expect(text).toContain('Programa Provincial de Hemoterapia de Córdoba');
    expect(text).toContain('Reporte de la red');
    expect(text).not.toContain('Reporte de indicadores');
    expect(text).toContain('Por servicio');
    expect(text).toMatch(/Hospital Norte\s+1\.050\s+1\.000\s+60,0 %\s+300\s+50\s+47\s+57/);
    expect(text).toMatch(/Hospital Sur\s+251\s+234\s+73,3 %\s+102\s+17\s+0\s+57/);
    expect(text).toMatch(/Total de la red\s+1\.301\s+1\.234\s+62,5 %\s+402\s+67\s+47\s+57/);
    expectInsidePage(pages[0]);
  });

  it("says 'menos de 5' where a figure is not published, and why at the foot; still one page", async () => {
    const pages = await renderRed(
      [miembro('Hospital Norte', norte), miembro('Hospital Sur', suprimido(sur))],
      conSuprimidas,
    );
    expect(pages).toHaveLength(1);
    const { text } = pages[0];
    // The headline figures: a row of labels, then their figures.
    expect(text).toMatch(
      /No aptos\s+Con análisis pendiente\s+menos de 5\s+1\.234\s+1\.180\s+menos de 5\s+134/,
    );
    expect(text).toMatch(/AB Positivo\s+menos de 5/);
    expect(text).toMatch(/HIV\s+1\.100\s+134\s+menos de 5\s+reservado/);
    expect(text).toMatch(/Brucelosis\s+menos de 5\s+menos de 5\s+0\s+reservado/);
    expect(text).toMatch(/Febrero 2026\s+menos de 5\s+menos de 5\s+menos de 5/);
    expect(text).toMatch(/Hospital Sur(\s+menos de 5){2}\s+reservado(\s+menos de 5){4}/);
    expect(text).toContain('sin barra: menos de 5');
    // The note, on one line in the foot's margin (below the content's 16 mm), above the date.
    expect(text).toContain(MSG.notaSupresionCorta.slice(MSG.notaSupresionCorta.indexOf(':')));
    const [nota] = find(pages[0], 'no se publica fuera del servicio');
    const [fecha] = find(pages[0], 'Generado el');
    expect(A4.h - nota.y).toBeLessThan((16 / 25.4) * 72);
    expect(nota.y).toBeLessThan(fecha.y);
    expectInsidePage(pages[0]);
    // A period not published whole: its groups are not listed, nor said to be none.
    const chico = (await renderRed([miembro('Hospital Sur', suprimido(sur))], suprimido()))[0].text;
    expect(chico).toContain('Todos los grupos: menos de 5');
    expect(chico).not.toContain('Sin donaciones en el período.');
    // The servicio's own report, exact: no note.
    expect((await render(indicadores))[0].text).not.toContain('menos de 5');
  });

  describe("a network's table by servicio at the fullest first page (9 groups, the longest series)", () => {
    const lleno: IndicadoresImprimible = {
      ...conSerieDiaria('2024-01-01', SERIE_PUNTOS_MAX),
      porGrupo: ['A', 'B', 'AB', 'O']
        .flatMap((abo) => ['POSITIVO', 'NEGATIVO'].map((rh) => ({ abo, rh, cantidad: 10 })))
        .concat({ abo: '', rh: '', cantidad: 3 }),
    };

    it('one member and the total fit under the series: one page', async () => {
      const pages = await renderRed([miembro('Hospital Norte', norte)], lleno);
      expect(pages).toHaveLength(1);
      expect(pages[0].text).toMatch(/Total de la red\s+1\.301/);
      expectInsidePage(pages[0]);
    });

    it('more go to a page of their own, with the heading; the first page is the one-page report', async () => {
      const dos = [miembro('Hospital Norte', norte), miembro('Hospital Sur', sur)];
      expect(redEnPrimeraPagina({ ...datosRed(dos), indicadores: lleno })).toBe(false);
      const pages = await renderRed(dos, lleno);
      expect(pages).toHaveLength(2);
      expect(pages[0].text).not.toContain('Por servicio');
      expect(pages[1].text).toContain('Reporte de la red');
      expect(pages[1].text).toContain('Por servicio (2 servicios)');
      expect(pages[1].text).toMatch(/Hospital Sur\s+251/);
      for (const page of pages) expectInsidePage(page);
    });

    it('many members run over several pages, each with the table head; every one listed once, names whole', async () => {
      const largo = 'Hospital Interzonal General de Agudos Dr. José Penna de Bahía Blanca, Sede Centro';
      const muchos = Array.from({ length: 120 }, (_, i) =>
        miembro(i === 7 ? largo : `Hospital Municipal ${String(i + 1).padStart(3, '0')}`, sur),
      );
      const pages = await renderRed(muchos, lleno);
      expect(pages.length).toBeGreaterThanOrEqual(3);
      const tabla = pages.slice(1);
      for (const page of tabla) {
        expect(page.text).toContain('Por servicio (120 servicios)');
        expect(page.text).toMatch(/Servicio\s+Atendidos\s+Donaciones/);
        expectInsidePage(page);
      }
      const todo = tabla.map((p) => p.text).join('\n');
      for (let i = 1; i <= 120; i++) {
        if (i === 8) continue;
        const nombre = `Hospital Municipal ${String(i).padStart(3, '0')}`;
        expect({ nombre, veces: todo.split(nombre).length - 1 }).toEqual({ nombre, veces: 1 });
      }
      // The long name wraps within its cell, every word printed.
      for (const palabra of largo.split(' ')) expect(todo).toContain(palabra);
      expect(todo.match(/Total de la red/g)).toHaveLength(1);
      expect(tabla[tabla.length - 1].text).toMatch(/Total de la red\s+1\.301/);
    });
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
      const total = data.serie.reduce((n, s) => n + (s.donaciones ?? 0), 0);
      expect(runs.reduce((n, m) => n + Number(m[3].replace(/\./g, '')), 0)).toBe(total);
    });
  });
});

describe('ReportePdf: the components page', () => {
  it('adds a page with every type’s figures and the discards by reason, read back from the PDF', async () => {
    const pages = await render({ ...indicadores, componentes }, 'reporte-componentes');
    expect(pages).toHaveLength(2);
    const { text } = pages[1];
    expect(text).toContain(servicio.nombre);
    expect(text).toContain('Del 01/01/2026 al 31/03/2026');
    expect(text).toContain('Componentes por tipo');
    for (const head of ['Producidos', 'Liberados', 'Despachados', 'Transfundidos', 'Devueltos', 'Vencidos']) {
      expect(text).toContain(head);
    }
    // Long heads wrap inside their column.
    expect(text).toMatch(/A hospital\s+A otro\s+A servicio/);
    expect(text).toMatch(/Stock al\s*\n\s*o clínica\s+servicio de\s+final/);
    // Producidos, liberados, despachados, to each destination kind, transfused, returned, discarded, expired, stock.
    expect(text).toMatch(
      /Glóbulos rojos\s+1\.210\s+1\.150\s+1\.095\s+820\s+45\s+230\s+960\s+31\s+44\s+17\s+88/,
    );
    expect(text).toMatch(/1\.190\s+1\.120\s+762\s+610\s+12\s+140\s+700\s+8\s+35\s+0\s+402/);
    expect(text).toContain('Descartados por motivo');
    expect(text).toMatch(/Serología reactiva\s+24\s+24\s+0\s+0/);
    expect(text).toMatch(/Lipémico\s+0\s+11\s+0\s+0/);
    expect(text).not.toContain('Hemolizado');
    expectInsidePage(pages[1]);
  });

  it('has no components page when every figure is 0 (a servicio that does not split its donations)', async () => {
    const ceros = componentes.map((c) => ({
      ...c,
      producidos: 0,
      liberados: 0,
      descartados: 0,
      porMotivo: c.porMotivo.map((m) => ({ ...m, cantidad: 0 })),
      despachados: 0,
      porDestino: c.porDestino.map((d) => ({ ...d, cantidad: 0 })),
      transfundidos: 0,
      devueltos: 0,
      vencidos: 0,
      stockFinal: 0,
    }));
    const pages = await render({ ...indicadores, componentes: ceros });
    expect(pages).toHaveLength(1);
    expect(pages[0].text).not.toContain('Componentes por tipo');
  });

  it('writes "menos de 5" where a figure is not published, with the note', async () => {
    const pages = await render({ ...indicadores, componentes: componentesSuprimidos });
    const { text } = pages[1];
    expect(text).toMatch(/Bolsa rota o pérdida\s+menos de 5\s+0\s+0\s+0/);
    expect(text).toMatch(/Vencimiento\s+menos de 5\s+0\s+26\s+0/);
    // The expired of red cells, in its narrow column: 'menos' over 'de 5'.
    expect(text).toMatch(
      /Glóbulos rojos\s+1\.210\s+1\.150\s+1\.095\s+820\s+45\s+230\s+960\s+31\s+\S+\s+menos\s+88\s*\n\s*de 5/,
    );
    expect(text).toContain(MSG.notaSupresionCorta.slice(MSG.notaSupresionCorta.indexOf(':')));
  });
});
