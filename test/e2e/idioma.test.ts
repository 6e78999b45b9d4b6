/**
 * Spanish everywhere: no common English UI word in the visible text or in the names a
 * screen reader speaks, on any screen (including the dialogs, the drawer and the overlay).
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { englishText, ingresar } from './helpers';
import { PANTALLAS, abrir, sembrar } from './screens';
import type { Datos } from './screens';

jest.setTimeout(120000);

describe('todo en español', () => {
  let browser: Browser;
  let page: Page;
  let datos: Datos;

  beforeAll(async () => {
    datos = await sembrar('es');
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 768 });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each(PANTALLAS.filter((p) => p.publica).map((p) => [p.name, p] as const))(
    'la pantalla %s no muestra texto en inglés',
    async (_name, pantalla) => {
      await abrir(page, pantalla, datos);
      expect(await englishText(page)).toEqual([]);
    },
  );

  it('ingresa', async () => {
    await ingresar(page, datos.cuenta.username, datos.cuenta.password);
  });

  it.each(PANTALLAS.filter((p) => !p.publica).map((p) => [p.name, p] as const))(
    'la pantalla %s no muestra texto en inglés',
    async (_name, pantalla) => {
      await abrir(page, pantalla, datos);
      expect(await englishText(page)).toEqual([]);
    },
  );

  it('los diálogos de confirmación y el menú lateral están en español', async () => {
    await page.goto(`/donaciones/donante/${datos.donanteId}`);
    await page.getByRole('button', { name: `Eliminar la donación ${datos.donacionNumero}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await englishText(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'No' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.setViewportSize({ width: 768, height: 1024 });
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Donantes' }).waitFor();
    expect(await englishText(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1366, height: 768 });
  });

  it('un error del servidor se muestra en español', async () => {
    await page.goto('/donantes/editar/00000000-0000-4000-8000-000000000000');
    await page.getByRole('alert').first().waitFor();
    const texto = await page.getByRole('alert').first().innerText();
    expect(texto).toMatch(/Error al cargar donante|No se encuentra el donante/);
    expect(await englishText(page)).toEqual([]);
  });
});
