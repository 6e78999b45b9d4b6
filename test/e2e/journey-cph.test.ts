/**
 * Journey 4: the CPH registry. Search a donor by DNI typed and Enter (a scanner), see the
 * details card and the CPH agents, print pages 1, 2 and 3 (each a PDF saved as
 * cph-<dni>-pagina-<n>.pdf, page 1 with the donor's sex marked), be told before printing
 * which values the form's boxes will cut, and see the age warning (and no printing) for a
 * donor outside 18-40.
 *
 * Runs once the /cph screen is registered in client/src/app/feature-routes.tsx.
 */
import type { Browser, Page } from 'playwright-core';
import { linesOf, readPdf } from '../pdf/pdf-reader';
import { launchBrowser, newPage, screenshot } from './browser';
import {
  blobCount,
  capturarBlobs,
  crearDonanteApi,
  esperarCarga,
  ingresar,
  isoYearsAgo,
  leerDescarga,
  nuevoBlob,
} from './helpers';
import { HAY_CPH, sembrar } from './screens';
import type { Datos } from './screens';

jest.setTimeout(120000);

(HAY_CPH ? describe : describe.skip)('recorrido: registro CPH', () => {
  let browser: Browser;
  let page: Page;
  let datos: Datos;
  let mayorDni = '';
  let luciaDni = '';
  const emailLargo = 'lucia.fernandez.de.la.fuente@example.com.ar';

  beforeAll(async () => {
    datos = await sembrar('cph');
    mayorDni = `2${String(Date.now()).slice(-7)}`;
    await crearDonanteApi(datos.cuenta.token, {
      nombre: 'Ramón',
      apellido: 'Acuña',
      dni: mayorDni,
      fechaNacimiento: isoYearsAgo(45),
    });
    luciaDni = `4${String(Date.now()).slice(-7)}`;
    await crearDonanteApi(datos.cuenta.token, {
      nombre: 'Lucía',
      apellido: 'Fernández',
      dni: luciaDni,
      fechaNacimiento: isoYearsAgo(25),
      sexo: 'Femenino',
      email: emailLargo,
    });
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 768 });
    await capturarBlobs(page);
    await ingresar(page, datos.cuenta.username, datos.cuenta.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const dniInput = () => page.getByRole('textbox', { name: /DNI/ }).first();

  it('finds a donor by DNI typed and Enter and shows the details card', async () => {
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Registro CPH' })
      .click();
    await page.waitForURL('**/cph');
    // The previous screen (Donantes, with a DNI field of its own) stays until the page's code is in.
    await page.getByRole('heading', { level: 1, name: 'Registro CPH' }).waitFor();
    await dniInput().fill(datos.donanteDni);
    await dniInput().press('Enter');
    await page.getByText('Núñez').first().waitFor();
    await page.getByText(datos.donanteDni).first().waitFor();
    await expect(
      page.getByText('La edad para ingresar al registro CPH es entre 18 y 40 años.').count(),
    ).resolves.toBe(0);
    // The technician flagged agentecph is offered as capture agent.
    await expect(page.locator('select, [role=combobox]').first().innerText()).resolves.toContain('Ibáñez');
    // The agent is required before printing: choose it.
    await page.getByLabel(/Agente de captación/).selectOption({ index: 1 });
    await esperarCarga(page);
    await screenshot(page, 'cph-01-donante');
  });

  /** Clicks 'Página n' and returns the PDF saved (its name and the text of its page). */
  async function imprimirPagina(n: number) {
    const antes = await blobCount(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: new RegExp(`(Página|Hoja|página|hoja) ${n}`) }).click(),
    ]);
    const pdf = await nuevoBlob(page, antes);
    expect(pdf.head).toBe('%PDF-');
    expect(pdf.pages).toBe(1);
    const file = await leerDescarga(download);
    const [hoja] = await readPdf(new Uint8Array(file.bytes));
    return { name: file.name, lines: linesOf(hoja.texts) };
  }

  it.each([1, 2, 3])(
    'prints page %i of the registry form as a PDF saved as cph-<dni>-pagina-<n>.pdf',
    async (n) => {
      const { name, lines } = await imprimirPagina(n);
      expect(name).toBe(`cph-${datos.donanteDni}-pagina-${n}.pdf`);
      expect(lines).toContain(`Formulario de inscripción del donante - Página ${n} de 3`);
      // the seeded donor was registered without a sex: the form's default, Masculino
      if (n === 1) expect(lines).toContain('Sexo Femenino X Masculino');
    },
  );

  it('names the values the boxes will cut before printing, and marks Femenino on page 1', async () => {
    await dniInput().fill(luciaDni);
    await dniInput().press('Enter');
    await page.getByRole('heading', { name: /Fernández/ }).waitFor();
    const avisos = page.getByRole('list', { name: 'Datos que se imprimirán cortados' });
    await expect(avisos.innerText()).resolves.toContain(
      `Correo electrónico (Domicilio actual, página 1): tiene ${emailLargo.length} caracteres y el ` +
        'formulario tiene 33 casilleros; se imprimirán solo los primeros 33.',
    );
    await page.getByLabel(/Agente de captación/).selectOption({ index: 1 });
    await esperarCarga(page);
    await screenshot(page, 'cph-03-datos-cortados');
    const { name, lines } = await imprimirPagina(1);
    expect(name).toBe(`cph-${luciaDni}-pagina-1.pdf`);
    expect(lines).toContain('Sexo X Femenino Masculino');
    // the email as the boxes hold it: its first 33 characters
    expect(lines.join('\n').replace(/ /g, '')).toContain(emailLargo.slice(0, 33).toUpperCase());
    expect(lines.join('\n').replace(/ /g, '')).not.toContain(emailLargo.slice(0, 34).toUpperCase());
  });

  it('warns and offers no printing for a donor outside 18-40', async () => {
    await dniInput().fill(mayorDni);
    await dniInput().press('Enter');
    await page.getByText('Acuña').first().waitFor();
    await page.getByText('La edad para ingresar al registro CPH es entre 18 y 40 años.').waitFor();
    await expect(
      page
        .getByRole('button', { name: /(Página|Hoja|página|hoja) 1/ })
        .isEnabled()
        .catch(() => false),
    ).resolves.toBe(false);
    await screenshot(page, 'cph-02-fuera-de-edad');
  });
});
