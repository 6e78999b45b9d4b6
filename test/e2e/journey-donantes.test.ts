/**
 * Journey 2: donors. Create three donors from the form (17 and 45 years old, and one with
 * accents), find them by an accent-less name and by a DNI "scanned" (typed + Enter), edit
 * one, and delete one through the confirmation dialog (only 'Si' deletes).
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './browser';
import { ddmmyyyy, ingresar, isoYearsAgo, registrarServicioApi } from './helpers';
import type { Cuenta } from './helpers';

jest.setTimeout(120000);

type NuevoDonante = { apellido: string; nombre: string; dni: string; nacimiento: string };

describe('recorrido: donantes', () => {
  let browser: Browser;
  let page: Page;
  let cuenta: Cuenta;
  const base = String(Date.now()).slice(-6);
  const menor: NuevoDonante = {
    apellido: 'Gómez',
    nombre: 'Lucía',
    dni: `41${base}`,
    nacimiento: isoYearsAgo(17, 20),
  };
  const adulto: NuevoDonante = {
    apellido: 'Pérez',
    nombre: 'Juan Carlos',
    dni: `22${base}`,
    nacimiento: isoYearsAgo(45, 3),
  };
  const acentos: NuevoDonante = {
    apellido: 'Núñez',
    nombre: 'Begoña',
    dni: `33${base}`,
    nacimiento: isoYearsAgo(30),
  };

  beforeAll(async () => {
    cuenta = await registrarServicioApi('don');
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 768 });
    await ingresar(page, cuenta.username, cuenta.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const input = (name: string) => page.getByRole('textbox', { name, exact: true });

  async function crear(d: NuevoDonante, shot?: string) {
    await page.getByRole('link', { name: 'Nuevo donante' }).click();
    await page.waitForURL('**/donantes/nuevo');
    await page.getByRole('heading', { name: 'Nuevo donante' }).waitFor();
    await input('Apellido').fill(d.apellido);
    await input('Nombre').fill(d.nombre);
    await input('DNI').fill(d.dni);
    await input('Fecha de nacimiento').fill(ddmmyyyy(d.nacimiento));
    await input('Teléfono').fill('11 4444-1234');
    await input('Calle').fill('Av. Córdoba');
    await input('Altura').fill('1234');
    if (shot) await screenshot(page, shot);
    await page.getByRole('button', { name: 'Guardar' }).click();
    // A successful save returns to / (which lands on /donantes).
    await page.waitForURL((url) => url.pathname === '/donantes');
  }

  it('shows the defaults and the touched-only errors on the new donor form', async () => {
    await page.getByRole('link', { name: 'Nuevo donante' }).click();
    await page.waitForURL('**/donantes/nuevo');
    await expect(page.getByRole('combobox', { name: 'Provincia', exact: true }).inputValue()).resolves.toBe(
      'Buenos Aires',
    );
    await expect(input('Nacionalidad').inputValue()).resolves.toBe('Argentina');
    await expect(page.getByRole('radio', { name: 'Masculino' }).isChecked()).resolves.toBe(true);
    // No error before a field is touched.
    await expect(page.getByText('Requerido').count()).resolves.toBe(0);
    await input('Apellido').focus();
    await input('Apellido').blur();
    await page.getByText('Requerido').first().waitFor();
    await input('Fecha de nacimiento').fill(ddmmyyyy(isoYearsAgo(15)));
    await input('Fecha de nacimiento').blur();
    await page.getByText('Debe tener entre 16 y 65 años').waitFor();
    await input('Email').fill('no-es-email');
    await input('Email').blur();
    await page.getByText('No es un email válido').waitFor();
    await page.getByRole('button', { name: 'Datos del registro CPH' }).click();
    await page.getByRole('textbox', { name: 'Establecimiento laboral' }).waitFor();
    await screenshot(page, 'donantes-01-form-errores');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.waitForURL((url) => url.pathname === '/donantes');
  });

  it('creates a 17-year-old, a 45-year-old and a donor with accents', async () => {
    await crear(menor, 'donantes-02-form-lleno');
    await crear(adulto);
    await crear(acentos);
  });

  it("finds 'Núñez' by the accent-less 'nunez'", async () => {
    await input('Apellido').fill('nunez');
    await page.getByRole('button', { name: 'Buscar' }).click();
    // The page still shows the previous search (Begoña by DNI) until this one is applied.
    await page.waitForURL((url) => url.searchParams.get('apellido') === 'nunez');
    const tabla = page.getByRole('table', { name: 'Donantes encontrados' });
    await tabla.getByRole('row').filter({ hasText: 'Núñez, Begoña' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await expect(tabla.getByRole('row').count()).resolves.toBe(2); // header + Begoña
    await screenshot(page, 'donantes-03-busqueda-nunez');
  });

  it('finds a donor by DNI typed and Enter (a barcode scanner)', async () => {
    await page.getByRole('button', { name: 'Limpiar' }).click();
    await expect(input('Apellido').inputValue()).resolves.toBe('');
    await input('DNI').fill(adulto.dni);
    await input('DNI').press('Enter');
    const tabla = page.getByRole('table', { name: 'Donantes encontrados' });
    await tabla.getByRole('row').filter({ hasText: 'Pérez, Juan Carlos' }).waitFor();
    await expect(tabla.getByRole('row').count()).resolves.toBe(2);
    expect(new URL(page.url()).searchParams.get('dni')).toBe(adulto.dni);
  });

  it('an unknown DNI shows No se encontraron donantes', async () => {
    await input('DNI').fill('99999999');
    await input('DNI').press('Enter');
    await page.getByText('No se encontraron donantes').waitFor();
  });

  it('edits a donor and saves the change', async () => {
    await input('DNI').fill(adulto.dni);
    await input('DNI').press('Enter');
    await page.getByRole('link', { name: 'Editar a Pérez, Juan Carlos' }).click();
    await page.waitForURL('**/donantes/editar/**');
    await page.getByRole('heading', { name: 'Editar donante' }).waitFor();
    await expect(input('DNI').inputValue()).resolves.toBe(adulto.dni);
    await expect(input('Fecha de nacimiento').inputValue()).resolves.toBe(ddmmyyyy(adulto.nacimiento));
    await input('Ocupación').fill('Docente');
    await input('Email').fill('juan.perez@example.com');
    await screenshot(page, 'donantes-04-editar');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.waitForURL((url) => url.pathname === '/donantes');

    await input('DNI').fill(adulto.dni);
    await input('DNI').press('Enter');
    await page.getByRole('link', { name: 'Editar a Pérez, Juan Carlos' }).click();
    await page.getByRole('heading', { name: 'Editar donante' }).waitFor();
    await expect(input('Ocupación').inputValue()).resolves.toBe('Docente');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.waitForURL((url) => url.pathname === '/donantes');
  });

  it('deletes a donor through the dialog: No keeps it, Si deletes it', async () => {
    // The URL changes before the search screen replaces the donor form, which has an Apellido too.
    await page.getByRole('button', { name: 'Buscar' }).waitFor();
    await input('Apellido').fill('gomez');
    await page.getByRole('button', { name: 'Buscar' }).click();
    const fila = page.getByRole('row').filter({ hasText: 'Gómez, Lucía' });
    await fila.waitFor();
    // A 17-year-old with no donations may donate: the add-donation action is offered.
    await fila.getByRole('link', { name: 'Agregar donación de Gómez, Lucía' }).waitFor();
    await screenshot(page, 'donantes-05-resultados');

    await page.getByRole('button', { name: 'Eliminar a Gómez, Lucía' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await expect(dialog.innerText()).resolves.toContain(
      `¿Quiere borrar al donante Gómez, Lucía (DNI ${menor.dni})?`,
    );
    await screenshot(page, 'donantes-06-eliminar-dialogo');
    await dialog.getByRole('button', { name: 'No' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await fila.waitFor();

    await page.getByRole('button', { name: 'Eliminar a Gómez, Lucía' }).click();
    await dialog.getByRole('button', { name: 'Si' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Donante eliminado con exito' }).waitFor();
    await page.getByText('No se encontraron donantes').waitFor();
  });
});
