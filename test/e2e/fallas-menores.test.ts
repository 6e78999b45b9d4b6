/**
 * Smaller faults of daily use (issue 30), in Chromium: the top bar says who is signed in; a saved
 * donor comes back with a toast on the search that finds them; a duplicate DNI is reported beside
 * the button just clicked and in sight; decimals typed with a comma show with a comma on screen;
 * and printing the label sheet logs no 'Buffer is not defined'.
 */
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { MSG } from '../../server/src/domain/messages';
import { launchBrowser, newPage, screenshot } from './browser';
import {
  capturarBlobs,
  crearDonanteApi,
  esperarCarga,
  gql,
  ingresar,
  isoYearsAgo,
  nuevoBlob,
  blobCount,
  registrarServicioApi,
  unique,
} from './helpers';
import type { DonanteSeed } from './helpers';

jest.setTimeout(120000);

describe('fallas menores del uso diario', () => {
  let browser: Browser;
  let page: Page;
  let existente: DonanteSeed;
  let nuevoId = '';
  const consola: { type: string; text: string }[] = [];
  const tecnica = { nombre: 'Ana', apellido: 'Pérez', username: unique('tec'), password: 'tecnica-123' };
  const base = String(Date.now()).slice(-6);
  const nuevo = { apellido: 'Quiroga', nombre: 'Rosario', dni: `41${base}`, nacimiento: '17/05/1990' };

  beforeAll(async () => {
    const cuenta = await registrarServicioApi('fm');
    await gql(
      `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
      { input: { ...tecnica, password2: tecnica.password, rol: 'ROL_TECNICO' } },
      cuenta.token,
    );
    existente = await crearDonanteApi(cuenta.token, {
      nombre: 'Begoña',
      apellido: 'Núñez',
      dni: `33${base}`,
      fechaNacimiento: isoYearsAgo(30),
    });
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 768 });
    page.on('console', (m: ConsoleMessage) => consola.push({ type: m.type(), text: m.text() }));
    await capturarBlobs(page);
    await ingresar(page, tecnica.username, tecnica.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('the top bar says who is signed in: name and role', async () => {
    const quien = page.getByRole('banner').getByTestId('usuario-sesion');
    await quien.waitFor();
    const texto = (await quien.innerText()).replace(/\s+/g, ' ').trim();
    expect(texto).toBe('Ana Pérez Técnico');
    expect(await quien.isVisible()).toBe(true);
  });

  async function llenarDonante(dni: string) {
    await page.getByRole('link', { name: 'Nuevo donante' }).click();
    await page.waitForURL('**/donantes/nuevo');
    const personales = page.getByRole('group', { name: 'Datos personales' });
    await personales.getByRole('textbox', { name: 'Apellido' }).fill(nuevo.apellido);
    await personales.getByRole('textbox', { name: 'Nombre' }).fill(nuevo.nombre);
    await personales.getByRole('textbox', { name: 'DNI' }).fill(dni);
    await personales.getByRole('textbox', { name: 'Fecha de nacimiento' }).fill(nuevo.nacimiento);
  }

  it("a duplicate DNI: the server's message beside the button just clicked, in sight, and at the DNI", async () => {
    await llenarDonante(existente.dni);
    const guardar = page.getByRole('button', { name: 'Guardar', exact: true });
    await guardar.click();
    const alerta = page.getByRole('form', { name: 'Nuevo donante' }).getByRole('alert');
    await alerta.filter({ hasText: MSG.errorCrearDonante }).waitFor();
    expect(await alerta.innerText()).toContain(`DNI ${existente.dni}`);
    // In the viewport once the scroll ends, right above the button.
    await page.waitForFunction(
      (el) => {
        const r = el!.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight;
      },
      await alerta.elementHandle(),
    );
    // Both boxes read in one frame: the smooth scroll may still be moving the page.
    const hueco = await page.evaluate(
      ([el, boton]) => boton!.getBoundingClientRect().top - el!.getBoundingClientRect().bottom,
      [await alerta.elementHandle(), await guardar.elementHandle()] as const,
    );
    expect(hueco).toBeGreaterThanOrEqual(0);
    expect(hueco).toBeLessThan(40);
    // The DNI field says it too.
    const dni = page
      .locator('[data-scope="field"][data-part="root"]')
      .filter({ has: page.getByRole('textbox', { name: 'DNI', exact: true }) });
    expect(await dni.innerText()).toContain(`DNI ${existente.dni}`);
    await screenshot(page, 'fallas-dni-repetido');
  });

  it('saving a new donor shows a toast and lands on the search that finds them', async () => {
    await page.goto('/donantes');
    await llenarDonante(nuevo.dni);
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: MSG.donanteAgregado }).waitFor();
    await page.waitForURL((url) => url.pathname === '/donantes' && url.searchParams.get('dni') === nuevo.dni);
    const fila = page
      .getByRole('table', { name: 'Donantes encontrados' })
      .getByRole('row')
      .filter({ hasText: nuevo.dni });
    await fila.waitFor();
    expect(await fila.innerText()).toContain(nuevo.apellido);
    expect(await page.getByRole('textbox', { name: 'DNI', exact: true }).inputValue()).toBe(nuevo.dni);
    const href = await fila
      .getByRole('link', { name: `Agregar donación de ${nuevo.apellido}, ${nuevo.nombre}` })
      .getAttribute('href');
    nuevoId = href!.split('/')[3];
    await screenshot(page, 'fallas-donante-guardado');
  });

  it("'Generar Etiquetas' prints the sheet without logging 'Buffer is not defined'", async () => {
    await page.goto(`/donaciones/nueva/${nuevoId}/`);
    await page.getByRole('form', { name: 'Nueva donación' }).waitFor();
    const input = (name: string) => page.getByRole('textbox', { name, exact: true });
    await input('TAS (mmHg)').fill('120');
    await input('TAD (mmHg)').fill('80');
    await input('FC (lpm)').fill('72');
    await input('Peso (kg)').fill('68');
    await input('Temperatura (°C)').fill('36,5');
    await input('Hemoglobina (g/dl)').fill('13,5');
    await input('Hematocrito (%)').fill('41');
    await input('Lote de bolsa').fill('LT-4411');
    const antes = await blobCount(page);
    const desde = consola.length;
    await page.getByRole('button', { name: 'Generar Etiquetas' }).click();
    const pdf = await nuevoBlob(page, antes);
    expect(pdf.head).toBe('%PDF-');
    await esperarCarga(page);
    const mensajes = consola.slice(desde).filter((m) => m.type === 'warning' || m.type === 'error');
    expect(mensajes.filter((m) => /Buffer/.test(m.text))).toEqual([]);
  });

  it('decimals typed as 36,5 show as 36,5 on screen, as on paper', async () => {
    await page.getByRole('button', { name: 'Guardar donación' }).click();
    await page.waitForURL(`**/donaciones/hemodos/${nuevoId}/**`);
    const seccion = page.getByRole('region', { name: 'Esta donación' });
    await seccion.waitFor();
    const texto = await seccion.innerText();
    expect(texto).toMatch(/Temperatura \(°C\)\s+36,5/);
    expect(texto).toMatch(/Hemoglobina \(g\/dl\)\s+13,5/);
    expect(texto).not.toMatch(/\d\.\d/);
  });
});
