/**
 * The donations search takes a label number with its check character (ISO 7064 MOD 37-2, as
 * ISBT 128): a wrong character shows the Spanish error and lists nothing; the right one finds the
 * donation.
 */
import type { Browser, Page } from 'playwright-core';
import { codigoEtiqueta, CARACTERES_ISO_7064 } from '../../server/src/domain/etiquetas';
import { MSG } from '../../server/src/domain/messages';
import { launchBrowser, newPage } from './browser';
import { crearDonacionApi, crearDonanteApi, ingresar, isoYearsAgo, registrarServicioApi } from './helpers';
import type { DonacionSeed } from './helpers';

jest.setTimeout(120000);

describe('búsqueda de donaciones por código de etiqueta', () => {
  let browser: Browser;
  let page: Page;
  let donacion: DonacionSeed;

  beforeAll(async () => {
    const cuenta = await registrarServicioApi('cod');
    const donante = await crearDonanteApi(cuenta.token, {
      nombre: 'Rosario',
      apellido: 'Quiroga',
      dni: `44${String(Date.now()).slice(-6)}`,
      fechaNacimiento: isoYearsAgo(28),
    });
    donacion = await crearDonacionApi(cuenta.token, donante.id);
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 768 });
    await ingresar(page, cuenta.username, cuenta.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a wrong check character shows the error; the right one finds the donation', async () => {
    const codigo = codigoEtiqueta(donacion.numero);
    const control = codigo.slice(-1);
    const otro = CARACTERES_ISO_7064.replace(/\d/g, '').replace(control, '')[0];
    const erroneo = `${donacion.numero}${otro}`;

    await page.goto('/donaciones');
    await page.getByRole('search', { name: 'Buscar donaciones' }).waitFor();
    const numero = page.getByLabel('Número');
    await numero.fill(erroneo);
    await numero.press('Enter');
    await page.getByText(MSG.codigoEtiquetaInvalido).waitFor();
    expect(await page.getByRole('table', { name: 'Donaciones encontradas' }).count()).toBe(0);

    await numero.fill(codigo);
    await numero.press('Enter');
    const tabla = page.getByRole('table', { name: 'Donaciones encontradas' });
    await tabla.waitFor();
    expect(await tabla.getByRole('link', { name: `Abrir la donación ${donacion.numero}` }).count()).toBe(1);
    expect(await page.getByText(MSG.codigoEtiquetaInvalido).count()).toBe(0);
  });
});
