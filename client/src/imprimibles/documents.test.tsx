/** @jest-environment node */
import { writeFileSync } from 'node:fs';
import type { ReactElement } from 'react';
import { renderToBuffer, type DocumentProps } from '@react-pdf/renderer';
import { codigoEtiqueta, codigoEtiquetaImpreso } from '@domain/etiquetas';
import { cphData, donacion, donaciones, servicio } from '../../../test/pdf/fixtures';
import { decodeCode128 } from '../../../test/pdf/code128';
import { find, linesOf, readPdf, type PdfPage } from '../../../test/pdf/pdf-reader';
import { QUIET_ZONE_MODULES } from './barcode';
import { CPH_BOXES, CPH_BOX_STEP as BOX_STEP, CphPdf } from './cph-pdf';
import { HemodonacionPdf } from './hemodonacion-pdf';
import { formatLibroTime, libroFileName } from './format';
import { EtiquetasPdf } from './etiquetas-pdf';
import { LibroPdf, fileName } from './libro-pdf';
import type { DonacionImprimible } from './types';

const A4 = { w: 595.28, h: 841.89 };

async function render(doc: ReactElement<DocumentProps>, sample?: string): Promise<PdfPage[]> {
  const buffer = await renderToBuffer(doc);
  // PDF_SAMPLES=/tmp writes the PDFs to look at (pdftoppm -png -r 60 file.pdf out).
  if (sample && process.env.PDF_SAMPLES) writeFileSync(`${process.env.PDF_SAMPLES}/${sample}.pdf`, buffer);
  return readPdf(buffer);
}

const expectPortrait = (p: PdfPage) => {
  expect(p.width).toBeCloseTo(A4.w, 0);
  expect(p.height).toBeCloseTo(A4.h, 0);
};
const expectLandscape = (p: PdfPage) => {
  expect(p.width).toBeCloseTo(A4.h, 0);
  expect(p.height).toBeCloseTo(A4.w, 0);
};

describe('EtiquetasPdf', () => {
  const data = { numero: '004217', codigo: '004217E', fecha: '2025-08-09', servicio };

  it('prints 6 labels on one A4 sheet, 3 columns by 2 rows, all with the same number', async () => {
    const [page, ...rest] = await render(<EtiquetasPdf data={data} />, 'etiquetas');
    expect(rest).toHaveLength(0);
    expectLandscape(page);
    const numbers = page.texts.filter((t) => t.text === '004217');
    expect(numbers).toHaveLength(6);
    expect(new Set(numbers.map((t) => Math.round(t.x))).size).toBe(3);
    expect(new Set(numbers.map((t) => Math.round(t.y))).size).toBe(2);
    expect(find(page, servicio.nombre)).toHaveLength(6);
    expect(find(page, 'Fecha: 09/08/2025')).toHaveLength(6);
    expect(page.text).toContain('Donación N°');
    expect(page.images).toHaveLength(6);
  });

  it('each barcode decodes back to the number, with quiet zones of at least 10 modules', async () => {
    const [page] = await render(<EtiquetasPdf data={data} />);
    for (const image of page.images) {
      const decoded = decodeCode128(image.pixels);
      expect(decoded?.text).toBe('004217');
      expect(decoded!.quietLeft).toBeGreaterThanOrEqual(10);
      expect(decoded!.quietRight).toBeGreaterThanOrEqual(10);
      expect(QUIET_ZONE_MODULES).toBeGreaterThanOrEqual(10);
      // the PNG may be a single row: what matters is the printed size (84 x 30 mm)
      expect(image.width).toBeCloseTo(mm(84), 0);
      expect(image.height).toBeCloseTo(mm(30), 0);
      // the number sits under its barcode
      const under = page.texts.find(
        (t) =>
          t.text === '004217' && t.y > image.y + image.height && t.x > image.x && t.x < image.x + image.width,
      );
      expect(under).toBeDefined();
    }
  });

  it('prints the code (number + check character) beside the number; the barcode stays the number', async () => {
    const [page] = await render(<EtiquetasPdf data={data} />);
    const numbers = page.texts.filter((t) => t.text === '004217');
    const codes = page.texts.filter((t) => t.text === 'Código 004217-E');
    expect(codes).toHaveLength(6);
    for (const code of codes) {
      // On the number's line, to its right, within the same label.
      const number = numbers.find((n) => Math.abs(n.y - code.y) < 6 && n.x < code.x && code.x - n.x < mm(45));
      expect(number).toBeDefined();
    }
    for (const image of page.images) expect(decodeCode128(image.pixels)?.text).toBe('004217');
  });

  it('a check character that is a digit is set apart from the number (39: 39-8, never 398)', async () => {
    expect(codigoEtiqueta(39)).toBe('398');
    const [page] = await render(
      <EtiquetasPdf data={{ ...data, numero: '39', codigo: codigoEtiqueta(39) }} />,
    );
    expect(page.texts.filter((t) => t.text === 'Código 39-8')).toHaveLength(6);
    expect(page.text).not.toContain('398');
    for (const image of page.images) expect(decodeCode128(image.pixels)?.text).toBe('39');
  });

  it('falls back to the number as plain large text when the barcode cannot be made', async () => {
    const failing = () => {
      throw new Error('sin canvas');
    };
    const [page] = await render(<EtiquetasPdf data={data} barcodeMaker={failing} />, 'etiquetas-texto');
    expect(page.images).toHaveLength(0);
    const numbers = page.texts.filter((t) => t.text === '004217');
    expect(numbers).toHaveLength(6);
    for (const n of numbers) expect(n.size).toBeGreaterThanOrEqual(30);
    // The code under each number.
    const codes = page.texts.filter((t) => t.text === 'Código 004217-E');
    expect(codes).toHaveLength(6);
    for (const code of codes) {
      expect(
        numbers.some((n) => code.y > n.y && code.y - n.y < mm(20) && Math.abs(code.x - n.x) < mm(20)),
      ).toBe(true);
    }
  });

  it('falls back to text for a value CODE128 cannot encode', async () => {
    const [page] = await render(<EtiquetasPdf data={{ ...data, numero: 'Ñ-17' }} />);
    expect(page.images).toHaveLength(0);
    expect(page.texts.filter((t) => t.text === 'Ñ-17')).toHaveLength(6);
  });
});

describe('HemodonacionPdf', () => {
  const anteriores = [
    { numero: '000900', fecha: '2024-01-10', hora: '09:15', abo: 'A', rh: 'positivo' },
    { numero: '000950', fecha: '2024-06-11', hora: '10:20', abo: 'A', rh: 'positivo' },
    { numero: '000980', fecha: '2024-12-12', hora: '11:25', abo: 'A', rh: 'positivo' },
    { numero: '000800', fecha: '2023-05-01', hora: '08:00', abo: 'A', rh: 'positivo' },
    { numero: '001000', fecha: '2025-08-09', hora: '08:00', abo: 'A', rh: 'positivo' },
  ];

  it('is one A4 portrait page with donor data, accents and the last 3 donations', async () => {
    const pages = await render(
      <HemodonacionPdf data={{ donacion: donacion(0), anteriores, servicio }} />,
      'hemodonacion',
    );
    expect(pages).toHaveLength(1);
    const [page] = pages;
    expectPortrait(page);
    expect(page.text).toContain('HEMODONACIÓN');
    expect(page.text).toContain(`Código de etiqueta: ${codigoEtiquetaImpreso(donacion(0).codigo)}`);
    expect(codigoEtiquetaImpreso(donacion(0).codigo)).toMatch(/^001000-[0-9A-Z*]$/);
    expect(page.text).toContain('Muñoz Pérez, José María');
    expect(page.text).toContain('Bahía Blanca');
    expect(page.text).toContain('Pehuajó');
    for (const n of ['000980', '000950', '000900']) expect(page.text).toContain(n);
    expect(page.text).not.toContain('000800');
    for (const label of [
      'Reacción adversa',
      'Observaciones',
      'Firma y sello del profesional',
      'Tipo de bolsa',
      'Lote',
    ]) {
      expect(page.text).toContain(label);
    }
    expect(page.text).toContain('Bolsa Doble');
    expect(page.text).toContain('L-2025-117');
  });

  it.each([
    ['Si', false, 'Voluntario - Primera vez'],
    ['Si', true, 'Voluntario - Habitual / Esporádico'],
    ['No', false, 'Reposición - Primera vez'],
    ['No', true, 'Reposición - Habitual / Esporádico'],
  ] as const)(
    'esVoluntario %s, donacionAnterior %s marks only "%s"',
    async (esVoluntario, donacionAnterior, marked) => {
      const d = donacion(0);
      d.donante = { ...d.donante, esVoluntario, donacionAnterior };
      const [page] = await render(<HemodonacionPdf data={{ donacion: d, anteriores: [], servicio }} />);
      const marks = page.texts.filter((t) => t.text === 'X');
      expect(marks).toHaveLength(1);
      const line = linesOf(page.texts).find((l) => l.includes(marked));
      expect(line).toBeDefined();
      const label = find(page, marked)[0];
      expect(Math.abs(label.y - marks[0].y)).toBeLessThan(3);
      expect(marks[0].x).toBeLessThan(label.x);
      expect(label.x - marks[0].x).toBeLessThan(20);
    },
  );

  it('prints unmeasured signs blank, never an underscore or 0', async () => {
    const d = donacion(0, {
      signos: { tas: null, tad: null, fc: 64, peso: null, temp: null, hb: null, hto: null },
      serologia: null,
    });
    const [page] = await render(
      <HemodonacionPdf data={{ donacion: d, anteriores: [], servicio }} />,
      'hemodonacion-blancos',
    );
    const values = page.texts.map((t) => t.text.trim());
    expect(values).toContain('64');
    expect(values).not.toContain('0');
    expect(values).not.toContain('/');
    expect(page.text).not.toMatch(/_/);
    expect(page.text).not.toMatch(/\bnull\b|undefined|NaN/);
  });

  it('prints non-reactive serology as (-) and a reactive marker in words, in a box at the top too', async () => {
    const d = donacion(0);
    d.serologia = { ...d.serologia!, chagas: true, hiv: true };
    const [page] = await render(
      <HemodonacionPdf data={{ donacion: d, anteriores: [], servicio }} />,
      'hemodonacion-reactiva',
    );
    expect(page.texts.filter((t) => t.text === '(-)')).toHaveLength(5);
    // beside its marker, not only as a sign: '(+)' alone is easy to misread on paper
    expect(page.text).toContain('HIV REACTIVO (+)');
    expect(page.text).toContain('Chagas REACTIVO (+)');
    // and above the donor's data, large, before anything else is read
    const alert = find(page, 'SEROLOGÍA REACTIVA: HIV, Chagas')[0];
    expect(alert).toBeDefined();
    expect(alert.size).toBeGreaterThanOrEqual(12);
    expect(alert.y).toBeLessThan(find(page, 'Datos del donante')[0].y);
  });

  it("prints each marker of the panel as its result says: '(+)', '(-)', 'sin realizar', 'indeterminado'", async () => {
    const d = donacion(0);
    d.resultados = [
      { nombre: 'HIV 1/2', signo: '(+)' },
      { nombre: 'HBsAg', signo: 'indeterminado' },
      { nombre: 'HCV', signo: '(-)' },
      { nombre: 'Chagas', signo: 'sin realizar' },
    ];
    const [page] = await render(
      <HemodonacionPdf data={{ donacion: d, anteriores: [], servicio }} />,
      'hemodonacion-resultados',
    );
    for (const t of ['HIV 1/2 (+)', 'HBsAg indeterminado', 'HCV (-)', 'Chagas sin realizar'])
      expect(page.texts.map((x) => x.text)).toContain(t);
    expect(page.text).toContain('SEROLOGÍA REACTIVA: HIV 1/2');
    expect(page.text).not.toContain('HBV');
  });

  it('prints a definitive exclusion in capitals, at the top and in the results', async () => {
    const d = donacion(0, { exclusionDefinitiva: 'Definitiva', exclusionCodigo: 'C12' });
    const [page] = await render(
      <HemodonacionPdf data={{ donacion: d, anteriores: [], servicio }} />,
      'hemodonacion-excluida',
    );
    const alert = find(page, 'EXCLUSIÓN DEFINITIVA (código C12)')[0];
    expect(alert).toBeDefined();
    expect(alert.size).toBeGreaterThanOrEqual(12);
    expect(page.text).toContain('Exclusión: DEFINITIVA (C12)');
    expect(page.text).not.toContain('REACTIV');
  });

  it("flags a discordant group 'Grupo discordante' with its reason, here and in the last donations", async () => {
    const d = donacion(0, { abo: 'A', rh: 'positivo', grupoDiscordante: true, grupoMotivo: 'Muestra nueva' });
    const previas = [{ ...anteriores[0], grupoDiscordante: true }, anteriores[1]];
    const pages = await render(
      <HemodonacionPdf data={{ donacion: d, anteriores: previas, servicio }} />,
      'hemodonacion-grupo-discordante',
    );
    expect(pages).toHaveLength(1);
    const [page] = pages;
    const texts = page.texts.map((t) => t.text);
    expect(texts).toContain('Grupo discordante');
    expect(page.text).toContain('Motivo: Muestra nueva');
    // the earlier donation flagged in its row of the table (the cell may wrap)
    const fila = linesOf(page.texts).find((l) => l.startsWith('10/01/2024'));
    expect(fila).toMatch(/A Positivo \(Grupo/);
    expect(page.text.replace(/\s+/g, ' ')).toContain('A Positivo (Grupo discordante)');
    // beside the group it qualifies, in the results
    const flag = find(page, 'Grupo discordante').find((t) => t.text === 'Grupo discordante')!;
    const grupo = find(page, 'Grupo y factor').at(-1)!;
    expect(flag.y).toBeGreaterThan(grupo.y);
    expect(flag.y - grupo.y).toBeLessThan(20);

    const [sin] = await render(<HemodonacionPdf data={{ donacion: donacion(0), anteriores, servicio }} />);
    expect(sin.text).not.toContain('discordante');
  });

  it.each([
    ['', null, 'Sin realizar'],
    ['NEGATIVO', null, 'Negativo'],
    ['POSITIVO', 'anti-K', 'Positivo (anti-K)'],
  ])('prints the irregular antibodies %s %s with the results', async (estado, anticuerpo, linea) => {
    const d = donacion(0, { anticuerposIrregulares: estado, anticuerpo });
    const [page] = await render(
      <HemodonacionPdf data={{ donacion: d, anteriores: [], servicio }} />,
      `hemodonacion-anticuerpos-${estado || 'sin'}`,
    );
    expect(linesOf(page.texts)).toContain(`Anticuerpos irregulares : ${linea}`);
    // under the serology, in the results
    const label = find(page, 'Anticuerpos irregulares')[0];
    expect(label.y).toBeGreaterThan(find(page, 'Serología')[0].y);
    expect(label.y).toBeLessThan(find(page, 'Reacción adversa')[0].y);
  });

  it('has no warning for a donation with nothing reactive and a temporary exclusion', async () => {
    const d = donacion(0, { exclusionDefinitiva: 'Temporal', exclusionTiempo: 30 });
    const [page] = await render(<HemodonacionPdf data={{ donacion: d, anteriores: [], servicio }} />);
    expect(page.text).toContain('Exclusión: Temporal 30 días');
    expect(page.text).not.toMatch(/REACTIV|DEFINITIVA/);
  });
});

describe('LibroPdf', () => {
  it.each([
    [1, 2],
    [9, 2],
    [10, 4],
    [50, 12],
  ])('%i donations give %i A4 landscape pages numbered "Página N de M"', async (n, expected) => {
    const pages = await render(<LibroPdf donaciones={donaciones(n)} servicio={servicio} />, `libro-${n}`);
    expect(pages).toHaveLength(expected);
    pages.forEach((p, i) => {
      expectLandscape(p);
      expect(p.text).toContain(`Página ${i + 1} de ${expected}`);
    });
    // every donation appears once on an identity page and once on a clinical page
    for (const d of donaciones(n)) {
      const on = pages
        .map((p, i) => (p.texts.some((t) => t.text === d.numero) ? i : -1))
        .filter((i) => i >= 0);
      expect(on).toHaveLength(2);
      expect(on[1]).toBe(on[0] + 1);
      expect(on[0] % 2).toBe(0);
    }
  });

  it('first page: columns in order, 9 rows, DD / MM / YYYY and HH : mm', async () => {
    const [first] = await render(<LibroPdf donaciones={donaciones(9)} servicio={servicio} />);
    const heads = [
      'N°',
      'Fecha y hora',
      'Apellido y nombre - DNI',
      'Domicilio y teléfono',
      'Fecha y lugar de nacimiento',
    ];
    const xs = heads.map((h) => find(first, h)[0].x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    expect(first.texts.filter((t) => /^\d{2} \/ \d{2} \/ \d{4}$/.test(t.text)).length).toBe(18);
    expect(first.texts.filter((t) => t.text === '09 / 08 / 2025')).toHaveLength(9);
    expect(first.texts.filter((t) => t.text === '07 / 03 / 1985')).toHaveLength(9);
    expect(first.texts.some((t) => t.text === '08 : 00')).toBe(true);
    expect(first.text).toContain('Muñoz Pérez, José María');
    expect(first.text).toContain('DNI 20000000');
    expect(first.text).toContain('Güemes 1234, piso 3, depto B - Bahía');
    expect(first.text).toContain('Tel. 0291 15-555-0000');
    expect(first.text).toContain('Pehuajó, Buenos Aires');
    // each number with its code under it, in the N° column
    for (const d of donaciones(9)) {
      const [numero] = find(first, d.numero);
      const [codigo] = first.texts.filter((t) => t.text === `Cód. ${codigoEtiquetaImpreso(d.codigo)}`);
      expect(codigo.y).toBeGreaterThan(numero.y);
      expect(codigo.y - numero.y).toBeLessThan(mm(17) / 2);
      // centred in the same 32 mm column, right of the 18 mm binding margin
      expect(Math.abs(codigo.x - numero.x)).toBeLessThan(mm(8));
      expect(codigo.x).toBeGreaterThan(mm(18));
    }
    // A check character that is a digit is set apart: 39 prints 'Cód. 39-8', never '398'.
    const [conDigito] = await render(
      <LibroPdf
        donaciones={[donacion(0, { numero: '39', codigo: codigoEtiqueta(39) })]}
        servicio={servicio}
      />,
    );
    expect(find(conDigito, 'Cód. 39-8')).toHaveLength(1);
    expect(conDigito.text).not.toContain('398');
    // name column is 90 mm, address 60 mm, birth 40 mm wide
    const mmToPt = 72 / 25.4;
    const [, , nameX, addressX, birthX] = xs;
    const nameCol = find(first, 'DNI 20000000')[0].x;
    const addressCol = find(first, 'Güemes')[0].x;
    const birthCol = find(first, '07 / 03 / 1985')[0].x;
    expect(addressCol - nameCol).toBeCloseTo(90 * mmToPt, 0);
    expect(birthCol - addressCol).toBeGreaterThan(59 * mmToPt);
    expect(nameX).toBeLessThan(addressX);
    expect(addressX).toBeLessThan(birthX);
  });

  it('second page: donor type, signs, Hto/Hb, ABO/Rh, antibodies, self-exclusion and X for reactive serology', async () => {
    const list = donaciones(3);
    list[0].serologia = { ...list[0].serologia!, hiv: true, chagas: true };
    list[1].donante = { ...list[1].donante, esVoluntario: 'No', donacionAnterior: true };
    list[2].signos = { tas: null, tad: null, fc: null, peso: null, temp: null, hb: null, hto: null };
    const [, second] = await render(<LibroPdf donaciones={list} servicio={servicio} />, 'libro-marcas');
    const heads = [
      'Tipo de donante',
      'Signos clínicos',
      'Hematocrito',
      'ABO y Rh',
      'Anticuerpos',
      'Autoexclusión',
      'Serología reactiva',
    ];
    const xs = heads.map((h) => find(second, h)[0].x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    const serology = ['HIV', 'HBV', 'HCV', 'VDRL', 'Bruce', 'Chagas', 'HTLV'].map(
      (h) => find(second, h)[0].x,
    );
    expect([...serology].sort((a, b) => a - b)).toEqual(serology);
    for (const h of ['TA', 'FC', 'Peso', 'Temp.']) expect(find(second, h).length).toBeGreaterThan(0);

    const marks = second.texts.filter((t) => t.text === 'X');
    expect(marks).toHaveLength(2);
    const row0 = find(second, list[0].numero)[0];
    for (const m of marks) expect(Math.abs(m.y - row0.y)).toBeLessThan(mm(17) / 2);
    const colOf = (x: number) =>
      serology.reduce((best, sx, i) => (Math.abs(sx - x) < Math.abs(serology[best] - x) ? i : best), 0);
    expect(marks.map((m) => colOf(m.x)).sort()).toEqual([0, 5]);

    expect(second.text).toContain('Voluntario');
    expect(second.text).toContain('Reposición');
    expect(second.text).toContain('Habitual / esporádico');
    expect(second.text).toContain('120 / 80');
    expect(second.text).toContain('Hto 41 %');
    expect(second.text).toContain('Hb 13,4 g/dL');
    expect(second.text).toContain('Positivo');
    const row2 = find(second, list[2].numero)[0];
    const row2Texts = second.texts.filter((t) => Math.abs(t.y - row2.y) < mm(17) / 2 && t !== row2);
    expect(row2Texts.some((t) => /\d/.test(t.text) && !/^A$/.test(t.text))).toBe(false);
  });

  it("prints the irregular antibodies on the donor's row: Negativo, Positivo over the antibody, Sin realizar", async () => {
    const list = donaciones(3);
    list[0].anticuerposIrregulares = 'POSITIVO';
    list[0].anticuerpo = 'anti-K';
    list[0].rh = null; // its 'Positivo' would sit beside the column
    list[1].anticuerposIrregulares = 'NEGATIVO';
    list[2].anticuerposIrregulares = '';
    const [, second] = await render(<LibroPdf donaciones={list} servicio={servicio} />, 'libro-anticuerpos');
    const col = find(second, 'Anticuerpos')[0].x;
    const enFila = (i: number, text: string) => {
      const row = find(second, list[i].numero)[0];
      const t = find(second, text).find((x) => Math.abs(x.y - row.y) < mm(17) / 2);
      expect(t).toBeDefined();
      expect(Math.abs(t!.x - col)).toBeLessThan(mm(22));
    };
    enFila(0, 'Positivo');
    enFila(0, 'anti-K');
    enFila(1, 'Negativo');
    enFila(2, 'Sin realizar');
  });

  it("prints 'Discordante' under a discordant group, on its donor's row, inside the ABO y Rh column", async () => {
    const list = donaciones(3);
    list[1].grupoDiscordante = true;
    list[1].grupoMotivo = 'Muestra nueva';
    const [, second] = await render(<LibroPdf donaciones={list} servicio={servicio} />, 'libro-discordante');
    const marcas = second.texts.filter((t) => t.text === 'Discordante');
    expect(marcas).toHaveLength(1);
    const head = find(second, 'ABO y Rh')[0];
    // centred in the 22 mm column as its head is: both start within a few mm of each other
    expect(Math.abs(marcas[0].x - head.x)).toBeLessThan(mm(5));
    // on the row of its donation (the N° column), below that row's Rh
    const numero = second.texts.find((t) => t.text === list[1].numero)!;
    const rh = second.texts.filter((t) => t.text === 'Positivo' && Math.abs(t.y - numero.y) < mm(17) / 2);
    expect(rh).toHaveLength(1);
    expect(marcas[0].y).toBeGreaterThan(rh[0].y);
    expect(marcas[0].y - numero.y).toBeLessThan(mm(17) / 2);
  });

  it('rules the table with the column widths of the spec and 9 rows of 17 mm, empty ones too', async () => {
    const [first, second] = await render(<LibroPdf donaciones={donaciones(1)} servicio={servicio} />);
    const uniq = (values: number[]) =>
      [...values].sort((a, b) => a - b).filter((v, i, all) => i === 0 || v - all[i - 1] > 0.5);
    const gaps = (values: number[]) =>
      values.slice(1).map((v, i) => Number(((v - values[i]) / mm(1)).toFixed(1)));
    // the body's column lines run the 9 rows down
    const columns = (page: PdfPage) =>
      uniq(
        page.segments
          .filter((l) => Math.abs(l.x1 - l.x2) < 0.01 && Math.abs(l.y2 - l.y1) > mm(9 * 17) - 1)
          .map((l) => l.x1),
      );
    const rows = (page: PdfPage) =>
      uniq(
        page.segments
          .filter((l) => Math.abs(l.y1 - l.y2) < 0.01 && Math.abs(l.x2 - l.x1) > mm(267) - 1)
          .map((l) => l.y1),
      );
    expect(gaps(columns(first))).toEqual([32, 45, 90, 60, 40]);
    expect(gaps(columns(second))).toEqual([20, 33, 17, 12, 12, 12, 22, 22, 22, 21.5, ...Array(7).fill(10.5)]);
    for (const page of [first, second]) {
      // head top, head bottom, then the foot of each of the 9 rows
      expect(gaps(rows(page))).toEqual([13, ...Array(9).fill(17)]);
    }
  });

  it("prints each value on its donor's row, whatever the blanks and long values above it", async () => {
    // Short values are laid out a column at a time: blanks and overlong values must not shift rows.
    const list: DonacionImprimible[] = donaciones(6).map((d, i) => ({
      ...d,
      signos: { ...d.signos, fc: 60 + i },
    }));
    list[1].signos = { tas: null, tad: null, fc: null, peso: null, temp: null, hb: null, hto: null };
    list[1].abo = null;
    list[1].rh = null;
    // Rh is only ever '', POSITIVO or NEGATIVO; the overlong value is a sign typed with many decimals.
    list[2].rh = 'NEGATIVO';
    list[2].signos = { ...list[2].signos, hb: 13.456789 };
    list[2].hora = '';
    list[4].serologia = { ...list[4].serologia!, htlv: true };
    const [first, second] = await render(<LibroPdf donaciones={list} servicio={servicio} />, 'libro-filas');
    const sameRow = (page: PdfPage, text: string, numero: string) => {
      const row = find(page, numero)[0].y;
      expect(page.texts.some((t) => t.text === text && Math.abs(t.y - row) < mm(17) / 2)).toBe(true);
    };
    list.forEach((d, i) => {
      if (i !== 1) sameRow(second, String(60 + i), d.numero);
      if (i !== 1 && i !== 2) sameRow(second, 'Positivo', d.numero);
      if (i !== 2) sameRow(first, formatLibroTime(d.hora), d.numero);
    });
    sameRow(second, 'Negativo', list[2].numero);
    sameRow(second, 'Hb 13,456789 g/dL', list[2].numero);
    sameRow(second, 'X', list[4].numero);
    // the value is wider than its 22 mm column (it starts left of the column's left rule, the 7th
    // line of the body)...
    const bodyLines = [
      ...new Set(
        second.segments
          .filter((l) => Math.abs(l.x1 - l.x2) < 0.01 && Math.abs(l.y2 - l.y1) > mm(9 * 17) - 1)
          .map((l) => Math.round(l.x1 * 10) / 10),
      ),
    ].sort((a, b) => a - b);
    expect(find(second, 'Hb 13,456789 g/dL')[0].x).toBeLessThan(bodyLines[6]);
    // ...yet stays on one line (sameRow matched it whole), and the blanks print nothing
    expect(second.texts.filter((t) => t.text === 'Positivo')).toHaveLength(4);
    expect(first.texts.filter((t) => /^\d{2} : \d{2}$/.test(t.text))).toHaveLength(5);
  });

  it('is chronological, oldest first by date, time and number, whatever the order given', async () => {
    const base = donaciones(12);
    const when: [string, string][] = [
      ['2025-08-10', '08:00'],
      ['2025-08-09', '10:00'],
      ['2025-08-09', '9:30'],
      ['2025-08-09', '09:30'],
      ['2025-07-31', '18:45'],
    ];
    // newest first, as the list on screen shows them; two donations share date and time
    const list = base
      .slice(0, when.length)
      .map((d, i) => ({ ...d, fecha: when[i][0], hora: when[i][1], numero: String(1000 - i) }));
    // same date and time: the lower number first
    const expected = ['996', '997', '998', '999', '1000'];
    const pages = await render(<LibroPdf donaciones={list} servicio={servicio} />, 'libro-orden');
    for (const page of pages) {
      const order = page.texts
        .filter((t) => expected.includes(t.text))
        .sort((a, b) => a.y - b.y)
        .map((t) => t.text);
      expect(order).toEqual(expected);
    }
    // the list given is left as it was
    expect(list.map((d) => d.numero)).toEqual(['1000', '999', '998', '997', '996']);
  });

  it('spreads over the sheets in date order: the oldest nine fill the first sheet', async () => {
    const list = donaciones(10).map((d, i) => ({
      ...d,
      fecha: `2025-08-${String(20 - i).padStart(2, '0')}`,
    }));
    const [first, , third] = await render(<LibroPdf donaciones={list} servicio={servicio} />);
    expect(first.texts.some((t) => t.text === '11 / 08 / 2025')).toBe(true);
    expect(first.texts.some((t) => t.text === '20 / 08 / 2025')).toBe(false);
    expect(third.texts.some((t) => t.text === '20 / 08 / 2025')).toBe(true);
  });

  it('says SEROLOGÍA REACTIVA and EXCLUSIÓN DEFINITIVA on the row, framed heavily', async () => {
    const list = donaciones(4);
    list[1].serologia = { ...list[1].serologia!, hepC: true };
    list[2].exclusionDefinitiva = 'Definitiva';
    list[3].serologia = { ...list[3].serologia!, vdrl: true };
    list[3].exclusionDefinitiva = 'Definitiva';
    const [, second] = await render(<LibroPdf donaciones={list} servicio={servicio} />, 'libro-alertas');
    const rowOf = (text: string) =>
      second.texts
        .filter((t) => t.text === text)
        .map((t) => list.findIndex((d) => Math.abs(find(second, d.numero)[0].y - t.y) < mm(17) / 2))
        .sort();
    expect(rowOf('SEROLOGÍA REACTIVA')).toEqual([1, 3]);
    expect(rowOf('EXCLUSIÓN DEFINITIVA')).toEqual([2, 3]);
    // a heavy rule above and below each flagged row only (the table's own are 1 pt at most)
    const heavyYs = [
      ...new Set(
        second.segments
          .filter((l) => l.width >= 2 && Math.abs(l.y1 - l.y2) < 0.01 && Math.abs(l.x2 - l.x1) > mm(267) - 1)
          .map((l) => Math.round(l.y1)),
      ),
    ].sort((a, b) => a - b);
    const top = (i: number) => find(second, list[i].numero)[0].y;
    expect(heavyYs).toHaveLength(4); // rows 1 to 3 are together: 4 lines frame them
    expect(heavyYs[0]).toBeLessThan(top(1));
    expect(heavyYs[0]).toBeGreaterThan(top(0));
    expect(heavyYs[3]).toBeGreaterThan(top(3));
    expect(second.texts.some((t) => t.text.includes('REACTIV') && Math.abs(t.y - top(0)) < mm(17) / 2)).toBe(
      false,
    );
  });

  it('is saved as donaciones-DD-MM-YYYY.pdf', () => {
    expect(fileName(new Date('2025-08-09T15:00:00Z'))).toBe('donaciones-09-08-2025.pdf');
    // just after midnight UTC it is still the previous day in Argentina
    expect(libroFileName(new Date('2025-08-10T01:00:00Z'))).toBe('donaciones-09-08-2025.pdf');
  });
});

const mm = (v: number) => (v * 72) / 25.4;

describe('CphPdf', () => {
  /** Characters of one box row: single-character runs on the same line, in order; a blank box is a space. */
  const boxGroups = (page: PdfPage): string[] => {
    const singles = page.texts
      .filter((t) => Array.from(t.text).length === 1)
      .sort((a, b) => a.y - b.y || a.x - b.x);
    const groups: string[] = [];
    let prev: (typeof singles)[number] | null = null;
    for (const t of singles) {
      // a new field starts on another line or where the step is not a whole number of boxes
      const step = prev ? (t.x - prev.x) / BOX_STEP : 0;
      if (!prev || Math.abs(prev.y - t.y) > 1.5 || Math.abs(step - Math.round(step)) > 0.3 || step > 6)
        groups.push('');
      else groups[groups.length - 1] += ' '.repeat(Math.round(step) - 1);
      groups[groups.length - 1] += t.text;
      prev = t;
    }
    return groups;
  };
  const boxRow = (page: PdfPage, startsWith: string): string =>
    boxGroups(page).find((r) => r.startsWith(startsWith)) ?? '';

  it('prints pages 1, 2 and 3 in A4 portrait with the data in boxes, accents kept', async () => {
    const pages = await render(<CphPdf data={cphData} />, 'cph');
    expect(pages).toHaveLength(3);
    pages.forEach(expectPortrait);
    expect(pages[0].text).toContain('Página 1 de 3');
    expect(boxRow(pages[0], 'MUÑOZ')).toBe('MUÑOZ PÉREZ');
    expect(boxRow(pages[0], 'JOSÉ')).toBe('JOSÉ MARÍA');
    expect(boxRow(pages[0], '2000')).toBe('20000000');
    expect(boxRow(pages[0], '0703')).toBe('07031985');
    expect(boxRow(pages[0], '0291')).toBe('0291 15-555-0000');
    expect(boxRow(pages[1], 'NÚÑEZ')).toBe('NÚÑEZ');
    expect(boxRow(pages[1], 'IBÁÑEZ')).toBe('IBÁÑEZ');
    expect(pages[2].text).toContain('Muñoz Pérez, José María');
    expect(boxRow(pages[2], 'FERNÁNDEZ')).toBe('FERNÁNDEZ');
    expect(boxRow(pages[2], 'LUCÍA')).toBe('LUCÍA');
    expect(boxRow(pages[2], 'MP')).toBe('MP 12345');
  });

  it('cuts each field at its box count and never draws outside its boxes', async () => {
    const long = 'Á'.repeat(10) + 'B'.repeat(40);
    const data = {
      ...cphData,
      donante: {
        ...cphData.donante,
        apellido: long,
        nombre: long,
        domActual: long,
        localidadActual: long,
        dni: '1234567890123',
      },
    };
    const [page] = await render(<CphPdf data={data} pages={[1]} />, 'cph-largo');
    const cut = (n: number) => Array.from(long.toUpperCase()).slice(0, n).join('');
    const rows = boxGroups(page);
    for (const [field, value] of [
      ['apellido', cut(CPH_BOXES.apellido)],
      ['nombre', cut(CPH_BOXES.nombre)],
      ['domicilio', cut(CPH_BOXES.domicilio)],
      ['localidad', cut(CPH_BOXES.localidad)],
      ['dni', '123456789'],
    ] as const) {
      expect(rows).toContain(value);
      expect(Array.from(value)).toHaveLength(CPH_BOXES[field]);
    }
    expect(CPH_BOXES).toMatchObject({ apellido: 33, nombre: 27, domicilio: 25, localidad: 24, dni: 9 });
    for (const t of page.texts) expect(t.x + 8).toBeLessThan(page.width);
  });

  it.each(['Femenino', 'Masculino'] as const)(
    'marks sex %s with one X in the box beside its word on page 1',
    async (sexo) => {
      const data = { ...cphData, donante: { ...cphData.donante, sexo } };
      const [page] = await render(<CphPdf data={data} pages={[1]} />, `cph-sexo-${sexo}`);
      const sexoLine = find(page, 'Sexo')[0];
      const marks = page.texts.filter((t) => t.text === 'X' && Math.abs(t.y - sexoLine.y) < 6);
      expect(marks).toHaveLength(1);
      // the nearest word to the right of the X is the donor's sex
      const words = ['Femenino', 'Masculino'].map((w) => find(page, w)[0]);
      const right = words.filter((w) => w.x > marks[0].x).sort((a, b) => a.x - b.x)[0];
      expect(right.text).toBe(sexo);
      expect(right.x - marks[0].x).toBeLessThan(20);
      expect(linesOf(page.texts).find((l) => l.startsWith('Sexo'))).toBe(
        sexo === 'Femenino' ? 'Sexo X Femenino Masculino' : 'Sexo Femenino X Masculino',
      );
    },
  );

  it('leaves both sex boxes empty when the sex is unknown', async () => {
    const data = { ...cphData, donante: { ...cphData.donante, sexo: null } };
    const [page] = await render(<CphPdf data={data} pages={[1]} />);
    expect(linesOf(page.texts).find((l) => l.startsWith('Sexo'))).toBe('Sexo Femenino Masculino');
  });

  it('prints only the requested page', async () => {
    const pages = await render(<CphPdf data={cphData} pages={[2]} />);
    expect(pages).toHaveLength(1);
    expect(pages[0].text).toContain('Página 2 de 3');
  });
});
