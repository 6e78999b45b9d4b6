/**
 * Journey 4: the CPH registry. Search a donor by DNI typed and Enter (a scanner), see the
 * details card and the CPH agents, print pages 1, 2 and 3 (each a PDF), and see the age
 * warning (and no printing) for a donor outside 18-40.
 *
 * Runs once the /cph screen is registered in client/src/app/feature-routes.tsx.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './browser';
import {
  blobCount,
  capturarBlobs,
  crearDonanteApi,
  esperarCarga,
  ingresar,
  isoYearsAgo,
  nuevoBlob,
} from './helpers';
import { HAY_CPH, sembrar } from './screens';
import type { Datos } from './screens';

jest.setTimeout(120000);

(HAY_CPH ? describe : describe.skip)('recorrido: registro CPH', () => {
  let browser: Browser;
  let page: Page;
  let datos: Datos;
  let mayorDni = '';

  beforeAll(async () => {
    datos = await sembrar('cph');
    mayorDni = `2${String(Date.now()).slice(-7)}`;
    await crearDonanteApi(datos.cuenta.token, {
      nombre: 'Ramón',
      apellido: 'Acuña',
      dni: mayorDni,
      fechaNacimiento: isoYearsAgo(45),
    });
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 768 });
    await capturarBlobs(page);
    await ingresar(page, datos.cuenta.username, datos.cuenta.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const dniInput = () => page.getByRole('textbox', { name: /DNI/ }).first();

  it('finds a donor by DNI typed and Enter and shows the details card', async () => {
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Registro CPH' })
      .click();
    await page.waitForURL('**/cph');
    // The previous screen (Donantes, with a DNI field of its own) stays until the page's code is in.
    await page.getByRole('heading', { level: 1, name: 'Registro CPH' }).waitFor();
    await dniInput().fill(datos.donanteDni);
    await dniInput().press('Enter');
    await page.getByText('Núñez').first().waitFor();
    await page.getByText(datos.donanteDni).first().waitFor();
    await expect(
      page.getByText('La edad para ingresar al registro CPH es entre 18 y 40 años.').count(),
    ).resolves.toBe(0);
    // The technician flagged agentecph is offered as capture agent.
    await expect(page.locator('select, [role=combobox]').first().innerText()).resolves.toContain('Ibáñez');
    // The agent is required before printing: choose it.
    await page.getByLabel(/Agente de captación/).selectOption({ index: 1 });
    await esperarCarga(page);
    await screenshot(page, 'cph-01-donante');
  });

  it.each([1, 2, 3])('prints page %i of the registry form as a PDF', async (n) => {
    const antes = await blobCount(page);
    await page.getByRole('button', { name: new RegExp(`(Página|Hoja|página|hoja) ${n}`) }).click();
    const pdf = await nuevoBlob(page, antes);
    expect(pdf.head).toBe('%PDF-');
    expect(pdf.pages).toBe(1);
  });

  it('warns and offers no printing for a donor outside 18-40', async () => {
    await dniInput().fill(mayorDni);
    await dniInput().press('Enter');
    await page.getByText('Acuña').first().waitFor();
    await page.getByText('La edad para ingresar al registro CPH es entre 18 y 40 años.').waitFor();
    await expect(
      page
        .getByRole('button', { name: /(Página|Hoja|página|hoja) 1/ })
        .isEnabled()
        .catch(() => false),
    ).resolves.toBe(false);
    await screenshot(page, 'cph-02-fuera-de-edad');
  });
});
