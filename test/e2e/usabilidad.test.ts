/**
 * What a new technician must see without effort: reactive results and definitive exclusions
 * that stand out, every list's actions on screen at 1280 px and on a 390 px phone, the day's
 * donations on opening Donaciones, and an audit trail in the forms' words.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './browser';
import {
  crearDonacionApi,
  crearDonanteApi,
  ddmmyyyy,
  esperarCarga,
  gql,
  hoyIso,
  ingresar,
  isoYearsAgo,
} from './helpers';
import { sembrar } from './screens';
import type { Datos } from './screens';

jest.setTimeout(180000);

const NEGATIVA = {
  hiv: false,
  hepB: false,
  hepC: false,
  vdrl: false,
  brucelosis: false,
  chagas: false,
  htlv: false,
};

type Extra = {
  /** A donor whose donation is HIV reactive with a definitive exclusion. */
  excluidoId: string;
  /** A donor with a donation whose serology is all negative (the long serology text). */
  negativoId: string;
  /** The technician's donation: its audit entry names them. */
  donacionTecnicoId: string;
  donacionTecnicoNumero: number;
};

async function resultados(token: string, id: string, input: Record<string, unknown>): Promise<void> {
  await gql(
    `mutation($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
    { id, input },
    token,
  );
}

async function sembrarMas(d: Datos): Promise<Extra> {
  const token = d.cuenta.token;
  const dni = (n: number) => `2${String(Date.now() + n).slice(-7)}`;
  const excluido = await crearDonanteApi(token, {
    nombre: 'Rosa',
    apellido: 'Núñez Ortiz',
    dni: dni(1),
    fechaNacimiento: isoYearsAgo(40),
  });
  const d1 = await crearDonacionApi(token, excluido.id);
  await resultados(token, d1.id, {
    abo: 'A',
    rh: 'NEGATIVO',
    serologia: { ...NEGATIVA, hiv: true },
    exclusionDefinitiva: 'Definitiva',
  });
  const negativo = await crearDonanteApi(token, {
    nombre: 'Carlos Alberto',
    apellido: 'Núñez de la Fuente',
    dni: dni(2),
    fechaNacimiento: isoYearsAgo(35),
  });
  const d2 = await crearDonacionApi(token, negativo.id);
  await resultados(token, d2.id, { abo: 'B', rh: 'POSITIVO', serologia: NEGATIVA });
  // A donor who may donate today: the donors list offers 'Agregar donación'.
  await crearDonanteApi(token, {
    nombre: 'Lucía',
    apellido: 'Núñez Vega',
    dni: dni(3),
    fechaNacimiento: isoYearsAgo(22),
  });
  // A deleted donor: the audit offers 'Restaurar' on its entry.
  const borrado = await crearDonanteApi(token, {
    nombre: 'Borrado',
    apellido: 'Quiroga',
    dni: dni(5),
    fechaNacimiento: isoYearsAgo(50),
  });
  await gql(`mutation($id: ID!) { deleteDonante(id: $id) }`, { id: borrado.id }, token);
  // The technician records a donation: the audit must say who, by name.
  const { login } = await gql<{ login: { token: string } }>(
    `mutation($input: LoginInput!) { login(input: $input) { token } }`,
    { input: { username: `${d.cuenta.username}_t`, password: 'tecnico-123' } },
  );
  const deTecnico = await crearDonanteApi(login.token, {
    nombre: 'Pablo',
    apellido: 'Núñez Sosa',
    dni: dni(4),
    fechaNacimiento: '1990-02-01',
  });
  const d3 = await crearDonacionApi(login.token, deTecnico.id);
  return {
    excluidoId: excluido.id,
    negativoId: negativo.id,
    donacionTecnicoId: d3.id,
    donacionTecnicoNumero: d3.numero,
  };
}

/** WCAG contrast of an element's text against its own background (both opaque rgb()). */
async function contrasteDe(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const rgb = (c: string) => (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: number[]) => {
        const [r, g, b] = c.map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const style = getComputedStyle(el);
      const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))].sort((x, y) => y - x);
      return (a + 0.05) / (b + 0.05);
    });
}

describe('usabilidad', () => {
  let browser: Browser;
  let page: Page;
  let datos: Datos;
  let extra: Extra;

  // One page for the whole file (the single-process Chromium must keep a context open); each
  // part sets the viewport it needs.
  beforeAll(async () => {
    datos = await sembrar('usab');
    extra = await sembrarMas(datos);
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1280, height: 800 });
    await ingresar(page, datos.cuenta.username, datos.cuenta.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe('resultados reactivos', () => {
    beforeAll(async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    it("the donor's donations mark a reactive marker as the specification prints it, with an icon and a contrasting red", async () => {
      await page.goto(`/donaciones/donante/${datos.donanteId}`);
      const marca = page.getByRole('table', { name: 'Donaciones del donante' }).getByTestId('marca-reactivo');
      await marca.waitFor();
      await expect(marca.innerText()).resolves.toBe('Chagas (+)');
      await expect(marca.locator('svg').count()).resolves.toBe(1);
      const estilo = await marca.evaluate((el) => getComputedStyle(el).backgroundColor);
      // A solid red: red channel well above green and blue.
      const [r, g, b] = (estilo.match(/\d+/g) ?? []).map(Number);
      expect(r).toBeGreaterThan(150);
      expect(g).toBeLessThan(80);
      expect(b).toBeLessThan(80);
      expect(await contrasteDe(page, '[data-testid="marca-reactivo"]')).toBeGreaterThanOrEqual(4.5);
      await screenshot(page, 'usab-reactivo-donante-1280');
    });

    it('the donations panel and the results screen mark HIV (+) and a definitive exclusion', async () => {
      await page.goto(`/donaciones?numero=&fecha=${hoyIso()}`);
      const panel = page.getByRole('region', { name: 'Donaciones' });
      const fila = panel.getByRole('row').filter({ hasText: 'Núñez Ortiz' });
      await fila.getByTestId('marca-reactivo').waitFor();
      await expect(fila.getByTestId('marca-reactivo').innerText()).resolves.toBe('HIV 1/2 (+)');
      await expect(fila.getByTestId('marca-exclusion').innerText()).resolves.toBe('EXCLUSIÓN DEFINITIVA');
      // A negative donation carries no mark.
      const negativa = panel.getByRole('row').filter({ hasText: 'Núñez de la Fuente' });
      await expect(negativa.getByTestId('marca-reactivo').count()).resolves.toBe(0);
      await screenshot(page, 'usab-reactivo-panel-1280');

      await page.goto(`/donaciones/donante/${extra.excluidoId}`);
      await page.getByRole('link', { name: /^Resultados de la donación/ }).click();
      const registrados = page.getByRole('region', { name: 'Resultados registrados' });
      await registrados.getByTestId('marca-reactivo').waitFor();
      await expect(registrados.innerText()).resolves.toContain('HIV 1/2 (+)');
      await expect(registrados.innerText()).resolves.toContain('EXCLUSIÓN DEFINITIVA');
      expect(await contrasteDe(page, '[data-testid="marca-exclusion"]')).toBeGreaterThanOrEqual(4.5);
      await screenshot(page, 'usab-reactivo-resultados-1280');
    });
  });

  describe('donaciones del día', () => {
    it('opens on today’s donations; a scanned label number + Enter finds that one donation', async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/donaciones');
      const tabla = page.getByRole('table', { name: 'Donaciones encontradas' });
      await tabla.waitFor();
      await esperarCarga(page);
      // The four donations seeded today, without touching the search form.
      await expect(tabla.locator('tbody tr').count()).resolves.toBe(4);
      await expect(page.getByRole('textbox', { name: 'Fecha' }).inputValue()).resolves.toBe(
        ddmmyyyy(hoyIso()),
      );
      await screenshot(page, 'usab-donaciones-hoy-1280');

      const numero = page.getByRole('textbox', { name: 'Número' });
      await numero.fill(String(datos.donacionNumero));
      await numero.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('numero') === String(datos.donacionNumero));
      // The search may start after the URL changes: wait (up to 15 s) for its answer, one row.
      const filas = tabla.locator('tbody tr');
      for (let t = 0; t < 75 && (await filas.count()) !== 1; t += 1) await page.waitForTimeout(200);
      await esperarCarga(page);
      await expect(filas.count()).resolves.toBe(1);
      await expect(tabla.locator('tbody tr').innerText()).resolves.toContain(String(datos.donacionNumero));
    });
  });

  describe.each([
    { ancho: 1280, alto: 800 },
    { ancho: 390, alto: 844 },
  ])('listas a $ancho px', ({ ancho, alto }) => {
    beforeAll(async () => {
      await page.setViewportSize({ width: ancho, height: alto });
    });

    const LISTAS: { name: string; path: (d: Datos, e: Extra) => string; tabla: string; minimo: number }[] = [
      {
        name: 'donantes',
        path: () => '/donantes?dni=&apellido=nunez&nombre=',
        tabla: 'Donantes encontrados',
        minimo: 5,
      },
      { name: 'donaciones', path: () => '/donaciones', tabla: 'Donaciones encontradas', minimo: 4 },
      { name: 'libro', path: () => '/donaciones', tabla: 'Donaciones del libro', minimo: 4 },
      {
        name: 'donaciones-donante',
        path: (_d, e) => `/donaciones/donante/${e.negativoId}`,
        tabla: 'Donaciones del donante',
        minimo: 1,
      },
      {
        name: 'donaciones-donante-reactivo',
        path: (_d, e) => `/donaciones/donante/${e.excluidoId}`,
        tabla: 'Donaciones del donante',
        minimo: 1,
      },
      {
        name: 'integrantes',
        path: () => '/opciones/integrantes',
        tabla: 'Integrantes del servicio',
        minimo: 1,
      },
      { name: 'planillas', path: () => '/planillas', tabla: 'Planillas descargables', minimo: 13 },
      { name: 'auditoria', path: () => '/opciones/auditoria', tabla: 'Registro de auditoría', minimo: 5 },
    ];

    it.each(LISTAS)('$name: every action is on screen, nothing scrolls sideways', async (lista) => {
      await page.goto(lista.path(datos, extra));
      const tabla = page.getByRole('table', { name: lista.tabla });
      await tabla.waitFor();
      await esperarCarga(page);
      await page.waitForTimeout(250);
      const medida = await tabla.evaluate((table) => {
        const acciones = Array.from(table.querySelectorAll<HTMLElement>('tbody a, tbody button')).filter(
          (el) => el.offsetParent !== null,
        );
        return {
          acciones: acciones.map((el) => {
            const r = el.getBoundingClientRect();
            return { texto: el.innerText.trim(), left: r.left, right: r.right };
          }),
          filas: table.querySelectorAll('tbody tr').length,
          scrollWidth: document.scrollingElement!.scrollWidth,
          innerWidth: window.innerWidth,
        };
      });
      await screenshot(page, `usab-lista-${lista.name}-${ancho}`);
      expect(medida.filas).toBeGreaterThanOrEqual(lista.minimo);
      expect(medida.acciones.length).toBeGreaterThan(0);
      expect(medida.scrollWidth).toBeLessThanOrEqual(medida.innerWidth);
      const fuera = medida.acciones.filter((a) => a.left < 0 || a.right > medida.innerWidth);
      expect(fuera).toEqual([]);
    });
  });

  describe('auditoría legible', () => {
    it('shows the forms’ labels, people by name and values as on screen', async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/opciones/auditoria');
      const tabla = page.getByRole('table', { name: 'Registro de auditoría' });
      await tabla.waitFor();
      await page.getByRole('textbox', { name: 'Id del registro' }).fill(extra.donacionTecnicoId);
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await tabla.locator('tbody tr').filter({ hasText: 'Registrado por: Tomás Ibáñez' }).waitFor();
      const fila = await tabla.locator('tbody tr').first().locator('td').nth(4).innerText();
      expect(await tabla.locator('tbody tr').first().innerText()).toContain('Tomás Ibáñez');
      expect(fila).toContain('Registrado por: Tomás Ibáñez');
      expect(fila).toContain('TAS: 120 mmHg');
      expect(fila).toContain(`Número: ${extra.donacionTecnicoNumero}`);
      expect(fila).toContain(`Fecha: ${ddmmyyyy(hoyIso())}`);
      expect(fila).toContain('Temperatura: 36,5 °C');
      expect(fila).toContain('Plasma COVID: No');
      expect(fila).not.toMatch(/taSistolica|registradoPor|donanteId|true|false/);
      expect(fila).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
      await screenshot(page, 'usab-auditoria-donacion-1280');

      await page.getByRole('textbox', { name: 'Id del registro' }).fill('');
      await page.getByRole('combobox', { name: 'Registro' }).selectOption('donante');
      await page.getByRole('button', { name: 'Filtrar' }).click();
      const alta = tabla.locator('tbody tr').filter({ hasText: 'Núñez Sosa' });
      await alta.waitFor();
      const texto = await alta.locator('td').nth(4).innerText();
      expect(texto).toContain('Fecha de nacimiento: 01/02/1990');
      expect(texto).toContain('Apellido: Núñez Sosa');
      expect(texto).not.toMatch(/fechaNacimiento|1990-02-01/);
    });
  });
});
