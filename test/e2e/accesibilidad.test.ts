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

/**
 * Each form in its error state: submitted empty or with an impossible value, so that the
 * validation messages, the required marks and the invalid borders are on screen for axe.
 */
type ConErrores = { name: string; provocar: (page: Page) => Promise<void> };

const enviar = (boton: string) => async (page: Page) => {
  await page.getByRole('button', { name: boton, exact: true }).click();
};

const CON_ERRORES: ConErrores[] = [
  { name: 'login', provocar: enviar('Ingresar') },
  { name: 'register', provocar: enviar('Registrar') },
  { name: 'donante-nuevo', provocar: enviar('Guardar') },
  {
    name: 'donante-editar',
    provocar: async (page) => {
      await page.locator('input[name="apellido"]').fill('');
      await enviar('Guardar cambios')(page);
    },
  },
  {
    name: 'donacion-nueva',
    provocar: async (page) => {
      await page.getByRole('textbox', { name: /^TAS/ }).fill('999');
      await page.getByRole('textbox', { name: 'Fecha' }).fill('');
      await enviar('Guardar donación')(page);
    },
  },
  {
    name: 'donaciones',
    provocar: async (page) => {
      const fecha = page.getByRole('textbox', { name: 'Fecha' });
      await fecha.fill('31/02/2025');
      await fecha.press('Enter');
    },
  },
  { name: 'opciones-clave', provocar: enviar('Cambiar clave') },
  {
    name: 'opciones-generales',
    provocar: async (page) => {
      await page.getByRole('textbox', { name: 'Nombre del Servicio' }).fill('');
      await page.getByRole('textbox', { name: 'Email' }).fill('no-es-un-email');
      await enviar('Guardar')(page);
    },
  },
  { name: 'opciones-integrantes', provocar: enviar('Agregar') },
  {
    name: 'opciones-integrante-editar',
    provocar: async (page) => {
      await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('');
      await page.getByRole('textbox', { name: 'Email' }).fill('no-es-un-email');
      await page.getByRole('form', { name: 'Editar integrante' }).locator('button[type=submit]').click();
    },
  },
  { name: 'opciones-integrante-clave', provocar: enviar('Cambiar clave') },
  {
    name: 'opciones-auditoria',
    provocar: async (page) => {
      await page.getByRole('textbox', { name: 'Desde' }).fill('31/02/2025');
      await enviar('Filtrar')(page);
    },
  },
];

/** Waits until a validation message (or an error alert) is on screen. */
async function esperarErrores(page: Page): Promise<number> {
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[data-part="error-text"], [role="alert"], [aria-invalid="true"]').length > 0,
    undefined,
    { timeout: 10000 },
  );
  await page.waitForTimeout(250);
  return page.locator('[data-part="error-text"]').count();
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

  describe.each(CON_ERRORES.filter((f) => PANTALLAS.find((p) => p.name === f.name)?.publica))(
    'formulario público $name con errores',
    (form) => {
      it('shows its errors with no serious or critical axe violation', async () => {
        await abrir(
          page,
          PANTALLAS.find((p) => p.name === form.name)!,
          datos,
        );
        await form.provocar(page);
        expect(await esperarErrores(page)).toBeGreaterThan(0);
        await screenshot(page, `a11y-errores-${form.name}`);
        expect(await axeSerious(page)).toEqual([]);
      });
    },
  );

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

  describe.each(CON_ERRORES.filter((f) => !PANTALLAS.find((p) => p.name === f.name)?.publica))(
    'formulario $name con errores',
    (form) => {
      it('shows its errors with no serious or critical axe violation', async () => {
        await abrir(
          page,
          PANTALLAS.find((p) => p.name === form.name)!,
          datos,
        );
        await form.provocar(page);
        expect(await esperarErrores(page)).toBeGreaterThan(0);
        await screenshot(page, `a11y-errores-${form.name}`);
        expect(await axeSerious(page)).toEqual([]);
      });
    },
  );

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
