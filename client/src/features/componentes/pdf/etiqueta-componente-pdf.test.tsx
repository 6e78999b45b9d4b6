/** @jest-environment node */
import { writeFileSync } from 'node:fs';
import { renderToBuffer } from '@react-pdf/renderer';
import { caracterControlIso7064 } from '@domain/etiquetas';
import { ETIQUETA_ALTO_MM, ETIQUETA_ANCHO_MM } from '@domain/limites';
import { decodeCode128 } from '../../../../../test/pdf/code128';
import { find, linesOf, readPdf, type PdfPage } from '../../../../../test/pdf/pdf-reader';
import { mm } from '@/imprimibles/format';
import { agruparIdentificador } from '../componentes-format';
import { EtiquetaComponentePdf, ETIQUETAS_POR_HOJA } from './etiqueta-componente-pdf';
import type { ComponenteEtiqueta, EtiquetasComponentesData } from './types';

const identificador = (producto: string) => {
  const base = `9000125000004${producto}`;
  return `${base}${caracterControlIso7064(base)}`;
};

const gr: ComponenteEtiqueta = {
  codigo: identificador('GR1'),
  tipo: 'GLOBULOS_ROJOS',
  estado: 'LIBERADO',
  volumen: 280,
  // 10:30 in Argentina (UTC-3)
  producidoEn: '2025-08-09T13:30:00.000Z',
  venceEn: '2025-09-20T13:30:00.000Z',
  vencido: false,
  abo: 'AB',
  rh: 'negativo',
};
const pq: ComponenteEtiqueta = {
  ...gr,
  codigo: identificador('PQ1'),
  tipo: 'PLAQUETAS',
  volumen: 50,
  venceEn: '2025-08-14T13:30:00.000Z',
  estado: 'CUARENTENA',
};
const pf: ComponenteEtiqueta = {
  ...gr,
  codigo: identificador('PF1'),
  tipo: 'PLASMA_FRESCO_CONGELADO',
  volumen: 250,
  venceEn: '2026-08-09T13:30:00.000Z',
};

const servicio = { nombre: 'Servicio de Hemoterapia Hospital Español', codigoInstalacion: '90001' };

async function render(data: EtiquetasComponentesData, sample?: string): Promise<PdfPage[]> {
  const buffer = await renderToBuffer(<EtiquetaComponentePdf data={data} />);
  // PDF_SAMPLES=/tmp writes the PDFs to look at (pdftoppm -png -r 150 file.pdf out).
  if (sample && process.env.PDF_SAMPLES) writeFileSync(`${process.env.PDF_SAMPLES}/${sample}.pdf`, buffer);
  return readPdf(buffer);
}

/** The lines of the page that contain `needle` (pdf.js may cut a line into several runs). */
const lineas = (page: PdfPage, needle: string) => linesOf(page.texts).filter((l) => l.includes(needle));

/** Everything printed lies on the page, inside a thermal printer's unprinted edge of 1.5 mm. */
function dentro(page: PdfPage): void {
  const borde = mm(1.5) - 0.5;
  for (const t of page.texts) {
    expect(t.x).toBeGreaterThanOrEqual(borde);
    expect(t.y).toBeLessThanOrEqual(page.height - borde);
  }
  for (const img of page.images) {
    expect(img.x).toBeGreaterThanOrEqual(borde);
    expect(img.y).toBeGreaterThanOrEqual(borde);
    expect(img.x + img.width).toBeLessThanOrEqual(page.width - borde);
    expect(img.y + img.height).toBeLessThanOrEqual(page.height - borde);
  }
}

describe('agruparIdentificador', () => {
  it('groups facility, year, number, product and check character', () => {
    expect(agruparIdentificador('9000126000004GR1K')).toBe('90001 26 000004 GR1 K');
    expect(agruparIdentificador('A123426000004K')).toBe('A1234 26 000004 K');
    expect(agruparIdentificador('90001261234567PF27')).toBe('90001 26 1234567 PF2 7');
    expect(agruparIdentificador('otra cosa')).toBe('otra cosa');
  });
});

describe('EtiquetaComponentePdf on the A4 sheet', () => {
  it('one label per component: identifier, barcode, product, group, volume and dates', async () => {
    const pages = await render({ componentes: [gr, pf], servicio }, 'etiquetas-componentes');
    expect(pages).toHaveLength(1);
    const [page] = pages;
    expect(page.width).toBeCloseTo(mm(297), 0);
    expect(page.images).toHaveLength(2);
    const decoded = page.images.map((img) => decodeCode128(img.pixels));
    expect(decoded.map((d) => d?.text)).toEqual([gr.codigo, pf.codigo]);
    for (const d of decoded) {
      expect(d!.quietLeft).toBeGreaterThanOrEqual(10);
      expect(d!.quietRight).toBeGreaterThanOrEqual(10);
    }
    expect(lineas(page, agruparIdentificador(gr.codigo))).toHaveLength(1);
    expect(agruparIdentificador(gr.codigo)).toMatch(/^90001 25 000004 GR1 .$/);
    expect(find(page, 'Concentrado de glóbulos rojos')).toHaveLength(1);
    expect(find(page, 'Plasma fresco congelado')).toHaveLength(1);
    expect(find(page, 'Volumen: 280 ml')).toHaveLength(1);
    expect(find(page, 'Volumen: 250 ml')).toHaveLength(1);
    expect(find(page, 'Producción: 09/08/2025')).toHaveLength(2);
    expect(find(page, 'Vence: 20/09/2025')).toHaveLength(1);
    expect(find(page, 'Vence: 09/08/2026')).toHaveLength(1);
    expect(find(page, servicio.nombre)).toHaveLength(2);
    expect(find(page, 'Instalación 90001')).toHaveLength(2);
    // The group in large type, the factor under it.
    const grupos = page.texts.filter((t) => t.text === 'AB');
    expect(grupos).toHaveLength(2);
    const [nombre] = find(page, 'Concentrado de glóbulos rojos');
    for (const g of grupos) expect(g.size).toBeGreaterThanOrEqual(nombre.size * 3);
    expect(find(page, 'RhD NEGATIVO')).toHaveLength(2);
    // Released: nothing warns against transfusing them.
    expect(page.text).not.toContain('NO TRANSFUNDIR');
  });

  it('a unit in quarantine says so; platelets expire with the time', async () => {
    const [page] = await render({ componentes: [pq], servicio }, 'etiqueta-cuarentena');
    expect(find(page, 'EN CUARENTENA — NO TRANSFUNDIR')).toHaveLength(1);
    expect(find(page, 'Concentrado de plaquetas')).toHaveLength(1);
    expect(find(page, 'Vence: 14/08/2025 10:30')).toHaveLength(1);
    expect(decodeCode128(page.images[0].pixels)?.text).toBe(pq.codigo);
  });

  it('a discarded or expired unit never prints as fit', async () => {
    const [page] = await render({
      componentes: [
        { ...gr, estado: 'DESCARTADO' },
        { ...pf, vencido: true },
      ],
      servicio,
    });
    expect(find(page, 'DESCARTADO — NO TRANSFUNDIR')).toHaveLength(1);
    expect(find(page, 'VENCIDO — NO TRANSFUNDIR')).toHaveLength(1);
  });

  it('seven components take two sheets, six and one', async () => {
    const componentes = Array.from({ length: 7 }, (_, i) => ({ ...gr, codigo: identificador(`GR${i + 1}`) }));
    const pages = await render({ componentes, servicio });
    expect(pages.map((p) => p.images.length)).toEqual([ETIQUETAS_POR_HOJA, 1]);
    expect(decodeCode128(pages[1].images[0].pixels)?.text).toBe(componentes[6].codigo);
  });

  it('without a barcode the identifier still prints, larger', async () => {
    const buffer = await renderToBuffer(
      <EtiquetaComponentePdf
        data={{ componentes: [gr], servicio }}
        barcodeMaker={() => {
          throw new Error('sin código de barras');
        }}
      />,
    );
    const [page] = await readPdf(buffer);
    expect(page.images).toHaveLength(0);
    expect(lineas(page, agruparIdentificador(gr.codigo))).toHaveLength(1);
  });
});

describe('EtiquetaComponentePdf on a label printer: one label per page at its size', () => {
  it.each([
    [100, 50],
    [62, 29],
    [ETIQUETA_ANCHO_MM.min, ETIQUETA_ALTO_MM.min],
    [ETIQUETA_ANCHO_MM.max, ETIQUETA_ALTO_MM.max],
    [50, 100],
  ])('%i x %i mm: every line on the label, the barcode reads the identifier', async (w, h) => {
    const pages = await render(
      { componentes: [pq, gr], servicio, formato: { formato: 'IMPRESORA', anchoMm: w, altoMm: h } },
      `etiqueta-componente-${w}x${h}`,
    );
    expect(pages).toHaveLength(2);
    const [cuarentena, liberado] = pages;
    for (const [page, c] of [
      [cuarentena, pq],
      [liberado, gr],
    ] as const) {
      expect(page.width).toBeCloseTo(mm(w), 1);
      expect(page.height).toBeCloseTo(mm(h), 1);
      expect(page.images).toHaveLength(1);
      expect(decodeCode128(page.images[0].pixels)?.text).toBe(c.codigo);
      expect(lineas(page, agruparIdentificador(c.codigo))).toHaveLength(1);
      expect(page.texts.filter((t) => t.text === 'AB')).toHaveLength(1);
      expect(find(page, 'RhD NEGATIVO')).toHaveLength(1);
      expect(find(page, 'Instalación 90001')).toHaveLength(1);
      expect(page.text).toContain('Producción: 09/08/2025');
      dentro(page);
    }
    // A narrow label wraps the warning onto two lines.
    expect(cuarentena.text.replace(/\n/g, ' ')).toContain('EN CUARENTENA — NO TRANSFUNDIR');
    expect(liberado.text).not.toContain('CUARENTENA');
  });
});
