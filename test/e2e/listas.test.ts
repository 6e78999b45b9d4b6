/**
 * The daily lists in Chromium: /donantes ordered by a column (a button in its header, aria-sort,
 * the order in the URL, the server's order) and filtered by whether the donor may donate today and
 * by blood group; its table fits a 990-px content area with the reasons never under the buttons;
 * and /red's tables are never cut on a 390-px phone.
 */
import type { Browser, Page } from 'playwright-core';
import path from 'node:path';
import { launchBrowser, newPage, screenshot, SCREENSHOT_DIR } from './browser';
import {
  axeSerious,
  CLAVE,
  crearDonacionApi,
  crearDonanteApi,
  esperarCarga,
  gql,
  ingresar,
  isoYearsAgo,
  registrarServicioApi,
  salir,
  sinDesbordeHorizontal,
  unique,
} from './helpers';
import type { Cuenta } from './helpers';

jest.setTimeout(180000);

/** The DNIs and names of the rows of the donors' table, top to bottom. */
async function filas(page: Page): Promise<string[]> {
  const tabla = page.getByRole('table', { name: 'Donantes encontrados' });
  return tabla.locator('tbody tr td:first-child').allTextContents();
}

/** Whether two boxes share any point. */
type Caja = { x: number; y: number; width: number; height: number };
const seTocan = (a: Caja, b: Caja) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('listas: orden por columna y filtros de donantes', () => {
  let browser: Browser;
  let page: Page;
  let cuenta: Cuenta;
  const base = String(Date.now()).slice(-6);
  // Apellidos in one order, DNIs in another.
  const donantes = [
    { apellido: 'Acosta', nombre: 'Ana', dni: `41${base}` },
    { apellido: 'Benítez', nombre: 'Bruno', dni: `23${base}` },
    { apellido: 'Castro', nombre: 'Carla', dni: `35${base}` },
  ];

  beforeAll(async () => {
    cuenta = await registrarServicioApi('listas');
    const ids: string[] = [];
    for (const d of donantes) {
      ids.push((await crearDonanteApi(cuenta.token, { ...d, fechaNacimiento: isoYearsAgo(30) })).id);
    }
    // Benítez donated today (may not donate: the reasons show), group A+.
    const { id } = await crearDonacionApi(cuenta.token, ids[1]);
    await gql(
      `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
      { id, input: { abo: 'A', rh: 'POSITIVO' } },
      cuenta.token,
    );
    browser = await launchBrowser();
    // 1280 px wide: the content area beside the menu is 990 px.
    page = await newPage(browser, { width: 1280, height: 800 });
    await ingresar(page, cuenta.username, cuenta.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('orders by DNI on the server with a button in the header; the order goes into the URL', async () => {
    await page.goto('/donantes?dni=&nombre=&apellido=');
    await esperarCarga(page);
    expect(await filas(page)).toEqual(['Acosta, Ana', 'Benítez, Bruno', 'Castro, Carla']);
    const tabla = page.getByRole('table', { name: 'Donantes encontrados' });
    const dni = tabla.getByRole('columnheader', { name: /^DNI/ });
    expect(await dni.getAttribute('aria-sort')).toBeNull();

    await dni.getByRole('button', { name: 'DNI' }).click();
    await page.waitForURL(/orden=DNI&direccion=ASC/);
    await page.waitForFunction(
      () => document.querySelector('th[aria-sort="ascending"]')?.textContent?.startsWith('DNI') === true,
    );
    await page.waitForFunction(
      () =>
        document.querySelector('table[aria-label="Donantes encontrados"] tbody td')?.textContent ===
        'Benítez, Bruno',
    );
    expect(await filas(page)).toEqual(['Benítez, Bruno', 'Castro, Carla', 'Acosta, Ana']);

    await dni.getByRole('button', { name: 'DNI' }).click();
    await page.waitForURL(/orden=DNI&direccion=DESC/);
    await page.waitForFunction(
      () => document.querySelector('th[aria-sort="descending"]')?.textContent?.startsWith('DNI') === true,
    );
    await page.waitForFunction(
      () =>
        document.querySelector('table[aria-label="Donantes encontrados"] tbody td')?.textContent ===
        'Acosta, Ana',
    );
    expect(await filas(page)).toEqual(['Acosta, Ana', 'Castro, Carla', 'Benítez, Bruno']);
    expect(await axeSerious(page)).toEqual([]);

    // The order survives a reload: it is in the URL.
    await page.reload();
    await esperarCarga(page);
    await tabla.waitFor();
    expect(await filas(page)).toEqual(['Acosta, Ana', 'Castro, Carla', 'Benítez, Bruno']);
  });

  it('filters by "No puede donar hoy" and by group, on the server', async () => {
    await page.getByLabel('Puede donar').selectOption({ label: 'No puede donar hoy' });
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.waitForURL(/puedeDonar=no/);
    await page.waitForFunction(
      () => document.querySelectorAll('table[aria-label="Donantes encontrados"] tbody tr').length === 1,
    );
    expect(await filas(page)).toEqual(['Benítez, Bruno']);
    // The order stays with the new search.
    expect(page.url()).toMatch(/orden=DNI&direccion=DESC/);

    await page.getByLabel('Puede donar').selectOption({ label: 'Puede donar hoy' });
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.waitForURL(/puedeDonar=si/);
    await page.waitForFunction(
      () => document.querySelectorAll('table[aria-label="Donantes encontrados"] tbody tr').length === 2,
    );
    expect(await filas(page)).toEqual(['Acosta, Ana', 'Castro, Carla']);

    await page.getByLabel('Puede donar').selectOption({ label: 'Todos' });
    await page.getByLabel('Grupo').selectOption('A');
    await page.getByLabel('Factor').selectOption({ label: 'Rh+ (positivo)' });
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.waitForURL(/abo=A&rh=POSITIVO/);
    await page.waitForFunction(
      () => document.querySelectorAll('table[aria-label="Donantes encontrados"] tbody tr').length === 1,
    );
    expect(await filas(page)).toEqual(['Benítez, Bruno']);
    await page.getByLabel('Grupo').selectOption('O');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText('No se encontraron donantes').waitFor();
  });

  it('the table fits the 990-px content area, and the reasons never reach the buttons', async () => {
    await page.goto('/donantes?dni=&nombre=&apellido=');
    await esperarCarga(page);
    const tabla = page.getByRole('table', { name: 'Donantes encontrados' });
    await tabla.waitFor();
    const medidas = await tabla.evaluate((t) => {
      const area = t.parentElement!;
      const main = document.querySelector('main')!;
      return {
        tabla: t.scrollWidth,
        area: area.clientWidth,
        contenido: main.clientWidth,
      };
    });
    expect(medidas.tabla).toBeLessThanOrEqual(medidas.area);
    const fila = tabla.getByRole('row').filter({ hasText: 'Benítez' });
    const motivos = await fila.getByText(/Puede donar a partir del/).boundingBox();
    for (const boton of await fila.getByRole('link').all()) {
      const caja = await boton.boundingBox();
      expect(motivos && caja && seTocan(motivos, caja)).toBe(false);
    }
    for (const boton of await fila.getByRole('button').all()) {
      const caja = await boton.boundingBox();
      expect(motivos && caja && seTocan(motivos, caja)).toBe(false);
    }
    const { scrollWidth, innerWidth } = await sinDesbordeHorizontal(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await screenshot(page, 'listas-donantes-990');
  });
  it('on a 390-px phone the order buttons stay above the cards, and the page never scrolls sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/donantes?dni=&nombre=&apellido=');
    await esperarCarga(page);
    const tabla = page.getByRole('table', { name: 'Donantes encontrados' });
    await tabla.waitFor();
    const boton = tabla.getByRole('button', { name: 'Última donación' });
    expect(await boton.isVisible()).toBe(true);
    await boton.click();
    await page.waitForURL(/orden=ULTIMA_DONACION&direccion=ASC/);
    await page.waitForFunction(
      () =>
        document
          .querySelector('table[aria-label="Donantes encontrados"] tbody td')
          ?.textContent?.includes('Benítez') === true,
    );
    const caja = (await boton.boundingBox())!;
    expect(caja.x).toBeGreaterThanOrEqual(0);
    expect(caja.x + caja.width).toBeLessThanOrEqual(390);
    const { scrollWidth, innerWidth } = await sinDesbordeHorizontal(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await screenshot(page, 'listas-donantes-390');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

describe('/red en un teléfono de 390 px: ninguna tabla queda cortada', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const username = unique('redtel');
    const red = await gql<{ register: { token: string } }>(
      `mutation($input: RegisterInput!) { register(input: $input) { token } }`,
      {
        input: {
          nombre: `Programa Provincial ${username}`,
          username,
          email: `${username}@salud.example`,
          password: CLAVE,
          password2: CLAVE,
          rol: 'ROL_RED',
        },
      },
    );
    const { red: datosRed } = await gql<{ red: { codigoInvitacion: string } }>(
      `{ red { codigoInvitacion } }`,
      {},
      red.register.token,
    );
    for (const prefijo of ['miembroa', 'miembrob']) {
      const servicio = await registrarServicioApi(prefijo);
      await gql(
        `mutation ($c: String!) { unirseARed(codigo: $c) { id } }`,
        { c: datosRed.codigoInvitacion },
        servicio.token,
      );
      const base = String(Date.now()).slice(-6);
      const donante = await crearDonanteApi(servicio.token, {
        nombre: 'Lucía',
        apellido: 'Fernández',
        dni: `34${base}`,
        fechaNacimiento: isoYearsAgo(30),
        sexo: 'Femenino',
      });
      await crearDonacionApi(servicio.token, donante.id);
    }
    browser = await launchBrowser();
    page = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/auth/login');
    await page.getByLabel('Usuario').fill(username);
    await page.getByLabel('Clave').fill(CLAVE);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL('**/red');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('every table is whole on screen: each servicio and each marker a card, no column out of sight', async () => {
    await esperarCarga(page);
    for (const nombre of ['Cifras por servicio', 'Serología por marcador', 'Consultas entre servicios']) {
      const tabla = page.getByRole('table', { name: nombre });
      await tabla.waitFor();
      await tabla.scrollIntoViewIfNeeded();
      const r = await tabla.evaluate((t) => {
        const caja = t.getBoundingClientRect();
        // Every cell inside the screen: none is left behind a frame's edge.
        const celdas = [...t.querySelectorAll('tbody td, tfoot td')].map((c) => c.getBoundingClientRect());
        return {
          ancho: document.documentElement.clientWidth,
          left: Math.round(caja.left),
          right: Math.round(caja.right),
          celdasFuera: celdas.filter((c) => c.left < caja.left - 1 || c.right > caja.right + 1).length,
          celdas: celdas.length,
          marcoOculto: t.parentElement!.scrollWidth > t.parentElement!.clientWidth + 1,
        };
      });
      expect({ nombre, ...r, dentro: r.left >= 0 && r.right <= r.ancho }).toEqual({
        nombre,
        ...r,
        dentro: true,
        celdasFuera: 0,
        marcoOculto: false,
      });
      expect(r.celdas).toBeGreaterThan(0);
      // The table's card as the phone shows it, to look at.
      await tabla.locator('xpath=ancestor::div[.//h2][1]').screenshot({
        path: path.join(SCREENSHOT_DIR, `listas-red-390-${nombre.replace(/ /g, '-').toLowerCase()}.png`),
      });
    }
    const { scrollWidth, innerWidth } = await sinDesbordeHorizontal(page);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await screenshot(page, 'listas-red-390');
    await salir(page).catch(() => undefined);
  });
});
