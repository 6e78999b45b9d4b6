/**
 * Long work shows progress: the loading overlay while a request is pending, and a busy
 * button ('Generando...') while a PDF is generated. The network is slowed on purpose with
 * route interception so the busy state is observable.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './browser';
import { blobCount, capturarBlobs, hoyIso, ingresar, leerDescarga, nuevoBlob } from './helpers';
import { sembrar } from './screens';
import type { Datos } from './screens';

jest.setTimeout(120000);

const demorar = (ms: number) => async (route: Route) => {
  await new Promise((r) => setTimeout(r, ms));
  await route.continue();
};

describe('progreso visible', () => {
  let browser: Browser;
  let page: Page;
  let datos: Datos;

  beforeAll(async () => {
    datos = await sembrar('prog');
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 768 });
    await capturarBlobs(page);
    await ingresar(page, datos.cuenta.username, datos.cuenta.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the loading overlay (Cargando...) while a search is pending', async () => {
    await page.route('**/graphql', demorar(1500));
    try {
      await page.goto('/donantes?dni=&apellido=nunez&nombre=');
      const overlay = page.locator('[aria-busy="true"]').filter({ hasText: 'Cargando...' });
      await overlay.first().waitFor({ state: 'attached' });
      await screenshot(page, 'progreso-cargando');
      await page.getByRole('table', { name: 'Donantes encontrados' }).waitFor();
      await overlay.first().waitFor({ state: 'detached' });
    } finally {
      await page.unroute('**/graphql');
    }
  });

  it('the print button of the donation sheet is busy while the PDF is generated', async () => {
    await page.goto(`/donaciones/hemodos/${datos.donanteId}/${datos.donacionId}`);
    await page.getByRole('heading', { name: `Hemodonación N° ${datos.donacionNumero}` }).waitFor();
    // The PDF code is loaded on the first print: slow it down.
    await page.route('**/assets/**/*.js', demorar(1500));
    try {
      const antes = await blobCount(page);
      const boton = page.getByRole('button', { name: /Imprimir|Generando PDF/ });
      await boton.click();
      await page.locator('button[data-loading]').filter({ hasText: 'Generando PDF...' }).waitFor();
      expect(await boton.isDisabled()).toBe(true);
      await screenshot(page, 'progreso-generando-pdf');
      const pdf = await nuevoBlob(page, antes);
      expect(pdf.head).toBe('%PDF-');
      await page.getByRole('button', { name: 'Imprimir' }).waitFor();
      expect(await page.getByRole('button', { name: 'Imprimir' }).isEnabled()).toBe(true);
    } finally {
      await page.unroute('**/assets/**/*.js');
    }
  });

  it("'Imprimir Libro' is busy while the register book is generated", async () => {
    await page.goto(`/donaciones?numero=&fecha=${hoyIso()}`);
    const boton = page.getByRole('button', { name: 'Imprimir Libro' });
    await boton.waitFor();
    // Slow the page's work down so the busy state is visible: hold the download's blob URL.
    await page.evaluate(() => {
      const original = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (obj: Blob | MediaSource) => {
        const start = Date.now();
        while (Date.now() - start < 800) {
          // busy wait: keeps the button in its loading state long enough to observe
        }
        return original(obj);
      };
    });
    const descarga = page.waitForEvent('download');
    await boton.click();
    await page.locator('button[data-loading]').filter({ hasText: 'Generando...' }).waitFor({ timeout: 5000 });
    const file = await leerDescarga(await descarga);
    expect(file.head).toBe('%PDF-');
    await page.getByRole('button', { name: 'Imprimir Libro' }).waitFor();
  });
});
