/**
 * Journey: a regional network. A provincial programme registers from the register screen and
 * reads its invitation code on /red; a servicio's administrator types it in Opciones → Red and
 * joins; a donation is recorded; the network then sees the servicio among its members and in its
 * figures, downloads them as CSV and PDF (both read back, the table by servicio included), never
 * reaches a servicio screen (/donantes takes it back to /red), renews its code and removes the
 * member.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './browser';
import {
  axeSerious,
  CLAVE,
  crearDonacionApi,
  crearDonanteApi,
  esperarCarga,
  ingresar,
  isoYearsAgo,
  leerDescarga,
  registrarServicioApi,
  unique,
} from './helpers';
import type { Cuenta } from './helpers';
import { readPdf } from '../pdf/pdf-reader';

jest.setTimeout(120000);

/** 'Salir' in the top bar ('Salir de la red' is on Opciones → Red too). */
async function salir(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Salir', exact: true }).click();
  await page.waitForURL('**/auth/login');
}

describe('recorrido: una red provincial y un servicio miembro', () => {
  let browser: Browser;
  // One page, one session at a time: this Chromium's contexts share their storage.
  let page: Page;
  let servicio: Cuenta;
  let codigo = '';
  const username = unique('red');
  const nombreRed = `Programa Provincial ${username}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 900 });
    servicio = await registrarServicioApi('miembro');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("registers a network from the register screen: 'Red o programa provincial' lands on /red", async () => {
    await page.goto('/auth/register');
    await page.getByRole('radio', { name: 'Red o programa provincial' }).check({ force: true });
    await page.getByLabel('Nombre de la red o programa').fill(nombreRed);
    await page.getByLabel('Usuario').fill(username);
    await page.getByLabel('Email').fill(`${username}@salud.example`);
    await page.getByLabel(/^Clave/).fill(CLAVE);
    await page.getByLabel('Repetir clave').fill(CLAVE);
    await page.getByRole('button', { name: 'Registrar' }).click();
    await page.waitForURL('**/red');
    await page.getByTestId('servicio-nombre').filter({ hasText: nombreRed }).waitFor();
    await page.getByText('Panel de la Red', { exact: true }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    // The menu's links render with the session's role: read them once the network's two are there.
    await page.waitForFunction(
      () => document.querySelectorAll('nav[aria-label="Menú principal"] a').length === 2,
    );
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Red', 'Cambiar clave']);
  });

  it('shows its invitation code, and no member yet', async () => {
    await page.getByRole('heading', { name: nombreRed, level: 1 }).waitFor();
    codigo = ((await page.getByTestId('codigo-invitacion').textContent()) ?? '').trim();
    expect(codigo).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await page.getByText('Todavía no se unió ningún servicio.').waitFor();
    await page.getByText(/escribe este código en Opciones → Red/).waitFor();
  });

  it('the servicio joins in Opciones → Red with the code', async () => {
    await salir(page);
    await ingresar(page, servicio.username, servicio.password);
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Red', exact: true })
      .click();
    await page.waitForURL('**/opciones/red');
    await page.getByText('El servicio no pertenece a ninguna red.').waitFor();
    // A wrong code first: the server's Spanish message, and nothing changes.
    await page.getByLabel(/Código de invitación/).fill('NOEXISTE1234');
    await page.getByRole('button', { name: 'Unirse a la red' }).click();
    await page.getByText('El código de invitación no corresponde a ninguna red').first().waitFor();
    // The code as a person types it: lower case is fine.
    await page.getByLabel(/Código de invitación/).fill(codigo.toLowerCase());
    await page.getByRole('button', { name: 'Unirse a la red' }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: `El servicio se unió a la red ${nombreRed}` })
      .waitFor();
    await page.getByText(nombreRed, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Salir de la red' }).waitFor();
    // axe once the toast is gone (a fading toast has no contrast to measure).
    await page.getByTestId('toast').waitFor({ state: 'detached', timeout: 10000 });
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'opciones-red');
  });

  it("the network sees the servicio among its members, and its one donation as 'menos de 5'", async () => {
    const base = String(Date.now()).slice(-6);
    const donante = await crearDonanteApi(servicio.token, {
      nombre: 'Lucía',
      apellido: 'Fernández',
      dni: `33${base}`,
      fechaNacimiento: isoYearsAgo(30),
      sexo: 'Femenino',
      esVoluntario: 'Si',
    });
    await crearDonacionApi(servicio.token, donante.id);

    // The network signs in from the login screen and lands on its panel.
    await salir(page);
    await page.getByLabel('Usuario').fill(username);
    await page.getByLabel('Clave').fill(CLAVE);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL('**/red');
    const miembros = page.getByRole('list', { name: 'Servicios miembros' });
    await miembros.getByText(servicio.nombre).waitFor();
    const cifras = page.getByRole('region', { name: 'Cifras principales' });
    await cifras.waitFor();
    await esperarCarga(page);
    const valor = (label: string) =>
      cifras.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    // One donation: a figure the network does not read (fewer than 5), nor its share.
    expect(await valor('Atendidos').textContent()).toBe('menos de 5');
    expect(await valor('% voluntarias').textContent()).toBe('reservado');
    await page.getByTestId('nota-supresion').waitFor();
    const fila = page.getByRole('table', { name: 'Cifras por servicio' }).getByRole('row', {
      name: new RegExp(servicio.nombre),
    });
    const celdas = (await fila.getByRole('cell').allTextContents()).map((c) => c.trim());
    expect(celdas.slice(0, 4)).toEqual([servicio.nombre, 'menos de 5', 'menos de 5', 'reservado']);
    await page
      .getByRole('figure', { name: 'Donaciones por período' })
      .locator('svg.recharts-surface')
      .waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'red');
    await page.screenshot({ path: '/tmp/red.png', fullPage: true });
  });

  it("downloads the network's CSV and PDF, each with the table by servicio", async () => {
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar CSV', exact: true }).click(),
    ]);
    const archivo = await leerDescarga(csv);
    expect(archivo.name).toMatch(/^reporte-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/);
    const texto = archivo.bytes.toString('utf8');
    expect(texto).toContain(`# Reporte de indicadores - Red ${nombreRed} (todos sus servicios)`);
    expect(texto).toContain('Atendidos;menos de 5\r\n');
    expect(texto).toContain(`${servicio.nombre};menos de 5;menos de 5;reservado;`);
    expect(texto).toContain('Total de la red;menos de 5;menos de 5;reservado;');

    const [pdf] = await Promise.all([
      page.waitForEvent('download', { timeout: 60000 }),
      page.getByRole('button', { name: 'Descargar PDF' }).click(),
    ]);
    const documento = await leerDescarga(pdf);
    expect(documento.name).toMatch(/^reporte-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(documento.head).toBe('%PDF-');
    const pages = await readPdf(new Uint8Array(documento.bytes));
    expect(pages).toHaveLength(1);
    const { text } = pages[0];
    expect(text).toContain(nombreRed);
    expect(text).toContain('Reporte de la red');
    expect(text).toContain('Por servicio');
    // The member's row (its name may wrap in its cell) and the total: one donation, so every
    // figure 'menos de 5', the share 'reservado'.
    expect(text).toContain(servicio.username);
    const filaRed = /menos de 5\s+menos de 5\s+reservado(\s+menos de 5){4}/g;
    expect(text.match(filaRed)).toHaveLength(2);
    expect(text).toMatch(/Total de la red\s+menos de 5\s+menos de 5\s+reservado/);
  });

  it('as the network, /donantes shows no donor: it lands back on /red', async () => {
    await page.goto('/donantes');
    await page.waitForURL('**/red');
    await page.getByRole('heading', { name: nombreRed, level: 1 }).waitFor();
    expect(await page.getByText('Fernández').count()).toBe(0);
    expect(await page.getByRole('heading', { name: /Donantes/ }).count()).toBe(0);
  });

  it('renews its invitation code and removes the member, each after a confirmation', async () => {
    await page.getByRole('button', { name: 'Renovar código' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Si' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Código de invitación renovado' }).waitFor();
    await page.waitForFunction(
      (anterior) =>
        document.querySelector('[data-testid="codigo-invitacion"]')?.textContent?.trim() !== anterior,
      codigo,
    );
    await page.getByRole('button', { name: `Quitar de la red: ${servicio.nombre}` }).click();
    const dialogo = page.getByRole('alertdialog');
    await dialogo.getByText(`¿Quiere quitar ${servicio.nombre} de la red?`).waitFor();
    await dialogo.getByRole('button', { name: 'Si' }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: `${servicio.nombre} ya no es miembro de la red` })
      .waitFor();
    await page.getByText('Todavía no se unió ningún servicio.').waitFor();
  });
});
