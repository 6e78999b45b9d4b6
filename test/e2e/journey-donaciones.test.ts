/**
 * Journey 3: donations and their printables. Record a donation with a generated label
 * number (the label sheet PDF is produced), see the 8-week refusal, search by number
 * (typed + Enter, as a scanner does) and by today's date, print the register book
 * (donaciones-DD-MM-YYYY.pdf) and the donation sheet, record serology and blood group, and
 * delete a donation through the dialog with the specification's exact title.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './browser';
import {
  blobCount,
  capturarBlobs,
  crearDonacionApi,
  crearDonanteApi,
  ddmmyyyy,
  esperarCarga,
  gql,
  hoyGuiones,
  hoyIso,
  ingresar,
  isoYearsAgo,
  leerDescarga,
  nuevoBlob,
  registrarServicioApi,
  salir,
} from './helpers';
import type { Cuenta, DonanteSeed } from './helpers';

jest.setTimeout(120000);

describe('recorrido: donaciones e impresos', () => {
  let browser: Browser;
  let page: Page;
  let cuenta: Cuenta;
  let begona: DonanteSeed;
  let juan: DonanteSeed;
  let numero = '';
  const base = String(Date.now()).slice(-6);

  beforeAll(async () => {
    cuenta = await registrarServicioApi('dnc');
    begona = await crearDonanteApi(cuenta.token, {
      nombre: 'Begoña',
      apellido: 'Núñez',
      dni: `33${base}`,
      fechaNacimiento: isoYearsAgo(30),
      domActual: 'Av. Colón',
      domActualAltura: '1500',
      localidadActual: 'Córdoba',
      telefono: '351 555-1234',
      lugarNacimiento: 'Río Cuarto',
    });
    juan = await crearDonanteApi(cuenta.token, {
      nombre: 'Juan Carlos',
      apellido: 'Pérez',
      dni: `22${base}`,
      fechaNacimiento: isoYearsAgo(45),
    });
    await crearDonacionApi(cuenta.token, juan.id, { hora: '08:15' });
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 768 });
    await capturarBlobs(page);
    await ingresar(page, cuenta.username, cuenta.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const input = (name: string) => page.getByRole('textbox', { name, exact: true });

  async function llenarDonacion() {
    await input('TAS (mmHg)').fill('120');
    await input('TAD (mmHg)').fill('80');
    await input('FC (lpm)').fill('72');
    await input('Peso (kg)').fill('68');
    await input('Hemoglobina (g/dl)').fill('13.5');
    await input('Hematocrito (%)').fill('41');
    await input('Lote de bolsa').fill('LT-4411');
  }

  it('records a donation with a generated label number; the label sheet is etiquetas-<numero>.pdf', async () => {
    await page.getByRole('textbox', { name: 'DNI', exact: true }).fill(begona.dni);
    await page.getByRole('textbox', { name: 'DNI', exact: true }).press('Enter');
    await page.getByRole('link', { name: 'Agregar donación de Núñez, Begoña' }).click();
    await page.waitForURL(`**/donaciones/nueva/${begona.id}/`);
    await page.getByRole('form', { name: 'Nueva donación' }).waitFor();
    await llenarDonacion();

    const antes = await blobCount(page);
    const [etiquetas] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generar Etiquetas' }).click(),
    ]);
    const pdf = await nuevoBlob(page, antes);
    expect(pdf.head).toBe('%PDF-');
    expect(pdf.type).toBe('application/pdf');
    numero = await input('Número').inputValue();
    expect(numero).toMatch(/^\d+$/);
    // saved under its name, not a random id
    expect(etiquetas.suggestedFilename()).toBe(`etiquetas-${numero}.pdf`);
    await esperarCarga(page);
    await screenshot(page, 'donaciones-01-nueva');

    await page.getByRole('button', { name: 'Guardar donación' }).click();
    await page.waitForURL(`**/donaciones/hemodos/${begona.id}/**`);
    await page.getByRole('heading', { name: `Hemodonación N° ${numero}` }).waitFor();
  });

  it('prints the donation sheet (a PDF saved as hemodonacion-<numero>.pdf)', async () => {
    await esperarCarga(page);
    await screenshot(page, 'donaciones-02-hemodos');
    const antes = await blobCount(page);
    const [hoja] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Imprimir' }).click(),
    ]);
    const pdf = await nuevoBlob(page, antes);
    expect(pdf.head).toBe('%PDF-');
    expect(pdf.pages).toBe(1);
    expect(hoja.suggestedFilename()).toBe(`hemodonacion-${numero}.pdf`);
  });

  it('refuses a second donation within 8 weeks with the specification text', async () => {
    await page.getByRole('link', { name: 'Donaciones del donante' }).click();
    await page.waitForURL(`**/donaciones/donante/${begona.id}`);
    // The screens no longer offer a new donation for this donor; open the route directly.
    await expect(page.getByRole('link', { name: 'Nueva donación' }).count()).resolves.toBe(0);
    await page.goto(`/donaciones/nueva/${begona.id}/`);
    await page.getByRole('form', { name: 'Nueva donación' }).waitFor();
    await llenarDonacion();
    // 'Generar Etiquetas' issues no number for a donor who may not donate today, and says why.
    const texto = `Este donante dono hace menos de 8 semanas (${ddmmyyyy(hoyIso())}).`;
    const antes = await blobCount(page);
    await page.getByRole('button', { name: 'Generar Etiquetas' }).click();
    const rechazo = page.getByRole('alert').filter({ hasText: 'Error al generar número de etiqueta' });
    await rechazo.getByText(texto).waitFor();
    await rechazo.getByText('No se emiten etiquetas: el donante no puede donar hoy.').waitFor();
    await expect(input('Número').inputValue()).resolves.toBe('');
    await expect(blobCount(page)).resolves.toBe(antes);
    // A number issued without a donor (a label printed before): the donation itself is refused.
    const { nextEtiquetaNumero } = await gql<{ nextEtiquetaNumero: number }>(
      `mutation { nextEtiquetaNumero }`,
      {},
      cuenta.token,
    );
    await input('Número').fill(String(nextEtiquetaNumero));
    await page.getByRole('button', { name: 'Guardar donación' }).click();
    await page.getByRole('alert').filter({ hasText: 'Error al crear donación' }).getByText(texto).waitFor();
    await page.getByText('Error al crear donación').first().waitFor();
    expect(new URL(page.url()).pathname).toBe(`/donaciones/nueva/${begona.id}/`);
    await screenshot(page, 'donaciones-03-rechazo-8-semanas');
  });

  it('finds the donation by number typed and Enter (a barcode scanner)', async () => {
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Donaciones' })
      .click();
    await page.waitForURL('**/donaciones');
    // The screen's code loads on first visit; until then the previous screen (the new-donation
    // form, with its own Número and Fecha) is still the one shown.
    await page.getByRole('search', { name: 'Buscar donaciones' }).waitFor();
    await expect(page.getByLabel('Fecha').inputValue()).resolves.toBe(ddmmyyyy(hoyIso()));
    await page.getByLabel('Número').fill(numero);
    await page.getByLabel('Número').press('Enter');
    // The screen opened on today's list: wait for the number's own answer (header + one row).
    await page.waitForURL((url) => url.searchParams.get('numero') === numero);
    const tabla = page.getByRole('table', { name: 'Donaciones encontradas' });
    const filas = tabla.getByRole('row');
    for (let t = 0; t < 75 && (await filas.count()) !== 2; t += 1) await page.waitForTimeout(200);
    await tabla.getByRole('row').filter({ hasText: 'Núñez' }).waitFor();
    await expect(filas.count()).resolves.toBe(2);
    await expect(tabla.innerText()).resolves.toContain(cuenta.nombre);
  });

  it("finds today's donations by date and prints the register book donaciones-DD-MM-YYYY.pdf", async () => {
    await page.getByLabel('Número').fill('');
    // The date is typed DD/MM/AAAA whatever the browser's locale; the slashes come by themselves.
    const fecha = page.getByRole('textbox', { name: 'Fecha', exact: true });
    await expect(fecha.getAttribute('placeholder')).resolves.toBe('DD/MM/AAAA');
    await fecha.fill('');
    await fecha.pressSequentially('31022025');
    await expect(fecha.inputValue()).resolves.toBe('31/02/2025');
    await fecha.press('Enter');
    await page.getByText('Debe proporcionar una fecha válida').waitFor();
    await fecha.fill('');
    await fecha.pressSequentially(ddmmyyyy(hoyIso()).replaceAll('/', ''));
    await expect(fecha.inputValue()).resolves.toBe(ddmmyyyy(hoyIso()));
    await fecha.press('Enter');
    const tabla = page.getByRole('table', { name: 'Donaciones encontradas' });
    await tabla.getByRole('row').filter({ hasText: 'Pérez' }).waitFor();
    await expect(tabla.getByRole('row').count()).resolves.toBe(3);

    const panel = page.getByRole('region', { name: 'Donaciones' });
    await panel.getByRole('table', { name: 'Donaciones del libro' }).waitFor();
    const headers = await panel.getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual([
      '#',
      'Fecha',
      'Donante',
      'Grupo y factor',
      'Serologia',
      '',
    ]);
    await esperarCarga(page);
    await screenshot(page, 'donaciones-04-busqueda-hoy');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Imprimir Libro' }).click(),
    ]);
    const file = await leerDescarga(download);
    expect(file.name).toBe(`donaciones-${hoyGuiones()}.pdf`);
    expect(file.head).toBe('%PDF-');
  });

  it('records serology and blood group on the results screen', async () => {
    const tabla = page.getByRole('table', { name: 'Donaciones encontradas' });
    await tabla.getByRole('row').filter({ hasText: 'Núñez' }).getByRole('cell').nth(2).click();
    await page.waitForURL('**/donacion/**/donante/**');
    const form = page.getByRole('form', { name: 'Resultados de la donación' });
    await form.waitFor();
    await form.getByLabel('Grupo ABO').selectOption('A');
    await form.getByLabel('Factor Rh').selectOption('POSITIVO');
    await form.getByText('Chagas').click();
    await screenshot(page, 'donaciones-05-resultados');
    await form.getByRole('button', { name: /Guardar/ }).click();
    await page.getByTestId('toast').first().waitFor();

    await page.getByRole('link', { name: 'Donaciones del donante' }).click();
    await page.waitForURL(`**/donaciones/donante/${begona.id}`);
    const fila = page
      .getByRole('table', { name: 'Donaciones del donante' })
      .getByRole('row')
      .filter({ hasText: numero });
    await fila.waitFor();
    const texto = await fila.innerText();
    expect(texto).toMatch(/A\s*(\+|Positivo|POSITIVO)/);
    // A reactive marker reads as the specification prints results, in a badge that stands out.
    expect(texto).toContain('Chagas (+)');
    await screenshot(page, 'donaciones-06-donante');
  });

  it('deletes a donation through the dialog with the exact title; only Si deletes', async () => {
    const fila = page
      .getByRole('table', { name: 'Donaciones del donante' })
      .getByRole('row')
      .filter({ hasText: numero });
    const hora = (await fila.innerText()).match(/\d{2}\/\d{2}\/\d{4} (\d{2}:\d{2})/)?.[1];
    expect(hora).toBeDefined();
    await page.getByRole('button', { name: `Eliminar la donación ${numero}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    const titulo = `¿Quiere borrar la donacion de Begoña Núñez de la fecha ${ddmmyyyy(hoyIso())} - ${hora}?`;
    await dialog.getByText(titulo, { exact: true }).waitFor();
    await screenshot(page, 'donaciones-07-eliminar-dialogo');
    await dialog.getByRole('button', { name: 'No' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await fila.waitFor();

    await page.getByRole('button', { name: `Eliminar la donación ${numero}` }).click();
    await dialog.getByRole('button', { name: 'Si' }).click();
    await fila.waitFor({ state: 'detached' });
  });

  it('signs out', async () => {
    await salir(page);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
