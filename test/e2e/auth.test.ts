import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './browser';

jest.setTimeout(120000);

describe('registro e ingreso en el navegador', () => {
  let browser: Browser;
  let page: Page;
  const suffix = Date.now().toString(36);
  const cuenta = {
    nombre: `Hemoterapia Hospital E2E ${suffix}`,
    username: `e2e_${suffix}`,
    email: `e2e_${suffix}@example.com`,
    password: 'clave-segura-1',
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('sends an unauthenticated visitor to /auth/login', async () => {
    await page.goto('/donaciones');
    await page.waitForURL('**/auth/login');
    await page.getByRole('heading', { name: 'Ingresar' }).waitFor();
    await screenshot(page, 'login');
  });

  it('registers a service and lands on /donantes inside the shell', async () => {
    await page.getByRole('link', { name: 'Registrar un servicio' }).click();
    await page.waitForURL('**/auth/register');
    // Touching a field shows its error; the spec's texts come from the shared domain rules.
    await page.getByLabel('Email').fill('no-es-email');
    await page.getByLabel('Email').blur();
    await page.getByText('El email es invalido').waitFor();
    await screenshot(page, 'register');

    await page.getByLabel('Nombre del servicio').fill(cuenta.nombre);
    await page.getByLabel('Usuario').fill(cuenta.username);
    await page.getByLabel('Email').fill(cuenta.email);
    await page.getByLabel(/^Clave/).fill(cuenta.password);
    await page.getByLabel('Repetir clave').fill(cuenta.password);
    await page.getByRole('button', { name: 'Registrar' }).click();

    await page.waitForURL('**/donantes');
    await page.getByTestId('servicio-nombre').filter({ hasText: cuenta.nombre }).waitFor();
    await page.getByText('Panel del Servicio').waitFor();
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    for (const item of ['Donantes', 'Donaciones', 'Registro CPH', 'Planillas', 'Integrantes']) {
      await menu.getByRole('link', { name: item }).waitFor();
    }
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await screenshot(page, 'shell');

    await page.getByText('v1.1.9').hover();
    await page.getByText('Versión: 1.1.9').waitFor();
    await page.getByText(/^Compilado: 23\/08\/2025 \d{2}:\d{2}$/).waitFor();
  });

  it('signs out with Salir and signs in again', async () => {
    await page.getByRole('button', { name: 'Salir' }).click();
    await page.waitForURL('**/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.getByLabel('Usuario').fill(cuenta.username);
    await page.getByLabel('Clave').fill(cuenta.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL('**/donantes');
    await page.getByTestId('servicio-nombre').filter({ hasText: cuenta.nombre }).waitFor();

    // After a reload the stored session is still accepted.
    await page.reload();
    await page.getByTestId('servicio-nombre').filter({ hasText: cuenta.nombre }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/donantes');
  });

  it("shows the server's Spanish error for a wrong password", async () => {
    await page.getByRole('button', { name: 'Salir' }).click();
    await page.waitForURL('**/auth/login');
    await page.getByLabel('Usuario').fill(cuenta.username);
    await page.getByLabel('Clave').fill('equivocada');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Usuario o contraseña incorrectos' });
    await alert.waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await screenshot(page, 'login-error');
  });

  it('collapses the sidebar into a drawer on narrow screens', async () => {
    // Same page (the bundled single-process Chromium dislikes closing extra contexts).
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByLabel('Clave').fill(cuenta.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL('**/donantes');
    await page.getByRole('button', { name: 'Abrir menú' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Menú principal' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Donaciones' }).waitFor();
    await page.waitForTimeout(500); // let the slide-in animation finish before the picture
    await screenshot(page, 'shell-drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });
});
