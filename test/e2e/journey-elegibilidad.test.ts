/**
 * Journey: donor safety. A definitive exclusion recorded on a donation's results stops the donor
 * (the page says why and offers no new donation); a temporary 90-day exclusion says from which
 * day the donor may donate again; a doctor lifts the definitive deferral with a reason, and the
 * page offers 'Nueva donación' again.
 */
import type { Browser, Page } from 'playwright-core';
import { addDays } from '../../server/src/domain/dates';
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
  registrarServicioApi,
  salir,
} from './helpers';
import type { Cuenta, DonacionSeed, DonanteSeed } from './helpers';

jest.setTimeout(120000);

const CLAVE_MEDICO = 'medico-clave-1';

describe('recorrido: elegibilidad del donante', () => {
  let browser: Browser;
  let page: Page;
  let cuenta: Cuenta;
  let medico: string;
  let excluida: DonanteSeed;
  let temporal: DonanteSeed;
  let donacion: DonacionSeed;
  const base = String(Date.now()).slice(-6);

  beforeAll(async () => {
    cuenta = await registrarServicioApi('ele');
    excluida = await crearDonanteApi(cuenta.token, {
      nombre: 'Rocío',
      apellido: 'Gutiérrez',
      dni: `34${base}`,
      fechaNacimiento: isoYearsAgo(35),
      sexo: 'Femenino',
    });
    temporal = await crearDonanteApi(cuenta.token, {
      nombre: 'Martín',
      apellido: 'Sosa',
      dni: `25${base}`,
      fechaNacimiento: isoYearsAgo(40),
    });
    // More than 8 weeks ago: once the deferral is lifted nothing else stops the donor.
    donacion = await crearDonacionApi(cuenta.token, excluida.id, { fecha: addDays(hoyIso(), -70) });
    const otra = await crearDonacionApi(cuenta.token, temporal.id);
    await gql(
      `mutation($id: ID!, $input: ResultadosDonacionInput!) {
        updateResultadosDonacion(id: $id, input: $input) { message }
      }`,
      {
        id: otra.id,
        input: { abo: 'O', rh: 'POSITIVO', exclusionDefinitiva: 'Temporal', exclusionTiempo: 90 },
      },
      cuenta.token,
    );
    medico = `${cuenta.username}_m`;
    await gql(
      `mutation($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
      {
        input: {
          nombre: 'Laura',
          apellido: 'Benítez',
          username: medico,
          password: CLAVE_MEDICO,
          password2: CLAVE_MEDICO,
          rol: 'ROL_MEDICO',
          matricula: 'MN 4455',
          agentecph: false,
        },
      },
      cuenta.token,
    );
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 768 });
    await ingresar(page, cuenta.username, cuenta.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const panel = () => page.getByRole('region', { name: 'Elegibilidad del donante' });

  it("records a definitive exclusion: the donor's page says why and offers no new donation", async () => {
    await page.goto(`/donacion/${donacion.id}/donante/${excluida.id}`);
    const form = page.getByRole('form', { name: 'Resultados de la donación' });
    await form.waitFor();
    await form.getByText('Definitiva', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Definitiva' }).isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Guardar resultados' }).click();
    await page.getByTestId('marca-diferido').filter({ hasText: 'Diferido (definitiva)' }).waitFor();

    await page.getByRole('link', { name: 'Donaciones del donante' }).click();
    await page.waitForURL(`**/donaciones/donante/${excluida.id}`);
    await panel().waitFor();
    await expect(panel().innerText()).resolves.toContain('exclusión definitiva');
    await expect(panel().innerText()).resolves.toContain('no tiene fecha de finalización');
    await page.getByRole('table', { name: 'Donaciones del donante' }).waitFor();
    await expect(page.getByRole('link', { name: 'Nueva donación' }).count()).resolves.toBe(0);
    // An administrator may lift it too; a technician would see no button.
    await expect(
      panel()
        .getByRole('button', { name: /Levantar diferimiento/ })
        .count(),
    ).resolves.toBe(1);
    await esperarCarga(page);
    await page.screenshot({ path: '/tmp/elegibilidad-diferido.png', fullPage: true });
    await screenshot(page, 'elegibilidad-01-diferido');
  });

  it("a temporary 90-day exclusion: 'Puede donar a partir del' the 90th day", async () => {
    await page.goto(`/donaciones/donante/${temporal.id}`);
    await panel().waitFor();
    const desde = ddmmyyyy(addDays(hoyIso(), 90));
    await expect(panel().innerText()).resolves.toContain(`Puede donar a partir del ${desde}`);
    await expect(panel().innerText()).resolves.toContain('exclusión temporal de 90 días');
    await expect(page.getByRole('link', { name: 'Nueva donación' }).count()).resolves.toBe(0);
    await page
      .getByRole('table', { name: 'Donaciones del donante' })
      .getByText(`Diferido hasta ${desde}`)
      .waitFor();
  });

  it("records a 'No apto' visit with an out-of-bounds sign; it is listed below the donations", async () => {
    await page.getByRole('button', { name: 'Registrar No apto' }).click();
    const form = page.getByRole('form', { name: 'Registrar No apto' });
    await form.waitFor();
    await expect(form.getByLabel('Diferir por (días)').inputValue()).resolves.toBe('0');
    await form.getByLabel('Motivo').fill('Presión arterial alta');
    await form.getByRole('textbox', { name: 'TAS (mmHg)', exact: true }).fill('185');
    await page.screenshot({ path: '/tmp/elegibilidad-no-apto.png' });
    await form.getByRole('button', { name: 'Registrar No apto' }).click();
    await page.getByText('Visita registrada: el donante no fue apto para donar').waitFor();
    const visitas = page.getByRole('table', { name: 'Visitas No apto' });
    await visitas.getByRole('row').filter({ hasText: 'Presión arterial alta' }).waitFor();
    await expect(visitas.innerText()).resolves.toContain(ddmmyyyy(hoyIso()));
  });

  it("a doctor lifts the definitive deferral with a reason; then 'Nueva donación' appears", async () => {
    await salir(page);
    await ingresar(page, medico, CLAVE_MEDICO);
    await page.goto(`/donaciones/donante/${excluida.id}`);
    await panel().waitFor();
    await panel()
      .getByRole('button', { name: /Levantar diferimiento/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Levantar diferimiento' }).click();
    await dialog.getByText('Requerido').waitFor();
    await dialog.getByLabel('Motivo').fill('Reevaluado por el médico: la exclusión fue un error de carga');
    await dialog.getByRole('button', { name: 'Levantar diferimiento' }).click();
    await page.getByRole('link', { name: 'Nueva donación' }).waitFor();
    await expect(panel().count()).resolves.toBe(0);
    // The donor's donations are read again after the lift: their mark goes once that answer is in.
    await page.getByTestId('marca-diferido').first().waitFor({ state: 'detached' });
    await expect(page.getByTestId('marca-diferido').count()).resolves.toBe(0);
    await screenshot(page, 'elegibilidad-02-levantado');
  });
});
