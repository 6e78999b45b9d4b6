/**
 * Journey: the doctor's queue and lists that stay true. Two donors gave blood today and their
 * results came back reactive (HIV for one, Hepatitis C for the other). The doctor finds both in
 * 'Decisiones pendientes', with the markers as the specification prints them ('HIV (+)'); the
 * day's donations say 'Pendiente de decisión médica'. The doctor lifts the HIV deferral on the
 * donor's page, which then lists who lifted it, when and why; the day's list, on the doctor's
 * screen, after a reload and for a technician who opens it next, no longer says the donation
 * awaits a decision, and the queue keeps only the other donor. A technician has no queue.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './browser';
import {
  crearDonacionApi,
  crearDonanteApi,
  esperarCarga,
  gql,
  ingresar,
  isoYearsAgo,
  registrarServicioApi,
  salir,
} from './helpers';
import type { Cuenta, DonacionSeed, DonanteSeed } from './helpers';

jest.setTimeout(120000);

const CLAVE_MIEMBRO = 'miembro-clave-1';
const MOTIVO = 'Western blot negativo: falso positivo del tamizaje';

async function integrante(cuenta: Cuenta, rol: string, nombre: string, apellido: string): Promise<string> {
  const username = `${cuenta.username}_${rol.slice(4, 7).toLowerCase()}`;
  await gql(
    `mutation($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
    {
      input: {
        nombre,
        apellido,
        username,
        password: CLAVE_MIEMBRO,
        password2: CLAVE_MIEMBRO,
        rol,
        matricula: '',
        agentecph: false,
      },
    },
    cuenta.token,
  );
  return username;
}

async function reactivo(
  cuenta: Cuenta,
  donacion: DonacionSeed,
  serologia: Record<string, boolean>,
): Promise<void> {
  await gql(
    `mutation($id: ID!, $input: ResultadosDonacionInput!) {
      updateResultadosDonacion(id: $id, input: $input) { message }
    }`,
    { id: donacion.id, input: { abo: 'O', rh: 'POSITIVO', serologia } },
    cuenta.token,
  );
}

describe('recorrido: la cola del médico y las listas que se actualizan', () => {
  let browser: Browser;
  let page: Page;
  let cuenta: Cuenta;
  let medico: string;
  let tecnico: string;
  let hiv: DonanteSeed;
  let hepatitis: DonanteSeed;
  let donacionHiv: DonacionSeed;
  const base = String(Date.now()).slice(-6);

  beforeAll(async () => {
    cuenta = await registrarServicioApi('pend');
    hiv = await crearDonanteApi(cuenta.token, {
      nombre: 'Walter',
      apellido: 'Quiroga',
      dni: `31${base}`,
      fechaNacimiento: isoYearsAgo(38),
    });
    hepatitis = await crearDonanteApi(cuenta.token, {
      nombre: 'Marta',
      apellido: 'Acuña',
      dni: `27${base}`,
      fechaNacimiento: isoYearsAgo(45),
      sexo: 'Femenino',
    });
    donacionHiv = await crearDonacionApi(cuenta.token, hiv.id);
    await reactivo(cuenta, donacionHiv, { hiv: true });
    await reactivo(cuenta, await crearDonacionApi(cuenta.token, hepatitis.id), { hepC: true });
    medico = await integrante(cuenta, 'ROL_MEDICO', 'Laura', 'Benítez');
    tecnico = await integrante(cuenta, 'ROL_TECNICO', 'Pablo', 'Ríos');
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 768 });
    await ingresar(page, medico, CLAVE_MIEMBRO);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const menu = () => page.getByRole('navigation', { name: 'Menú principal' });
  const cola = () => page.getByRole('table', { name: 'Decisiones pendientes' });
  const delDia = () => page.getByRole('region', { name: 'Donaciones' });
  const filaDelDia = (apellido: string) => delDia().getByRole('row').filter({ hasText: apellido });

  it("the doctor's menu leads to the queue: both donors, their markers '(+)', oldest first", async () => {
    await menu().getByRole('link', { name: 'Decisiones pendientes' }).click();
    await page.waitForURL('**/pendientes');
    await cola().waitFor();
    const filas = cola().getByRole('row');
    await expect(filas.count()).resolves.toBe(3);
    const quiroga = filas.filter({ hasText: 'Quiroga, Walter' });
    await expect(quiroga.getByTestId('marca-reactivo').innerText()).resolves.toBe('HIV (+)');
    await expect(quiroga.innerText()).resolves.toContain('Hepatitis B (-)');
    const acuna = filas.filter({ hasText: 'Acuña, Marta' });
    await expect(acuna.getByTestId('marca-reactivo').innerText()).resolves.toBe('Hepatitis C (+)');
    await esperarCarga(page);
    await screenshot(page, 'pendientes-01-cola');
  });

  it("the day's donations say '(+)' and that the HIV donation awaits a doctor", async () => {
    await menu().getByRole('link', { name: 'Donaciones' }).click();
    await filaDelDia('Quiroga').getByTestId('marca-diferido').waitFor();
    // The lists print each marker of the panel as its laboratory result says.
    await expect(filaDelDia('Quiroga').getByTestId('marca-reactivo').innerText()).resolves.toBe(
      'HIV 1/2 (+)',
    );
    await expect(filaDelDia('Quiroga').getByTestId('marca-diferido').innerText()).resolves.toBe(
      'Pendiente de decisión médica',
    );
    await expect(filaDelDia('Acuña').getByTestId('marca-reactivo').innerText()).resolves.toBe('HCV (+)');
  });

  it("the doctor acts from the queue: lifts the HIV deferral; the donor's page says who, when and why", async () => {
    await menu().getByRole('link', { name: 'Decisiones pendientes' }).click();
    await cola()
      .getByRole('link', { name: /^Decidir sobre Quiroga, Walter/ })
      .click();
    await page.waitForURL(`**/donaciones/donante/${hiv.id}`);
    const donaciones = page.getByRole('table', { name: 'Donaciones del donante' });
    await donaciones.getByTestId('marca-diferido').waitFor();
    await expect(donaciones.getByTestId('marca-reactivo').innerText()).resolves.toBe('HIV 1/2 (+)');

    const panel = page.getByRole('region', { name: 'Elegibilidad del donante' });
    await panel.getByRole('button', { name: /Levantar diferimiento/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Motivo').fill(MOTIVO);
    await dialog.getByRole('button', { name: 'Levantar diferimiento' }).click();
    await page.getByText('Diferimiento levantado', { exact: true }).first().waitFor();

    const levantados = page.getByRole('table', { name: 'Diferimientos levantados' });
    const fila = levantados.getByRole('row').filter({ hasText: MOTIVO });
    await fila.waitFor();
    const texto = await fila.innerText();
    expect(texto).toContain('Laura Benítez');
    expect(texto).toContain(`serología reactiva (HIV) en la donación N° ${donacionHiv.numero}`);
    expect(texto).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    // The donor gave blood today: the interval still stops a new donation, the deferral no more.
    await expect(panel.innerText()).resolves.toContain('menos de 8 semanas');
    await expect(panel.innerText()).resolves.not.toContain('serología reactiva');
    // The donation's row no longer says it awaits a decision; its result stays in sight.
    await expect(donaciones.getByTestId('marca-diferido').count()).resolves.toBe(0);
    await expect(donaciones.getByTestId('marca-reactivo').innerText()).resolves.toBe('HIV 1/2 (+)');
    await esperarCarga(page);
    await screenshot(page, 'pendientes-02-levantado');
  });

  it("the day's list on the doctor's own screen, and after a reload, no longer says it awaits a doctor", async () => {
    await menu().getByRole('link', { name: 'Donaciones' }).click();
    await page.waitForURL('**/donaciones');
    await filaDelDia('Acuña').getByTestId('marca-diferido').waitFor();
    await expect(filaDelDia('Quiroga').getByTestId('marca-diferido').count()).resolves.toBe(0);
    await expect(filaDelDia('Quiroga').getByTestId('marca-reactivo').innerText()).resolves.toBe(
      'HIV 1/2 (+)',
    );
    await page.reload();
    await filaDelDia('Acuña').getByTestId('marca-diferido').waitFor();
    await expect(filaDelDia('Quiroga').getByTestId('marca-diferido').count()).resolves.toBe(0);
    await screenshot(page, 'pendientes-03-donaciones-del-dia');
  });

  it('the queue keeps only the donor still awaiting a decision', async () => {
    await menu().getByRole('link', { name: 'Decisiones pendientes' }).click();
    await cola().getByRole('row').filter({ hasText: 'Acuña, Marta' }).waitFor();
    await expect(cola().getByRole('row').count()).resolves.toBe(2);
    await expect(cola().innerText()).resolves.not.toContain('Quiroga');
  });

  it('a technician who opens the day next sees the lift; has no queue in the menu, and /pendientes refuses', async () => {
    await salir(page);
    await ingresar(page, tecnico, CLAVE_MIEMBRO);
    await menu().getByRole('link', { name: 'Donaciones' }).click();
    await filaDelDia('Acuña').getByTestId('marca-diferido').waitFor();
    await expect(filaDelDia('Quiroga').getByTestId('marca-diferido').count()).resolves.toBe(0);
    await expect(filaDelDia('Quiroga').getByTestId('marca-reactivo').innerText()).resolves.toBe(
      'HIV 1/2 (+)',
    );
    await expect(menu().getByRole('link', { name: 'Decisiones pendientes' }).count()).resolves.toBe(0);
    await page.goto('/pendientes');
    await page.getByText('No tiene permiso para realizar esta acción').waitFor();
    await expect(cola().count()).resolves.toBe(0);
  });
});
