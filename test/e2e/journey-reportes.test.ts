/**
 * Journey: the reporting screen. A servicio with two donations today (a voluntary donor typed
 * O Positivo with a reactive Chagas, a replacement donor with no result yet) opens Reportes from
 * the sidebar, sees its figures and the three charts drawn (their bars and sectors), downloads the
 * CSV and the one-page A4 PDF and reads them back.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './browser';
import {
  crearDonacionApi,
  crearDonanteApi,
  esperarCarga,
  gql,
  ingresar,
  isoYearsAgo,
  leerDescarga,
  registrarServicioApi,
} from './helpers';
import type { Cuenta } from './helpers';
import { readPdf } from '../pdf/pdf-reader';

jest.setTimeout(120000);

describe('recorrido: reportes', () => {
  let browser: Browser;
  let page: Page;
  let cuenta: Cuenta;
  const base = String(Date.now()).slice(-6);

  beforeAll(async () => {
    cuenta = await registrarServicioApi('rep');
    const voluntaria = await crearDonanteApi(cuenta.token, {
      nombre: 'Lucía',
      apellido: 'Fernández',
      dni: `31${base}`,
      fechaNacimiento: isoYearsAgo(30),
      sexo: 'Femenino',
      esVoluntario: 'Si',
    });
    const reposicion = await crearDonanteApi(cuenta.token, {
      nombre: 'Ramón',
      apellido: 'Acuña',
      dni: `27${base}`,
      fechaNacimiento: isoYearsAgo(45),
      sexo: 'Masculino',
      esVoluntario: 'No',
    });
    const d1 = await crearDonacionApi(cuenta.token, voluntaria.id);
    await crearDonacionApi(cuenta.token, reposicion.id);
    await gql(
      `mutation($id: ID!, $input: ResultadosDonacionInput!) {
        updateResultadosDonacion(id: $id, input: $input) { message }
      }`,
      {
        id: d1.id,
        input: {
          abo: 'O',
          rh: 'POSITIVO',
          serologia: {
            hiv: false,
            hepB: false,
            hepC: false,
            vdrl: false,
            brucelosis: false,
            chagas: true,
            htlv: false,
          },
        },
      },
      cuenta.token,
    );
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 900 });
    await ingresar(page, cuenta.username, cuenta.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens from the sidebar with this year up to today and shows the figures', async () => {
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Reportes' })
      .click();
    await page.waitForURL('**/reportes');
    const cifras = page.getByRole('region', { name: 'Cifras principales' });
    await cifras.waitFor();
    await esperarCarga(page);
    const valor = (label: string) =>
      cifras.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    expect(await valor('Atendidos').textContent()).toBe('2');
    expect(await valor('Donantes distintos').textContent()).toBe('2');
    expect(await valor('% voluntarias').textContent()).toBe('50,0 %');
    expect(await valor('Primera vez').textContent()).toBe('2');
    const anio = new Date().getFullYear();
    expect(await page.getByLabel('Desde').inputValue()).toBe(`01/01/${anio}`);
  });

  it('draws the three charts, a mark per figure, and lists the serology', async () => {
    for (const title of ['Donaciones por período', 'Grupo ABO y factor Rh', 'Voluntarias y de reposición']) {
      const figure = page.getByRole('figure', { name: title });
      await figure.locator('svg.recharts-surface').waitFor();
      const box = await figure.locator('svg.recharts-surface').boundingBox();
      expect(box!.width).toBeGreaterThan(200);
      expect(box!.height).toBeGreaterThan(150);
    }
    // The series: a point per month of this year so far; today's month holds both donations, one
    // bar on the other (voluntary and replacement) of the same height, the other months none.
    const serie = page.getByRole('figure', { name: 'Donaciones por período' });
    expect(await serie.locator('tbody tr').count()).toBe(new Date().getMonth() + 1);
    const barras = serie.locator('.recharts-bar-rectangle path');
    expect(await barras.count()).toBe(2);
    const [voluntaria, reposicion] = [
      (await barras.nth(0).boundingBox())!,
      (await barras.nth(1).boundingBox())!,
    ];
    expect(Math.abs(voluntaria.x - reposicion.x)).toBeLessThan(1);
    expect(voluntaria.height).toBeGreaterThan(20);
    expect(Math.abs(voluntaria.height - reposicion.height)).toBeLessThan(1);
    expect(Math.abs(voluntaria.y - (reposicion.y + reposicion.height))).toBeLessThan(1.5);
    // Groups: O Positivo and 'Sin resultado', one donation each.
    const grupos = page.getByRole('figure', { name: 'Grupo ABO y factor Rh' });
    const columnas = grupos.locator('.recharts-bar-rectangle path');
    expect(await columnas.count()).toBe(2);
    const alturas = await Promise.all([0, 1].map(async (k) => (await columnas.nth(k).boundingBox())!.height));
    expect(Math.abs(alturas[0] - alturas[1])).toBeLessThan(1);
    await grupos.getByText('Sin resultado').first().waitFor();
    // Voluntary and replacement: two halves of the ring, labelled 1 and 1.
    const tipos = page.getByRole('figure', { name: 'Voluntarias y de reposición' });
    const sectores = tipos.locator('.recharts-pie-sector path');
    expect(await sectores.count()).toBe(2);
    const mitades = [(await sectores.nth(0).boundingBox())!, (await sectores.nth(1).boundingBox())!];
    expect(
      Math.abs(mitades[0].width * mitades[0].height - mitades[1].width * mitades[1].height),
    ).toBeLessThan(0.05 * mitades[0].width * mitades[0].height);
    expect(await tipos.locator('.recharts-label-list text').allTextContents()).toEqual(['1', '1']);
    const chagas = page
      .getByRole('table', { name: 'Serología por marcador' })
      .getByRole('row', { name: /Chagas/ });
    // Tested in one donation (reactive); the other donation's result is still pending.
    expect(await chagas.getByRole('cell').allTextContents()).toEqual(['Chagas', '1', '1', '1', '100,0 %']);
    // test-artifacts/screenshots/reportes.png, to look at.
    await screenshot(page, 'reportes');
  });

  it("downloads the CSV with the same figures: 'Descargar CSV'", async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar CSV' }).click(),
    ]);
    const file = await leerDescarga(download);
    expect(file.name).toMatch(/^reporte-\d{4}-01-01-a-\d{4}-\d{2}-\d{2}\.csv$/);
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = file.bytes.toString('utf8');
    expect(text).toContain(`# Reporte de indicadores - ${cuenta.nombre}`);
    expect(text).toContain('Atendidos;2\r\n');
    expect(text).toContain('% voluntarias;50,0\r\n');
    expect(text).toContain('O Positivo;1\r\n');
    expect(text).toContain('Sin resultado;1\r\n');
    expect(text).toContain('Con análisis pendiente;1\r\n');
    expect(text).toContain('Chagas;1;1;1;100,0\r\n');
  });

  it("downloads the one-page PDF report: 'Descargar PDF'", async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60000 }),
      page.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    const file = await leerDescarga(download);
    expect(file.name).toMatch(/^reporte-\d{4}-01-01-a-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(file.head).toBe('%PDF-');
    const pages = await readPdf(new Uint8Array(file.bytes));
    expect(pages).toHaveLength(1);
    // A4 portrait: 210 × 297 mm in points.
    expect([Math.round(pages[0].width), Math.round(pages[0].height)]).toEqual([595, 842]);
    const text = pages[0].text;
    expect(text).toContain(cuenta.nombre);
    expect(text).toContain('Reporte de indicadores');
    expect(text).toMatch(/Atendidos/);
    expect(text).toMatch(/O Positivo\s+1/);
    expect(text).toMatch(/Chagas\s+1\s+1\s+1\s+100,0 %/);
    expect(text).toContain('Generado el');
  });
});
