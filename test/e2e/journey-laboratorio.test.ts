/**
 * Laboratory results in the browser: a reactive HIV screening, its repeat in duplicate (repeatedly
 * reactive) and the confirmatory test, recorded on the donation's results screen; the donor's
 * list then prints each marker as its result says ('HIV 1/2 (+)', 'sin realizar').
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './browser';
import {
  crearDonacionApi,
  crearDonanteApi,
  esperarCarga,
  ingresar,
  isoYearsAgo,
  registrarServicioApi,
} from './helpers';
import type { Cuenta, DonacionSeed, DonanteSeed } from './helpers';

jest.setTimeout(120000);

describe('recorrido: resultados de laboratorio', () => {
  let browser: Browser;
  let page: Page;
  let cuenta: Cuenta;
  let donante: DonanteSeed;
  let donacion: DonacionSeed;
  const base = String(Date.now()).slice(-6);

  beforeAll(async () => {
    cuenta = await registrarServicioApi('lab');
    donante = await crearDonanteApi(cuenta.token, {
      nombre: 'Rosa',
      apellido: 'Ibáñez',
      dni: `34${base}`,
      fechaNacimiento: isoYearsAgo(35),
    });
    donacion = await crearDonacionApi(cuenta.token, donante.id);
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 900 });
    await ingresar(page, cuenta.username, cuenta.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const fila = (marcador: string) =>
    page.getByRole('table', { name: 'Resultados por marcador' }).locator(`tr[data-marcador="${marcador}"]`);

  it('records a reactive screening, the repeat in duplicate and the confirmatory test', async () => {
    await page.goto(`/donacion/${donacion.id}/donante/${donante.id}`);
    await page.getByRole('heading', { name: 'Resultados de laboratorio' }).waitFor();
    await esperarCarga(page);
    await fila('HIV').getByText('sin realizar', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Registrar tamizaje: HIV 1/2' }).click();
    const tamizaje = page.getByRole('form', { name: 'Registrar tamizaje: HIV 1/2' });
    await tamizaje.getByLabel('Resultado').selectOption('REACTIVO');
    await tamizaje.getByLabel('Técnica').fill('Quimioluminiscencia');
    await tamizaje.getByRole('button', { name: 'Registrar tamizaje' }).click();
    await fila('HIV').getByText('Repetir por duplicado').waitFor();

    await page.getByRole('button', { name: 'Registrar repetición: HIV 1/2' }).click();
    const repeticion = page.getByRole('form', { name: 'Registrar repetición: HIV 1/2' });
    await repeticion.getByLabel('Primera determinación').selectOption('REACTIVO');
    await repeticion.getByLabel('Segunda determinación').selectOption('REACTIVO');
    await repeticion.getByRole('button', { name: 'Registrar repetición' }).click();
    await fila('HIV').getByText('Repetidamente reactivo: espera la prueba confirmatoria').waitFor();
    expect(await fila('HIV').innerText()).toContain('Reactivo / Reactivo');

    await page.getByRole('button', { name: 'Registrar confirmatorio: HIV 1/2' }).click();
    const confirmatorio = page.getByRole('form', { name: 'Registrar confirmatorio: HIV 1/2' });
    await confirmatorio.getByLabel('Resultado').selectOption('POSITIVO');
    await confirmatorio.getByLabel('Técnica').fill('Western blot');
    await confirmatorio.getByLabel('Laboratorio').fill('Laboratorio de referencia');
    await screenshot(page, 'laboratorio-01-confirmatorio');
    await confirmatorio.getByRole('button', { name: 'Registrar confirmatorio' }).click();
    await fila('HIV').getByText('Confirmatorio positivo', { exact: true }).waitFor();
    const texto = await fila('HIV').innerText();
    expect(texto).toContain('Western blot · Laboratorio de referencia');
    await page.getByText('Confirmatorio positivo: el diferimiento del donante es definitivo.').waitFor();
    await screenshot(page, 'laboratorio-02-resultados');
  });

  it("the donor's list prints 'HIV 1/2 (+)' and the markers not tested 'sin realizar'", async () => {
    await page.getByRole('link', { name: 'Donaciones del donante' }).click();
    await page.waitForURL(`**/donaciones/donante/${donante.id}`);
    const row = page
      .getByRole('table', { name: 'Donaciones del donante' })
      .getByRole('row')
      .filter({ hasText: String(donacion.numero) });
    await row.getByTestId('marca-reactivo').waitFor();
    expect(await row.getByTestId('marca-reactivo').innerText()).toBe('HIV 1/2 (+)');
    const texto = await row.innerText();
    expect(texto).toContain('HBsAg sin realizar');
    expect(texto).toContain('Chagas sin realizar');
    await screenshot(page, 'laboratorio-03-lista');
  });
});
