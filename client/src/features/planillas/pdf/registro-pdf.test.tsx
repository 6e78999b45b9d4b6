/** @jest-environment node */
import { writeFileSync } from 'node:fs';
import { renderToBuffer } from '@react-pdf/renderer';
import { identificadorLegible } from '@domain/componentes';
import { caracterControlIso7064 } from '@domain/etiquetas';
import { find, linesOf, readPdf, type PdfPage, type TextRun } from '../../../../../test/pdf/pdf-reader';
import {
  COLUMNAS_DESCARTES,
  COLUMNAS_DESPACHOS,
  type ColumnaRegistro,
  type DescarteImprimible,
  type DespachoImprimible,
  type RegistroPdfData,
} from '../registros-format';
import { RegistroPdf } from './registro-pdf';

const A4_APAISADA = { w: 841.89, h: 595.28 };
const servicio = {
  nombre: 'Servicio de Hemoterapia Hospital Español',
  direccion: 'Av. Belgrano 2975, Bahía Blanca',
  telefono: '0291 455-1234',
};
const generado = new Date('2026-04-02T15:30:00Z');

const codigo = (n: number, producto: string) => {
  const base = `9000126${String(n).padStart(6, '0')}${producto}`;
  return `${base}${caracterControlIso7064(base)}`;
};

/** 10:30 in Argentina of a March day. */
const instante = (dia: number, minuto = 0) =>
  `2026-03-${String(dia).padStart(2, '0')}T13:${String(30 + minuto).padStart(2, '0')}:00.000Z`;

const descarte = (i: number, over: Partial<DescarteImprimible> = {}): DescarteImprimible => ({
  descartadoEn: instante(1 + (i % 28), i % 20),
  codigo: codigo(100 + i, 'GR1'),
  tipo: 'GLOBULOS_ROJOS',
  codigoProducto: 'GR1',
  abo: 'O',
  rh: 'NEGATIVO',
  volumen: 280,
  motivoTexto: 'Vencimiento',
  detalle: null,
  descartadoPor: 'Automático (vencimiento)',
  descartadoEnDestino: null,
  ...over,
});

async function render(data: RegistroPdfData, sample?: string): Promise<PdfPage[]> {
  const buffer = await renderToBuffer(<RegistroPdf data={data} />);
  if (sample && process.env.PDF_SAMPLES) writeFileSync(`${process.env.PDF_SAMPLES}/${sample}.pdf`, buffer);
  return readPdf(buffer);
}

/**
 * The row of `page` with the identifier of `valores`: each expected value found on that row (its
 * first line when it wraps) under its own column's head.
 */
function expectFila(page: PdfPage, columnas: readonly ColumnaRegistro[], valores: string[]) {
  // The heads' line, left to right: each column's head is the next run that starts with its first word.
  const [fecha] = find(page, 'Fecha y hora');
  const linea = page.texts.filter((r) => Math.abs(r.y - fecha.y) < 1.5).sort((a, b) => a.x - b.x);
  let k = 0;
  const heads = columnas.map((c) => {
    while (k < linea.length && !linea[k].text.startsWith(c.head.split(' ')[0])) k += 1;
    if (k === linea.length) throw new Error(`No head ${c.head}`);
    return linea[k++];
  });
  // Each column spans from its left edge (the head's x, or its right edge for a number) to the next column's.
  const bordes = columnas.map((c, j) => (c.num ? heads[j - 1].x + 1 : heads[j].x));
  // The row: the runs of one line (runs may split a value where the font kerns) holding the identifier.
  const sinEspacios = (t: string) => t.replace(/\s+/g, '');
  const ancla = sinEspacios(valores[columnas.findIndex((c) => c.head === 'Identificador')]);
  const enLinea = (y: number) => page.texts.filter((r: TextRun) => Math.abs(r.y - y) < 1.5);
  const inicio = page.texts.find(
    (r) =>
      r.y > heads[0].y + 2 &&
      sinEspacios(
        enLinea(r.y)
          .sort((a, b) => a.x - b.x)
          .map((t) => t.text)
          .join(''),
      ).includes(ancla),
  );
  if (!inicio) throw new Error(`No row ${ancla}`);
  const fila = enLinea(inicio.y);
  valores.forEach((valor, j) => {
    if (valor === '') return;
    const desde = bordes[j] - 1;
    const hasta = j + 1 < bordes.length ? bordes[j + 1] : A4_APAISADA.w;
    const enColumna = fila
      .filter((r) => r.x >= desde && r.x < hasta)
      .sort((a, b) => a.x - b.x)
      .map((r) => r.text)
      .join('');
    expect({ columna: columnas[j].head, texto: sinEspacios(enColumna) }).toEqual({
      columna: columnas[j].head,
      texto: expect.stringContaining(sinEspacios(valor)),
    });
  });
}

describe('RegistroPdf: the discard register', () => {
  const filas: DescarteImprimible[] = [
    descarte(0, {
      descartadoEn: instante(2, 5),
      codigo: codigo(4, 'PQ1'),
      tipo: 'PLAQUETAS',
      codigoProducto: 'PQ1',
      abo: 'A',
      rh: 'POSITIVO',
      volumen: 55,
      motivoTexto: 'Bolsa rota o pérdida',
      detalle: 'Se rompió al moverla',
      descartadoPor: 'Marta Gómez',
    }),
    descarte(1, {
      descartadoEn: instante(3),
      codigo: codigo(5, 'PF1'),
      tipo: 'PLASMA_FRESCO_CONGELADO',
      codigoProducto: 'PF1',
      abo: 'AB',
      rh: 'NEGATIVO',
      volumen: 250,
      motivoTexto: 'Hemolizado',
      detalle: 'Hemólisis',
      descartadoPor: 'Juan Ríos',
      descartadoEnDestino: 'Hospital Municipal',
    }),
    ...Array.from({ length: 70 }, (_, i) => descarte(i + 2)),
  ];
  const data: RegistroPdfData = {
    clave: 'descartes',
    filas,
    servicio,
    desde: '2026-03-01',
    hasta: '2026-03-31',
    generado,
  };

  it('is A4 landscape sheets, each with the servicio, the period, "Hoja X de Y" and the column heads', async () => {
    const pages = await render(data, 'registro-descartes');
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page.width).toBeCloseTo(A4_APAISADA.w, 0);
      expect(page.height).toBeCloseTo(A4_APAISADA.h, 0);
      expect(page.text).toContain(servicio.nombre);
      expect(page.text).toContain('Registro de unidades descartadas');
      expect(page.text).toContain('Del 01/03/2026 al 31/03/2026');
      expect(page.text).toContain(`Hoja ${i + 1} de ${pages.length}`);
      expect(linesOf(page.texts).join('\n')).toMatch(
        /Fecha y hora\s+Identificador\s+Producto\s+ABO\/Rh\s+Volumen \(ml\)\s+Motivo\s+Detalle\s+Descartó\s+Lugar/,
      );
      for (const t of page.texts) expect(t.y).toBeLessThan(A4_APAISADA.h - 14);
    });
    // Every unit once, none lost between sheets.
    const todas = pages.map((p) => p.text).join('\n');
    for (const f of filas) expect(todas.split(identificadorLegible(f.codigo)).length - 1).toBe(1);
  });

  it('reads back every column of a row under its head', async () => {
    const [primera] = await render(data);
    expectFila(primera, COLUMNAS_DESCARTES, [
      '02/03/2026 10:35',
      identificadorLegible(codigo(4, 'PQ1')),
      'Plaquetas (PQ1)',
      'A Positivo',
      '55',
      'Bolsa rota o pérdida',
      'Se rompió al moverla',
      'Marta Gómez',
      'En el servicio',
    ]);
    expectFila(primera, COLUMNAS_DESCARTES, [
      '03/03/2026 10:30',
      identificadorLegible(codigo(5, 'PF1')),
      'Plasma fresco',
      'AB Negativo',
      '250',
      'Hemolizado',
      'Hemólisis',
      'Juan Ríos',
      'En el destino:',
    ]);
    expect(primera.text).toMatch(/En el destino: Hospital\n.*Municipal/);
    expect(primera.text).toMatch(/Automático\s[^]*\(vencimiento\)/);
  });

  it('says so when the period has none', async () => {
    const [page] = await render({ ...data, filas: [] });
    expect(page.text).toContain('Sin unidades descartadas en el período.');
    expect(page.text).toContain('Hoja 1 de 1');
  });
});

describe('RegistroPdf: the dispatch register', () => {
  const despacho = (i: number, over: Partial<DespachoImprimible> = {}): DespachoImprimible => ({
    numero: `3F2A9C${String(i).padStart(2, '0')}`,
    despachadoEn: instante(1 + (i % 28)),
    destinoTipo: 'HOSPITAL',
    destinoNombre: 'Hospital Municipal',
    destinoReferencia: `Pedido ${i}`,
    despachadoPor: 'Marta Gómez',
    unidades: [
      {
        codigo: codigo(200 + i, 'GR1'),
        tipo: 'GLOBULOS_ROJOS',
        codigoProducto: 'GR1',
        abo: 'O',
        rh: 'POSITIVO',
        venceEn: '2026-04-20T13:30:00.000Z',
        destinoPosterior: 'Transfundida',
      },
    ],
    ...over,
  });
  const filas: DespachoImprimible[] = [
    despacho(0, {
      destinoTipo: 'SERVICIO_PROPIO',
      destinoNombre: 'Servicio de transfusión propio',
      destinoReferencia: null,
      unidades: [
        {
          codigo: codigo(7, 'PF1'),
          tipo: 'PLASMA_FRESCO_CONGELADO',
          codigoProducto: 'PF1',
          abo: 'B',
          rh: 'NEGATIVO',
          venceEn: '2027-01-07T13:30:00.000Z',
          destinoPosterior: 'Devuelta, sin la cadena de frío (descartada)',
        },
        {
          codigo: codigo(8, 'GR1'),
          tipo: 'GLOBULOS_ROJOS',
          codigoProducto: 'GR1',
          abo: 'A',
          rh: 'POSITIVO',
          venceEn: '2026-04-10T13:30:00.000Z',
          destinoPosterior: 'Transfundida',
        },
      ],
    }),
    ...Array.from({ length: 60 }, (_, i) => despacho(i + 1)),
  ];
  const data: RegistroPdfData = {
    clave: 'despachos',
    filas,
    servicio,
    desde: '2026-03-01',
    hasta: '2026-03-31',
    generado,
  };

  it('repeats the heads on every sheet, numbered "Hoja X de Y"', async () => {
    const pages = await render(data, 'registro-despachos');
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page.text).toContain('Registro de despachos');
      expect(page.text).toContain(`Hoja ${i + 1} de ${pages.length}`);
      expect(linesOf(page.texts).join('\n')).toMatch(
        /N\.º\s+Fecha y hora\s+Destino\s+Referencia\s+Despachó\s+Identificador\s+Producto\s+ABO\/Rh\s+Vence\s+Destino posterior/,
      );
    });
  });

  it("reads back every column: the dispatch's on its first unit's row, each unit's fate", async () => {
    const [primera] = await render(data);
    expectFila(primera, COLUMNAS_DESPACHOS, [
      '3F2A9C00',
      '01/03/2026 10:30',
      'Servicio de',
      '',
      'Marta Gómez',
      identificadorLegible(codigo(7, 'PF1')),
      'Plasma fresco',
      'B Negativo',
      '07/01/2027 10:30',
      'Devuelta, sin la',
    ]);
    // The second unit of the same dispatch: its own cells only.
    expectFila(primera, COLUMNAS_DESPACHOS, [
      '',
      '',
      '',
      '',
      '',
      identificadorLegible(codigo(8, 'GR1')),
      'Glóbulos rojos (GR1)',
      'A Positivo',
      '10/04/2026 10:30',
      'Transfundida',
    ]);
    expectFila(primera, COLUMNAS_DESPACHOS, [
      '3F2A9C01',
      '02/03/2026 10:30',
      'Hospital o clínica:',
      'Pedido 1',
      'Marta Gómez',
      identificadorLegible(codigo(201, 'GR1')),
      'Glóbulos rojos (GR1)',
      'O Positivo',
      '20/04/2026 10:30',
      'Transfundida',
    ]);
  });
});
