/**
 * Labels for a label printer, and the numbers nobody used: the administrator chooses a 62 x 29 mm
 * label printer in Opciones > Numeración; a technician's 'Generar Etiquetas' then prints one label
 * per page of that size (read back: page size in points, the barcode decodes to the number in
 * the form), and issues nothing for a donor who may not donate today; the number printed and not
 * used shows in Opciones > Numeración with who issued it and for whom.
 */
import type { Browser, Page } from 'playwright-core';
import { decodeCode128 } from '../pdf/code128';
import { readPdf } from '../pdf/pdf-reader';
import { launchBrowser, newPage, screenshot } from './browser';
import {
  axeSerious,
  blobCount,
  capturarBlobs,
  CLAVE,
  crearDonacionApi,
  crearDonanteApi,
  ddmmyyyy,
  esperarCarga,
  gql,
  hoyIso,
  ingresar,
  isoYearsAgo,
  leerDescarga,
  registrarServicioApi,
  salir,
  unique,
} from './helpers';
import type { Cuenta, DonanteSeed } from './helpers';

jest.setTimeout(120000);

const mm = (value: number) => (value * 72) / 25.4;

describe('recorrido: impresora de etiquetas y números sin usar', () => {
  let browser: Browser;
  let page: Page;
  let admin: Cuenta;
  let rosa: DonanteSeed;
  let juan: DonanteSeed;
  let numero = '';
  const tecnico = { nombre: 'Marta', apellido: 'Gómez', username: unique('tec') };
  const base = String(Date.now()).slice(-6);

  beforeAll(async () => {
    admin = await registrarServicioApi('etq');
    await gql(
      `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
      {
        input: {
          ...tecnico,
          password: CLAVE,
          password2: CLAVE,
          rol: 'ROL_TECNICO',
        },
      },
      admin.token,
    );
    rosa = await crearDonanteApi(admin.token, {
      nombre: 'Rosa',
      apellido: 'Quiroga',
      dni: `31${base}`,
      fechaNacimiento: isoYearsAgo(35),
    });
    juan = await crearDonanteApi(admin.token, {
      nombre: 'Juan',
      apellido: 'Ledesma',
      dni: `24${base}`,
      fechaNacimiento: isoYearsAgo(40),
    });
    await crearDonacionApi(admin.token, juan.id);
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 768 });
    await capturarBlobs(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('the administrator chooses a 62 x 29 mm label printer in Opciones > Numeración', async () => {
    await ingresar(page, admin.username, admin.password);
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Numeración' })
      .click();
    await page.waitForURL('**/opciones/numeracion');
    const form = page.getByRole('form', { name: 'Formato de etiquetas' });
    await form.waitFor();
    await form.getByText('Impresora de etiquetas (una por página)').click();
    await form.getByRole('textbox', { name: /^Ancho de la etiqueta/ }).fill('62');
    await form.getByRole('textbox', { name: /^Alto de la etiqueta/ }).fill('29');
    await form.getByRole('button', { name: 'Guardar formato' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Formato de etiquetas guardado' }).waitFor();
    await screenshot(page, 'etiquetas-01-formato');
    await salir(page);
  });

  it("a technician's 'Generar Etiquetas' prints one 62 x 29 mm label per page, its barcode the number", async () => {
    await ingresar(page, tecnico.username, CLAVE);
    await page.goto(`/donaciones/nueva/${rosa.id}/`);
    await page.getByRole('form', { name: 'Nueva donación' }).waitFor();
    const [descarga] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generar Etiquetas' }).click(),
    ]);
    numero = await page.getByRole('textbox', { name: 'Número', exact: true }).inputValue();
    expect(numero).toMatch(/^\d+$/);
    const file = await leerDescarga(descarga);
    expect(file.name).toBe(`etiquetas-${numero}.pdf`);
    const pages = await readPdf(new Uint8Array(file.bytes));
    expect(pages).toHaveLength(6);
    for (const p of pages) {
      expect(p.width).toBeCloseTo(mm(62), 1);
      expect(p.height).toBeCloseTo(mm(29), 1);
      expect(p.images).toHaveLength(1);
      expect(decodeCode128(p.images[0].pixels)?.text).toBe(numero);
      expect(p.texts.filter((t) => t.text === numero)).toHaveLength(1);
      expect(p.text).toContain(`Fecha: ${ddmmyyyy(hoyIso())}`);
    }
    await esperarCarga(page);
    // The form is left without saving: the number is printed and never used.
  });

  it('issues nothing for a donor who donated today, and says why', async () => {
    await page.goto(`/donaciones/nueva/${juan.id}/`);
    await page.getByRole('form', { name: 'Nueva donación' }).waitFor();
    const antes = await blobCount(page);
    await page.getByRole('button', { name: 'Generar Etiquetas' }).click();
    const rechazo = page.getByRole('alert').filter({ hasText: 'Error al generar número de etiqueta' });
    await rechazo.getByText(`Este donante dono hace menos de 8 semanas (${ddmmyyyy(hoyIso())}).`).waitFor();
    await rechazo.getByText('No se emiten etiquetas: el donante no puede donar hoy.').waitFor();
    await expect(page.getByRole('textbox', { name: 'Número', exact: true }).inputValue()).resolves.toBe('');
    await expect(blobCount(page)).resolves.toBe(antes);
    await screenshot(page, 'etiquetas-02-rechazo');
    await salir(page);
  });

  it('Opciones > Numeración lists the unused number with who issued it and for whom', async () => {
    await ingresar(page, admin.username, admin.password);
    await page.goto('/opciones/numeracion');
    const tabla = page.getByRole('table', { name: 'Números emitidos sin usar' });
    await tabla.waitFor();
    const fila = tabla.getByRole('row').filter({ hasText: numero });
    await fila.waitFor();
    const celdas = await fila.getByRole('cell').allInnerTexts();
    expect(celdas[0]).toBe(numero);
    expect(celdas[3]).toBe('Marta Gómez');
    expect(celdas[4]).toBe(`Quiroga, Rosa (DNI ${rosa.dni})`);
    // Juan's refused request issued nothing: only the number printed for Rosa is unused.
    await expect(tabla.getByRole('row').count()).resolves.toBe(2);
    await expect(axeSerious(page)).resolves.toEqual([]);
    await screenshot(page, 'etiquetas-03-sin-usar');
  });
});
