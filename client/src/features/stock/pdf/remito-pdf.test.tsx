/** @jest-environment node */
import { writeFileSync } from 'node:fs';
import { renderToBuffer } from '@react-pdf/renderer';
import { caracterControlIso7064 } from '@domain/etiquetas';
import { decodeCode128 } from '../../../../../test/pdf/code128';
import { find, linesOf, readPdf, type PdfPage } from '../../../../../test/pdf/pdf-reader';
import { identificadorLegible } from '@/lib/componentes';
import { RemitoPdf } from './remito-pdf';
import type { RemitoData, UnidadRemito } from './types';

const identificador = (numero: string, producto: string) => {
  const base = `9000126${numero}${producto}`;
  return `${base}${caracterControlIso7064(base)}`;
};

const gr: UnidadRemito = {
  codigo: identificador('000004', 'GR1'),
  tipo: 'GLOBULOS_ROJOS',
  abo: 'O',
  rh: 'NEGATIVO',
  volumen: 280,
  venceEn: '2027-01-07T13:30:00.000Z',
};
const pf: UnidadRemito = {
  codigo: identificador('000005', 'PF1'),
  tipo: 'PLASMA_FRESCO_CONGELADO',
  abo: 'A',
  rh: 'POSITIVO',
  volumen: 250,
  venceEn: '2027-11-20T13:30:00.000Z',
};

const remito: RemitoData = {
  id: '3f2a9c1e-0b7d-4c55-9a11-2b3c4d5e6f70',
  // 10:30 in Argentina (UTC-3)
  despachadoEn: '2026-11-26T13:30:00.000Z',
  despachadoPor: 'Ana Pérez',
  destinoTipo: 'HOSPITAL',
  destinoNombre: 'Hospital Español',
  destinoReferencia: 'Pedido 1234',
  unidades: [gr, pf],
  servicio: { nombre: 'Servicio de Hemoterapia Central', codigoInstalacion: '90001' },
};

async function render(data: RemitoData, sample?: string): Promise<PdfPage[]> {
  const buffer = await renderToBuffer(<RemitoPdf data={data} />);
  if (sample && process.env.PDF_SAMPLES) writeFileSync(`${process.env.PDF_SAMPLES}/${sample}.pdf`, buffer);
  return readPdf(buffer);
}

const texto = (pages: PdfPage[]) => pages.flatMap((p) => linesOf(p.texts)).join('\n');

describe('RemitoPdf', () => {
  it('prints the servicio, the dispatch, the destination and every unit with its barcode', async () => {
    const pages = await render(remito, 'remito');
    expect(pages).toHaveLength(1);
    const [page] = pages;
    // A4 portrait
    expect(page.width).toBeCloseTo(595.28, 0);
    expect(page.height).toBeCloseTo(841.89, 0);
    expect(page.images.map((img) => decodeCode128(img.pixels)?.text)).toEqual([gr.codigo, pf.codigo]);
    const t = texto(pages);
    expect(find(page, 'Servicio de Hemoterapia Central')).toHaveLength(1);
    expect(t).toContain('Instalación 90001');
    expect(t).toContain('Remito de despacho');
    expect(t).toContain('N° 3F2A9C1E');
    expect(t).toContain('Fecha y hora: 26/11/2026 10:30');
    expect(t).toContain('Despachó: Ana Pérez');
    expect(t).toContain('Destino: Hospital o clínica: Hospital Español');
    expect(t).toContain('Referencia: Pedido 1234');
    expect(t).toContain(identificadorLegible(gr.codigo));
    expect(t).toContain(identificadorLegible(pf.codigo));
    expect(t).toContain('Concentrado de glóbulos rojos');
    expect(t).toContain('Plasma fresco congelado');
    expect(t).toContain('O Negativo');
    expect(t).toContain('A Positivo');
    expect(t).toContain('280 ml');
    expect(t).toContain('07/01/2027');
    expect(t).toContain('2 unidades');
    expect(t).toContain('Página 1 de 1');
  });

  it('many units run onto further pages, each unit whole, and the own service is named once', async () => {
    const unidades = Array.from({ length: 30 }, (_, i) => ({
      ...gr,
      codigo: identificador(String(100 + i).padStart(6, '0'), 'GR1'),
    }));
    const pages = await render({
      ...remito,
      destinoTipo: 'SERVICIO_PROPIO',
      destinoNombre: 'Servicio de transfusión propio',
      destinoReferencia: null,
      unidades,
    });
    expect(pages.length).toBeGreaterThan(1);
    const decoded = pages.flatMap((p) => p.images.map((img) => decodeCode128(img.pixels)?.text));
    expect(decoded).toEqual(unidades.map((u) => u.codigo));
    const t = texto(pages);
    expect(t).toContain('Destino: Servicio de transfusión propio');
    expect(t).not.toContain('Referencia:');
    expect(t).toContain('30 unidades');
    expect(t).toContain(`Página ${pages.length} de ${pages.length}`);
  });

  it('without a barcode the identifier still prints', async () => {
    const pages = await render({ ...remito, unidades: [gr] }, undefined);
    expect(pages[0].images).toHaveLength(1);
    const [page] = await readPdf(await renderToBuffer(<RemitoPdf data={remito} barcodeMaker={() => null} />));
    expect(page.images).toHaveLength(0);
    expect(texto([page])).toContain(identificadorLegible(gr.codigo));
  });
});
