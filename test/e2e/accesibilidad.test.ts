/**
 * Accessibility: axe-core finds no serious or critical violation on any screen, every form
 * control has a label tied to it, and the login and donor forms work with the keyboard alone.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './browser';
import { axeSerious, ddmmyyyy, ingresar, isoYearsAgo, salir } from './helpers';
import { PANTALLAS, abrir, sembrar } from './screens';
import type { Datos } from './screens';

jest.setTimeout(120000);

/** Visible form controls without a label (label element, aria-label or aria-labelledby). */
async function controlesSinEtiqueta(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const controls = document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'input:not([type=hidden]), select, textarea',
    );
    for (const el of Array.from(controls)) {
      const style = getComputedStyle(el);
      const hiddenRadio =
        (el as HTMLInputElement).type === 'radio' || (el as HTMLInputElement).type === 'checkbox';
      if (
        !hiddenRadio &&
        (style.display === 'none' || style.visibility === 'hidden' || el.offsetParent === null)
      ) {
        continue;
      }
      const labelled =
        (el.labels && Array.from(el.labels).some((l) => l.textContent?.trim())) ||
        el.getAttribute('aria-label')?.trim() ||
        (el.getAttribute('aria-labelledby') ?? '')
          .split(/\s+/)
          .some((id) => id && document.getElementById(id)?.textContent?.trim());
      if (!labelled) out.push(el.outerHTML.slice(0, 120));
    }
    return out;
  });
}

describe('accesibilidad', () => {
  let browser: Browser;
  let page: Page;
  let datos: Datos;

  beforeAll(async () => {
    datos = await sembrar('a11y');
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 768 });
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe.each(PANTALLAS.filter((p) => p.publica))('pantalla pública $name', (pantalla) => {
    it('has no serious or critical axe violation and every control is labelled', async () => {
      await abrir(page, pantalla, datos);
      await screenshot(page, `a11y-${pantalla.name}`);
      expect(await axeSerious(page)).toEqual([]);
      expect(await controlesSinEtiqueta(page)).toEqual([]);
    });
  });

  it('signs in with the keyboard alone', async () => {
    await page.goto('/auth/login');
    await page.getByRole('heading', { name: 'Ingresar' }).waitFor();
    // From the top of the page, Tab reaches Usuario, then Clave; Enter submits.
    await page.locator('body').focus();
    let name = '';
    for (let i = 0; i < 10 && name !== 'username'; i++) {
      await page.keyboard.press('Tab');
      name = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '');
    }
    expect(name).toBe('username');
    await page.keyboard.type(datos.cuenta.username);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('password');
    await page.keyboard.type(datos.cuenta.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/donantes');
  });

  describe.each(PANTALLAS.filter((p) => !p.publica))('pantalla $name', (pantalla) => {
    it('has no serious or critical axe violation and every control is labelled', async () => {
      await abrir(page, pantalla, datos);
      await screenshot(page, `a11y-${pantalla.name}`);
      expect(await axeSerious(page)).toEqual([]);
      expect(await controlesSinEtiqueta(page)).toEqual([]);
    });
  });

  it('fills and submits the donor form with the keyboard alone', async () => {
    await page.goto('/donantes/nuevo');
    await page.getByRole('heading', { name: 'Nuevo donante' }).waitFor();
    await page.getByRole('textbox', { name: 'Apellido', exact: true }).focus();
    await page.keyboard.type('Teclado');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Solo');
    await page.keyboard.press('Tab');
    const dni = `4${String(Date.now()).slice(-7)}`;
    await page.keyboard.type(dni);
    await page.keyboard.press('Tab');
    await page.keyboard.type(ddmmyyyy(isoYearsAgo(25)));
    // Sexo: arrow keys move between the radio options.
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Femenino' }).isChecked()).resolves.toBe(true);
    // Tab on to the submit button and press it.
    let texto = '';
    for (let i = 0; i < 60 && texto !== 'Guardar'; i++) {
      await page.keyboard.press('Tab');
      texto = await page.evaluate(
        () => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '',
      );
    }
    expect(texto).toBe('Guardar');
    await screenshot(page, 'a11y-teclado-donante');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/donantes');

    await page.goto(`/donantes?dni=${dni}`);
    await page.getByRole('row').filter({ hasText: 'Teclado, Solo' }).waitFor();
    await salir(page);
    await ingresar(page, datos.cuenta.username, datos.cuenta.password);
  });
});
