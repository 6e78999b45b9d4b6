/**
 * Journey 1: a new service registers, sets its options, adds a technician who signs in and
 * works without the Integrantes menu, opens and downloads a planilla, and the administrator
 * finally removes the technician through the confirmation dialog.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './browser';
import { CLAVE, ingresar, leerDescarga, salir, unique } from './helpers';

jest.setTimeout(120000);

describe('recorrido: servicio, opciones, integrantes y planillas', () => {
  let browser: Browser;
  let page: Page;
  const username = unique('srv');
  const cuenta = { nombre: `Hemoterapia Hospital ${username}`, username, password: CLAVE };
  const tecnico = { nombre: 'Tomás', apellido: 'Ibáñez', username: unique('tec'), password: 'tecnico-123' };

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 768 });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('registers a service from the register screen', async () => {
    await page.goto('/auth/register');
    await page.getByLabel('Nombre del servicio').fill(cuenta.nombre);
    await page.getByLabel('Usuario').fill(cuenta.username);
    await page.getByLabel('Email').fill(`${cuenta.username}@example.com`);
    await page.getByLabel(/^Clave/).fill(cuenta.password);
    await page.getByLabel('Repetir clave').fill(cuenta.password);
    await page.getByRole('button', { name: 'Registrar' }).click();
    await page.waitForURL('**/donantes');
    await page.getByTestId('servicio-nombre').filter({ hasText: cuenta.nombre }).waitFor();
    await screenshot(page, 'journey-01-donantes-vacio');
  });

  it('sets the service options', async () => {
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.getByRole('link', { name: 'Generales' }).click();
    await page.waitForURL('**/opciones/generales');
    const nombre = page.getByLabel('Nombre del Servicio');
    await expect(nombre.inputValue()).resolves.toBe(cuenta.nombre);
    await page.getByLabel('Dirección').fill('Av. Siempre Viva 742, Córdoba');
    await page.getByLabel('Email').fill('hemoterapia@hospital.example');
    await page.getByLabel('Teléfono').fill('0351 444-5555');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: 'Opciones guardadas con exito' }).waitFor();
    await page.getByText('Versión: 1.1.9').first().waitFor();
    await screenshot(page, 'journey-02-opciones-generales');

    await page.reload();
    await expect(page.getByLabel('Dirección').inputValue()).resolves.toBe('Av. Siempre Viva 742, Córdoba');
  });

  it('adds a technician (ROL_TECNICO) as a CPH agent', async () => {
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    await menu.getByRole('link', { name: 'Integrantes' }).click();
    await page.waitForURL('**/opciones/integrantes');
    const form = page.getByRole('form', { name: 'Nuevo integrante' });
    await form.getByLabel('Nombre').fill(tecnico.nombre);
    await form.getByLabel('Apellido').fill(tecnico.apellido);
    await form.getByLabel('Usuario').fill(tecnico.username);
    await form.getByLabel(/^Clave/).fill(tecnico.password);
    await form.getByLabel('Repetir clave').fill(tecnico.password);
    await form.getByLabel('Rol').selectOption('ROL_TECNICO');
    await form.getByLabel('Matrícula').fill('MP 1234');
    await form.getByText('Agente de captación CPH').click();
    await form.getByRole('button', { name: 'Agregar' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Integrante agregado con exito' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: tecnico.username });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('Técnico');
    await screenshot(page, 'journey-03-integrantes');
  });

  it('edits the technician', async () => {
    await page.getByRole('link', { name: `Editar a ${tecnico.apellido}, ${tecnico.nombre}` }).click();
    await page.waitForURL('**/opciones/integrantes/editar/**');
    await page.getByRole('form', { name: 'Editar integrante' }).waitFor();
    await expect(page.getByLabel('Usuario').count()).resolves.toBe(0);
    await page.getByLabel('Teléfono').fill('11 5555-0000');
    await screenshot(page, 'journey-04-integrante-editar');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Integrante editado con exito' }).waitFor();
  });

  it('signs in as the technician: Panel Técnico and no Integrantes in the menu', async () => {
    await salir(page);
    await ingresar(page, tecnico.username, tecnico.password);
    await page.getByText('Panel Técnico').waitFor();
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    for (const item of [
      'Donantes',
      'Donaciones',
      'Registro CPH',
      'Planillas',
      'Generales',
      'Cambiar clave',
    ]) {
      await menu.getByRole('link', { name: item }).waitFor();
    }
    await expect(menu.getByRole('link', { name: 'Integrantes' }).count()).resolves.toBe(0);
    await screenshot(page, 'journey-05-tecnico-menu');

    await menu.getByRole('link', { name: 'Generales' }).click();
    await page.getByRole('textbox', { name: 'Servicio', exact: true }).waitFor();
    await expect(page.getByText('Nombre del Servicio').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Guardar' }).count()).resolves.toBe(0);
  });

  it('opens and downloads a planilla as the technician (both real PDFs)', async () => {
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Planillas' })
      .click();
    await page.waitForURL('**/planillas');
    const rows = page.getByTestId('planilla-row');
    await rows.first().waitFor();
    await expect(rows.count()).resolves.toBe(13);
    await screenshot(page, 'journey-06-planillas');

    // View: opens the static file in a new tab.
    const ver = rows.first().getByRole('link', { name: /^Ver/ });
    expect(await ver.getAttribute('target')).toBe('_blank');
    const href = await ver.getAttribute('href');
    expect(href).toMatch(/^\/planillas\/.+\.pdf$/);
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    expect((await res.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Download: a real file, a real PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rows
        .first()
        .getByRole('link', { name: /^Descargar/ })
        .click(),
    ]);
    const file = await leerDescarga(download);
    expect(file.name).toMatch(/\.pdf$/);
    expect(file.head).toBe('%PDF-');
    expect(file.bytes.length).toBeGreaterThan(1000);
  });

  it('the technician changes their own password', async () => {
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Cambiar clave' })
      .click();
    await page.waitForURL('**/opciones/clave');
    await page.getByLabel('Clave actual').fill(tecnico.password);
    await page.getByRole('textbox', { name: 'Clave nueva', exact: true }).fill('corta');
    await page.getByRole('textbox', { name: 'Clave nueva', exact: true }).blur();
    await page.getByText('La clave debe tener al menos 6 caracteres').first().waitFor();
    await page.getByRole('textbox', { name: 'Clave nueva', exact: true }).fill('tecnico-456');
    await page.getByLabel('Repetir clave nueva').fill('tecnico-999');
    await page.getByLabel('Repetir clave nueva').blur();
    await page.getByText('Las passwords no coinciden').waitFor();
    await screenshot(page, 'journey-07-clave');
    await page.getByLabel('Repetir clave nueva').fill('tecnico-456');
    await page.getByRole('button', { name: 'Cambiar clave' }).click();
    // The server's status text shows on the screen.
    await page.getByRole('status').filter({ hasText: /clave/i }).first().waitFor();
    await screenshot(page, 'journey-07b-clave-cambiada');
    tecnico.password = 'tecnico-456';
    await salir(page);
    await ingresar(page, tecnico.username, tecnico.password);
    await page.getByText('Panel Técnico').waitFor();
  });

  it('the administrator deletes the technician through the dialog; only Si deletes', async () => {
    await salir(page);
    await ingresar(page, cuenta.username, cuenta.password);
    await page.goto('/opciones/integrantes');
    const eliminar = page.getByRole('button', { name: `Eliminar a ${tecnico.apellido}, ${tecnico.nombre}` });

    // 'No' keeps the member.
    await eliminar.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await expect(dialog.innerText()).resolves.toContain(
      `¿Quiere eliminar a ${tecnico.apellido}, ${tecnico.nombre}`,
    );
    await screenshot(page, 'journey-08-integrante-eliminar-dialogo');
    await dialog.getByRole('button', { name: 'No' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: tecnico.username }).waitFor();

    // 'Si' deletes it.
    await eliminar.click();
    await dialog.getByRole('button', { name: 'Si' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Integrante eliminado con exito' }).waitFor();
    await page.getByRole('row').filter({ hasText: tecnico.username }).waitFor({ state: 'detached' });

    // The deleted member can no longer sign in.
    await salir(page);
    await page.getByLabel('Usuario').fill(tecnico.username);
    await page.getByLabel('Clave').fill(tecnico.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('alert').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });
});
