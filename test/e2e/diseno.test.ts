/**
 * Layout at a 1366x768 desktop and a 768-px-wide tablet: the page never scrolls sideways,
 * and on the tablet the sidebar collapses into the drawer.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './browser';
import { ingresar, sinDesbordeHorizontal } from './helpers';
import { PANTALLAS, abrir, sembrar } from './screens';
import type { Datos } from './screens';

jest.setTimeout(120000);

const TAMANIOS = [
  { nombre: 'escritorio', width: 1366, height: 768 },
  { nombre: 'tableta', width: 768, height: 1024 },
] as const;

describe('diseño en escritorio y tableta', () => {
  let browser: Browser;
  let page: Page;
  let datos: Datos;

  beforeAll(async () => {
    datos = await sembrar('lay');
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 768 });
    await ingresar(page, datos.cuenta.username, datos.cuenta.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe.each(TAMANIOS)('$nombre ($width px)', (tamanio) => {
    beforeAll(async () => {
      await page.setViewportSize({ width: tamanio.width, height: tamanio.height });
    });

    it.each(PANTALLAS.filter((p) => !p.publica).map((p) => [p.name, p] as const))(
      '%s no desborda horizontalmente',
      async (name, pantalla) => {
        await abrir(page, pantalla, datos);
        if (tamanio.nombre === 'tableta') await screenshot(page, `tableta-${name}`);
        const { scrollWidth, innerWidth } = await sinDesbordeHorizontal(page);
        expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      },
    );

    it('muestra el menú lateral fijo o el cajón según el ancho', async () => {
      await page.goto('/donantes');
      const nav = page.getByRole('navigation', { name: 'Menú principal' });
      const abrirMenu = page.getByRole('button', { name: 'Abrir menú' });
      if (tamanio.nombre === 'escritorio') {
        await nav.waitFor();
        expect(await abrirMenu.isVisible()).toBe(false);
        return;
      }
      await abrirMenu.waitFor();
      expect(await nav.isVisible()).toBe(false);
      await abrirMenu.click();
      const drawer = page.getByRole('dialog', { name: 'Menú' });
      await drawer.getByRole('link', { name: 'Planillas' }).click();
      await page.waitForURL('**/planillas');
      // Choosing a destination closes the drawer.
      await drawer.waitFor({ state: 'hidden' });
      await screenshot(page, 'tableta-cajon-cerrado');
    });
  });

  it('las pantallas públicas no desbordan en la tableta', async () => {
    await page.getByRole('button', { name: 'Salir' }).click();
    await page.waitForURL('**/auth/login');
    for (const pantalla of PANTALLAS.filter((p) => p.publica)) {
      await abrir(page, pantalla, datos);
      await screenshot(page, `tableta-${pantalla.name}`);
      const { scrollWidth, innerWidth } = await sinDesbordeHorizontal(page);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    }
  });
});
