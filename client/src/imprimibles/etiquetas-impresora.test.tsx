/** @jest-environment node */
import { writeFileSync } from 'node:fs';
import { renderToBuffer } from '@react-pdf/renderer';
import { codigoEtiqueta, codigoEtiquetaImpreso, NUMERO_ETIQUETA_MAX } from '@domain/etiquetas';
import { ETIQUETA_ALTO_MM, ETIQUETA_ANCHO_MM } from '@domain/limites';
import { servicio } from '../../../test/pdf/fixtures';
import { decodeCode128 } from '../../../test/pdf/code128';
import { find, readPdf, type PdfPage } from '../../../test/pdf/pdf-reader';
import { EtiquetasPdf, LABELS_PER_SHEET } from './etiquetas-pdf';
import { mm } from './format';
import type { EtiquetasPdfData } from './types';

const data: EtiquetasPdfData = { numero: '004217', codigo: '004217E', fecha: '2025-08-09', servicio };

const impresora = (anchoMm: number, altoMm: number) => ({ formato: 'IMPRESORA' as const, anchoMm, altoMm });

async function render(d: EtiquetasPdfData, sample?: string): Promise<PdfPage[]> {
  const buffer = await renderToBuffer(<EtiquetasPdf data={d} />);
  // PDF_SAMPLES=/tmp writes the PDFs to look at (pdftoppm -png -r 150 file.pdf out).
  if (sample && process.env.PDF_SAMPLES) writeFileSync(`${process.env.PDF_SAMPLES}/${sample}.pdf`, buffer);
  return readPdf(buffer);
}

/** Everything printed lies on the page, inside the printer's unprinted edge of 1.5 mm. */
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

describe('EtiquetasPdf for a label printer: one label per page at the chosen size', () => {
  it.each([
    [62, 29],
    [100, 50],
    [57, 32],
    [ETIQUETA_ANCHO_MM.min, ETIQUETA_ALTO_MM.min],
    [ETIQUETA_ANCHO_MM.max, ETIQUETA_ALTO_MM.max],
    [50, 100],
  ])(
    '%i x %i mm: 6 pages of that size in points, each one label whose barcode reads the number',
    async (w, h) => {
      const pages = await render({ ...data, formato: impresora(w, h) }, `etiquetas-impresora-${w}x${h}`);
      expect(pages).toHaveLength(LABELS_PER_SHEET);
      for (const page of pages) {
        expect(page.width).toBeCloseTo(mm(w), 1);
        expect(page.height).toBeCloseTo(mm(h), 1);
        // One label: the number, its code, the servicio and the date once each, and one barcode.
        expect(page.texts.filter((t) => t.text === '004217')).toHaveLength(1);
        expect(find(page, 'Código 004217-E')).toHaveLength(1);
        expect(page.text).toContain('Fecha: 09/08/2025');
        expect(page.text).toContain('Servicio de Hemoterapia');
        expect(page.images).toHaveLength(1);
        const [barcode] = page.images;
        const decoded = decodeCode128(barcode.pixels);
        expect(decoded?.text).toBe('004217');
        expect(decoded!.quietLeft).toBeGreaterThanOrEqual(10);
        expect(decoded!.quietRight).toBeGreaterThanOrEqual(10);
        // The number under its barcode, the code beside the number.
        const [numero] = page.texts.filter((t) => t.text === '004217');
        expect(numero.y).toBeGreaterThan(barcode.y + barcode.height);
        const [codigo] = find(page, 'Código 004217-E');
        expect(codigo.x).toBeGreaterThan(numero.x);
        expect(Math.abs(codigo.y - numero.y)).toBeLessThan(mm(3));
        dentro(page);
      }
    },
  );

  it('the narrowest label still prints the longest number with modules of at least 0.3 mm', async () => {
    const numero = String(NUMERO_ETIQUETA_MAX);
    const pages = await render({
      ...data,
      numero,
      codigo: codigoEtiqueta(NUMERO_ETIQUETA_MAX),
      formato: impresora(ETIQUETA_ANCHO_MM.min, ETIQUETA_ALTO_MM.min),
    });
    expect(pages).toHaveLength(LABELS_PER_SHEET);
    for (const page of pages) {
      const [barcode] = page.images;
      expect(decodeCode128(barcode.pixels)?.text).toBe(numero);
      // The PNG is 3 pixels a module: the printed width of one module.
      const modulos = barcode.pixels.width / 3;
      expect((barcode.width / modulos) * (25.4 / 72)).toBeGreaterThanOrEqual(0.3);
      expect(find(page, `Código ${codigoEtiquetaImpreso(codigoEtiqueta(NUMERO_ETIQUETA_MAX))}`)).toHaveLength(
        1,
      );
      dentro(page);
    }
  });

  it('a long servicio name is cut, never pushing the label onto a second page', async () => {
    const largo = {
      ...servicio,
      nombre: `${servicio.nombre} - Centro Regional de Hemoterapia de la Provincia`,
    };
    const pages = await render({ ...data, servicio: largo, formato: impresora(62, 29) });
    expect(pages).toHaveLength(LABELS_PER_SHEET);
    for (const page of pages) {
      expect(page.images).toHaveLength(1);
      dentro(page);
    }
  });

  it('without a barcode the number prints as large text, one label per page', async () => {
    const failing = () => {
      throw new Error('sin código de barras');
    };
    const buffer = await renderToBuffer(
      <EtiquetasPdf data={{ ...data, formato: impresora(62, 29) }} barcodeMaker={failing} />,
    );
    const pages = await readPdf(buffer);
    expect(pages).toHaveLength(LABELS_PER_SHEET);
    for (const page of pages) {
      expect(page.images).toHaveLength(0);
      const [numero] = page.texts.filter((t) => t.text === '004217');
      expect(numero.size).toBeGreaterThanOrEqual(12);
      expect(find(page, 'Código 004217-E')).toHaveLength(1);
      dentro(page);
    }
  });

  it('the A4 sheet of six stays the default, whatever printer size is kept', async () => {
    for (const formato of [undefined, { formato: 'HOJA_A4' as const, anchoMm: 62, altoMm: 29 }]) {
      const pages = await render({ ...data, formato });
      expect(pages).toHaveLength(1);
      expect(pages[0].width).toBeCloseTo(mm(297), 0);
      expect(pages[0].height).toBeCloseTo(mm(210), 0);
      expect(pages[0].images).toHaveLength(6);
    }
  });
});
