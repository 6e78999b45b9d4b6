/**
 * The visit in the browser, from arrival to certificate: a donor arrives ('Registrar llegada'),
 * the interview is answered (no answer defers), the doctor confirms it, the signatures of the
 * declaration and of the consent are recorded with their witness, the donation is recorded from
 * the visit and its certificate is printed and read back, and the donor's page lists the visit
 * with its donation. Another donor's deferring answer ends
 * the visit 'No apto' when the doctor confirms, and a donation that day is refused.
 */
import type { Browser, Page } from 'playwright-core';
import { PREGUNTAS_PREDONACION } from '../../server/src/domain/entrevista';
import { linesOf, readPdf } from '../pdf/pdf-reader';
import { launchBrowser, newPage, screenshot } from './browser';
import {
  capturarBlobs,
  CLAVE,
  crearDonanteApi,
  esperarCarga,
  gql,
  hoyIso,
  ingresar,
  isoYearsAgo,
  leerDescarga,
  registrarServicioApi,
  unique,
} from './helpers';
import type { Cuenta, DonanteSeed } from './helpers';

jest.setTimeout(240000);

describe('recorrido: la visita, de la llegada a la constancia', () => {
  let browser: Browser;
  let page: Page;
  let cuenta: Cuenta;
  let medico: { username: string };
  let apta: DonanteSeed;
  let diferido: DonanteSeed;
  let visitaUrl = '';
  let numero = '';
  const base = String(Date.now()).slice(-6);

  beforeAll(async () => {
    cuenta = await registrarServicioApi('vis');
    medico = { username: unique('medica') };
    await gql(
      `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
      {
        input: {
          nombre: 'Marta',
          apellido: 'Quiroga',
          username: medico.username,
          password: CLAVE,
          password2: CLAVE,
          rol: 'ROL_MEDICO',
          matricula: 'MP 4455',
        },
      },
      cuenta.token,
    );
    apta = await crearDonanteApi(cuenta.token, {
      nombre: 'Inés',
      apellido: 'Peña',
      dni: `37${base}`,
      fechaNacimiento: isoYearsAgo(30),
    });
    diferido = await crearDonanteApi(cuenta.token, {
      nombre: 'Luis',
      apellido: 'Benítez',
      dni: `38${base}`,
      fechaNacimiento: isoYearsAgo(35),
    });
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 900 });
    await capturarBlobs(page);
    await ingresar(page, medico.username, CLAVE);
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function llegada(d: DonanteSeed) {
    await page.getByRole('link', { name: 'Visitas del día' }).click();
    await page.getByRole('heading', { name: 'Visitas del día' }).waitFor();
    await page.getByLabel('Donante (DNI o apellido)').fill(d.dni);
    await page.getByRole('button', { name: 'Buscar donante' }).click();
    await page.getByRole('button', { name: `Registrar llegada de ${d.apellido}, ${d.nombre}` }).click();
    await page.waitForURL(/\/visitas\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: `Visita de ${d.apellido}, ${d.nombre}` }).waitFor();
    await esperarCarga(page);
  }

  /** Answers every question: the one that does not defer, but the keys in `difieren`. */
  async function responder(difieren: string[] = []) {
    for (const p of PREGUNTAS_PREDONACION) {
      const valor = difieren.includes(p.clave) ? p.difiereSi! : p.difiereSi === 'SI' ? 'NO' : 'SI';
      await page.getByRole('combobox', { name: `${p.orden}. ${p.texto}`, exact: true }).selectOption(valor);
    }
    await page.getByRole('button', { name: 'Guardar respuestas' }).click();
    await page.getByText('Respuestas guardadas').first().waitFor();
  }

  it('receives the donor and records the interview, which the doctor confirms', async () => {
    await llegada(apta);
    visitaUrl = page.url();
    await responder();
    await page.getByRole('button', { name: 'Confirmar entrevista' }).click();
    await page.getByText('Entrevista confirmada por Marta Quiroga.').waitFor();
    await screenshot(page, 'visita-01-entrevista');
  });

  it('records the signatures and the donation from the visit', async () => {
    await page.getByText('Firmó la declaración jurada').click();
    await page.getByLabel('Testigo de la declaración').fill('Lic. Ana Ruiz');
    await page.getByText('Firmó el consentimiento informado').click();
    await page.getByLabel('Testigo del consentimiento').fill('Lic. Ana Ruiz');
    await page.getByRole('button', { name: 'Registrar firmas' }).click();
    await page.getByText('Firmas registradas').first().waitFor();
    const donar = page.getByRole('button', { name: 'Registrar donación' });
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('button')].some(
          (b) => b.textContent === 'Registrar donación' && !b.hasAttribute('disabled'),
        ),
      undefined,
      { timeout: 15000 },
    );
    await donar.click();
    await page.waitForURL(`**/donaciones/nueva/${apta.id}?visita=*`);
    await page.getByRole('form', { name: 'Nueva donación' }).waitFor();
    const input = (name: string) => page.getByRole('textbox', { name, exact: true });
    await input('TAS (mmHg)').fill('120');
    await input('TAD (mmHg)').fill('80');
    await input('FC (lpm)').fill('72');
    await input('Peso (kg)').fill('68');
    await input('Hemoglobina (g/dl)').fill('13.5');
    await input('Hematocrito (%)').fill('41');
    await input('Lote de bolsa').fill('LT-4411');
    await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generar Etiquetas' }).click(),
    ]);
    numero = await input('Número').inputValue();
    await page.getByRole('button', { name: 'Guardar donación' }).click();
    await page.waitForURL(`**/donaciones/hemodos/${apta.id}/**`);
    await page.getByRole('heading', { name: `Hemodonación N° ${numero}` }).waitFor();
    await esperarCarga(page);
  });

  it('prints the certificate and reads it back; the visit ended in the donation', async () => {
    await page.getByRole('button', { name: `Constancia de la donación ${numero}` }).click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByLabel(/Médico que firma/).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialogo.getByRole('button', { name: 'Imprimir constancia' }).click(),
    ]);
    const file = await leerDescarga(download);
    expect(file.head).toBe('%PDF-');
    const [hoja] = await readPdf(new Uint8Array(file.bytes));
    const texto = linesOf(hoja.texts).join(' ').replace(/\s+/g, ' ').replace(/ :/g, ':');
    expect(texto).toContain('Constancia de donación');
    expect(texto).toContain('Donante: Peña, Inés');
    expect(texto).toContain(`DNI: ${apta.dni}`);
    expect(texto).toContain('Marta Quiroga');

    await page.goto(visitaUrl);
    await page.getByText(`La visita terminó en la donación N° ${numero}`).waitFor();
    await screenshot(page, 'visita-02-donacion');

    // The donor's page lists the visit among the donor's visits, with the donation it ended in.
    await page.goto(new URL(`/donaciones/donante/${apta.id}`, visitaUrl).href);
    await page
      .getByRole('table', { name: 'Visitas del donante' })
      .getByRole('row')
      .filter({ hasText: 'Donó' })
      .filter({ hasText: `Donación N° ${numero}` })
      .waitFor();
    await screenshot(page, 'visita-04-donante');
  });

  it("ends the visit 'No apto' on a deferring answer, and a donation that day is refused", async () => {
    await llegada(diferido);
    // Fever or an infection in the last 2 weeks (P08): 14 days.
    const fiebre = PREGUNTAS_PREDONACION.find((p) => p.clave === 'P08')!;
    await responder(['P08']);
    await page.getByText('Difiere al donante por 14 días (INFECCION_RECIENTE)').waitFor();
    expect(fiebre.diferimientoDias).toBe(14);
    await page.getByRole('button', { name: 'Confirmar entrevista' }).click();
    await page.getByText("La visita terminó 'No apto'", { exact: true }).waitFor();
    await page.getByText('Entrevista predonación: INFECCION_RECIENTE').first().waitFor();
    await screenshot(page, 'visita-03-no-apto');

    // Over the API, the same day: the deferral refuses it with its reason.
    await expect(
      gql(
        `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`,
        {
          input: {
            donanteId: diferido.id,
            numero: 1,
            fecha: hoyIso(),
            hora: '10:00',
            loteBolsa: 'L-1',
            tipoBolsa: 'Bolsa Doble',
          },
        },
        cuenta.token,
      ),
    ).rejects.toThrow(/Entrevista predonación: INFECCION_RECIENTE/);
  });
});
