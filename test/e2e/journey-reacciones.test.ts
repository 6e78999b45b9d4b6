/**
 * The donor's visit in the browser: a severe reaction recorded on the donation sheet, the
 * donation certificate printed (its PDF read back: donor, DNI, the leave of Ley 22.990 and the
 * signing doctor's licence), and the notice on the donor's page for the next interview.
 */
import type { Browser, Page } from 'playwright-core';
import { linesOf, readPdf } from '../pdf/pdf-reader';
import { launchBrowser, newPage, screenshot } from './browser';
import {
  capturarBlobs,
  CLAVE,
  crearDonacionApi,
  crearDonanteApi,
  esperarCarga,
  gql,
  ingresar,
  isoYearsAgo,
  leerDescarga,
  registrarServicioApi,
  unique,
} from './helpers';
import type { Cuenta, DonacionSeed, DonanteSeed } from './helpers';

jest.setTimeout(120000);

describe('recorrido: reacciones del donante y constancia', () => {
  let browser: Browser;
  let page: Page;
  let cuenta: Cuenta;
  let donante: DonanteSeed;
  let donacion: DonacionSeed;
  const base = String(Date.now()).slice(-6);

  beforeAll(async () => {
    cuenta = await registrarServicioApi('reac');
    donante = await crearDonanteApi(cuenta.token, {
      nombre: 'Inés',
      apellido: 'Peña',
      dni: `35${base}`,
      fechaNacimiento: isoYearsAgo(30),
    });
    donacion = await crearDonacionApi(cuenta.token, donante.id);
    await gql(
      `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
      {
        input: {
          nombre: 'Marta',
          apellido: 'Quiroga',
          username: unique('medica'),
          password: CLAVE,
          password2: CLAVE,
          rol: 'ROL_MEDICO',
          matricula: 'MP 4455',
        },
      },
      cuenta.token,
    );
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 900 });
    await capturarBlobs(page);
    await ingresar(page, cuenta.username, cuenta.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('records a severe reaction on the donation sheet', async () => {
    await page.goto(`/donaciones/hemodos/${donante.id}/${donacion.id}`);
    await page.getByRole('heading', { name: `Hemodonación N° ${donacion.numero}` }).waitFor();
    await esperarCarga(page);
    await page.getByRole('button', { name: 'Registrar reacción' }).click();
    const form = page.getByRole('form', { name: 'Registrar reacción' });
    await form.getByLabel('Tipo de reacción').selectOption('VASOVAGAL_CON_PERDIDA_CONCIENCIA');
    await form.getByLabel('Severidad').selectOption('SEVERA');
    await form.getByLabel('Tratamiento').fill('Trendelenburg e hidratación oral');
    await form.getByLabel('Evolución').fill('Recuperada a los 20 minutos');
    await form.getByRole('button', { name: 'Registrar reacción' }).click();
    const tabla = page.getByRole('table', { name: 'Reacciones del donante' });
    await tabla.getByText('Vasovagal con pérdida de conciencia').waitFor();
    expect(await tabla.innerText()).toContain('Severa');
    await screenshot(page, 'reacciones-01-registrada');
  });

  it('prints the certificate, signed by a doctor of the servicio, and reads it back', async () => {
    await page.getByRole('button', { name: `Constancia de la donación ${donacion.numero}` }).click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByLabel(/Médico que firma/).waitFor();
    expect(await dialogo.getByLabel(/Médico que firma/).innerText()).toContain(
      'Marta Quiroga · Matrícula MP 4455',
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialogo.getByRole('button', { name: 'Imprimir constancia' }).click(),
    ]);
    const file = await leerDescarga(download);
    expect(file.head).toBe('%PDF-');
    expect(file.name).toBe(`constancia-${donante.dni}-${donacion.fecha}.pdf`);
    const [hoja] = await readPdf(new Uint8Array(file.bytes));
    const texto = linesOf(hoja.texts).join(' ').replace(/\s+/g, ' ').replace(/ :/g, ':');
    expect(texto).toContain('Constancia de donación');
    expect(texto).toContain('Donante: Peña, Inés');
    expect(texto).toContain(`DNI: ${donante.dni}`);
    expect(texto).toContain('Tipo de donación: Sangre entera');
    expect(texto).toContain('Ley 22.990');
    expect(texto).toContain('24 horas, incluido el día de la donación');
    expect(texto).toContain('Marta Quiroga');
    expect(texto).toContain('Matrícula MP 4455');
    expect(texto).toMatch(/Huella: [0-9A-F]{10}/);
  });

  it("shows the notice on the donor's page, not as a deferral", async () => {
    await page.goto(`/donaciones/donante/${donante.id}`);
    await page.getByRole('heading', { name: 'Donaciones del donante' }).waitFor();
    await esperarCarga(page);
    await page.getByText('Reacción severa en una donación anterior: evaluar en la entrevista').waitFor();
    await screenshot(page, 'reacciones-02-aviso');
  });
});
