/**
 * The donations search takes a label number with its check character (ISO 7064 MOD 37-2, as
 * ISBT 128): a wrong character shows the Spanish error and lists nothing; the right one finds the
 * donation. A check character that is a digit (39 -> 398) is verified when set apart ('39-8'),
 * and the digits alone list both the number and the code's donation.
 */
import type { Browser, Page } from 'playwright-core';
import { codigoEtiqueta, CARACTERES_ISO_7064 } from '../../server/src/domain/etiquetas';
import { MSG } from '../../server/src/domain/messages';
import { launchBrowser, newPage } from './browser';
import {
  crearDonacionApi,
  crearDonanteApi,
  gql,
  ingresar,
  isoYearsAgo,
  registrarServicioApi,
} from './helpers';
import type { DonacionSeed } from './helpers';

jest.setTimeout(120000);

describe('búsqueda de donaciones por código de etiqueta', () => {
  let browser: Browser;
  let page: Page;
  let donacion: DonacionSeed;
  let d39: DonacionSeed;
  let d398: DonacionSeed;

  beforeAll(async () => {
    const cuenta = await registrarServicioApi('cod');
    const dni = Number(`44${String(Date.now()).slice(-6)}`);
    const [donante, eva, ivo] = await Promise.all(
      [
        ['Rosario', 'Quiroga'],
        ['Eva', 'Paz'],
        ['Ivo', 'Luna'],
      ].map(([nombre, apellido], i) =>
        crearDonanteApi(cuenta.token, {
          nombre,
          apellido,
          dni: String(dni + i),
          fechaNacimiento: isoYearsAgo(28),
        }),
      ),
    );
    donacion = await crearDonacionApi(cuenta.token, donante.id);
    // 39's check character is the digit 8: its code '398' is also the number 398.
    await gql(`mutation { avanzarContadorEtiquetas(ultimo: 400) }`, {}, cuenta.token);
    d39 = await crearDonacionApi(cuenta.token, eva.id, { numero: 39 });
    d398 = await crearDonacionApi(cuenta.token, ivo.id, { numero: 398 });
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

  it('a digit check character: 398 lists 398 then 39, 39-8 finds 39, 39-7 is refused', async () => {
    expect(codigoEtiqueta(39)).toBe('398');
    const numero = page.getByLabel('Número');
    const tabla = page.getByRole('table', { name: 'Donaciones encontradas' });
    const abrir = tabla.getByRole('link', { name: /^Abrir la donación / });
    const buscar = async (texto: string) => {
      await numero.fill(texto);
      await numero.press('Enter');
    };
    /** The listed numbers once they are `esperados` (the list is replaced when the answer comes). */
    const listadas = async (esperados: string[]) => {
      const hasta = Date.now() + 15_000;
      let vistos = await abrir.allTextContents();
      while (vistos.join() !== esperados.join() && Date.now() < hasta) {
        await page.waitForTimeout(100);
        vistos = await abrir.allTextContents();
      }
      return vistos;
    };

    await buscar('398');
    expect(await listadas(['398', '39'])).toEqual([String(d398.numero), String(d39.numero)]);

    await buscar('39-8');
    expect(await listadas(['39'])).toEqual([String(d39.numero)]);

    await buscar('39-7');
    await page.getByText(MSG.codigoEtiquetaInvalido).waitFor();
    expect(await tabla.count()).toBe(0);

    await buscar('39 8');
    expect(await listadas(['39'])).toEqual(['39']);
    expect(await page.getByText(MSG.codigoEtiquetaInvalido).count()).toBe(0);
  });
});
