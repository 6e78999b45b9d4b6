/**
 * Calling donors back and post-donation information in the browser: a reactive result puts the
 * donor on /citaciones; a doctor reads why, an administrative member sees only 'Citación
 * pendiente' and records a call attempt, and the doctor closes it; a post-donation report on the
 * donation's screen blocks its quarantined and released units.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './browser';
import {
  CLAVE,
  crearDonacionApi,
  crearDonanteApi,
  esperarCarga,
  gql,
  hoyIso,
  ingresar,
  isoYearsAgo,
  registrarServicioApi,
  salir,
  unique,
} from './helpers';
import type { Cuenta, DonacionSeed, DonanteSeed } from './helpers';

jest.setTimeout(180000);

const SEROLOGIA_NEGATIVA = {
  hiv: false,
  hepB: false,
  hepC: false,
  vdrl: false,
  brucelosis: false,
  chagas: false,
  htlv: false,
};

type Integrante = { username: string; token: string };

async function integrante(cuenta: Cuenta, rol: string, apellido: string): Promise<Integrante> {
  const username = unique(rol.slice(4, 7).toLowerCase());
  await gql(
    `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
    { input: { nombre: 'Ana', apellido, username, password: CLAVE, password2: CLAVE, rol } },
    cuenta.token,
  );
  const { login } = await gql<{ login: { token: string } }>(
    `mutation ($input: LoginInput!) { login(input: $input) { token } }`,
    { input: { username, password: CLAVE } },
  );
  return { username, token: login.token };
}

describe('recorrido: citaciones e informe post-donación', () => {
  let browser: Browser;
  let page: Page;
  let cuenta: Cuenta;
  let medico: Integrante;
  let administrativo: Integrante;
  let reactivo: DonanteSeed;
  let otro: DonanteSeed;
  let donacion: DonacionSeed;
  const base = String(Date.now()).slice(-6);

  beforeAll(async () => {
    cuenta = await registrarServicioApi('cit');
    medico = await integrante(cuenta, 'ROL_MEDICO', 'Médica');
    administrativo = await integrante(cuenta, 'ROL_ADMINISTRATIVO', 'Oficina');
    reactivo = await crearDonanteApi(cuenta.token, {
      nombre: 'Rosa',
      apellido: 'Quiroga',
      dni: `35${base}`,
      fechaNacimiento: isoYearsAgo(40),
      telefono: '3415551234',
    });
    const d1 = await crearDonacionApi(cuenta.token, reactivo.id);
    await gql(
      `mutation ($id: ID!, $input: TamizajeInput!) { registrarTamizaje(donacionId: $id, input: $input) { id } }`,
      { id: d1.id, input: { marcador: 'HIV', estado: 'REACTIVO', fecha: hoyIso(), tecnica: 'ELISA' } },
      medico.token,
    );
    // Another donor's donation, complete and split: one unit released, the other in quarantine.
    otro = await crearDonanteApi(cuenta.token, {
      nombre: 'Luis',
      apellido: 'Benítez',
      dni: `36${base}`,
      fechaNacimiento: isoYearsAgo(30),
    });
    donacion = await crearDonacionApi(cuenta.token, otro.id);
    await gql(
      `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
      { id: donacion.id, input: { abo: 'A', rh: 'POSITIVO', serologia: SEROLOGIA_NEGATIVA } },
      medico.token,
    );
    const { fraccionarDonacion } = await gql<{ fraccionarDonacion: { id: string }[] }>(
      `mutation ($id: ID!) { fraccionarDonacion(donacionId: $id) { id } }`,
      { id: donacion.id },
      medico.token,
    );
    await gql(
      `mutation ($id: ID!) { liberarComponente(id: $id) { id } }`,
      { id: fraccionarDonacion[0].id },
      medico.token,
    );
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 900 });
  });

  afterAll(async () => {
    await browser?.close();
  });

  const fila = () => page.getByRole('row').filter({ hasText: 'Quiroga, Rosa' });

  it('a doctor sees the reactive result’s reason on the list', async () => {
    await ingresar(page, medico.username, CLAVE);
    await page.getByRole('link', { name: 'Citaciones' }).click();
    await page.getByRole('heading', { name: 'Citaciones' }).waitFor();
    await esperarCarga(page);
    await fila().getByText('Resultado reactivo: nueva muestra para la prueba confirmatoria').waitFor();
    await screenshot(page, 'citaciones-01-medico');
    await salir(page);
  });

  it('an administrative member sees only that a call is due, and records an attempt', async () => {
    await ingresar(page, administrativo.username, CLAVE);
    await page.goto('/citaciones');
    await esperarCarga(page);
    await fila().getByText('Citación pendiente').waitFor();
    expect(await page.getByText('Resultado reactivo').count()).toBe(0);
    await fila().getByRole('button', { name: 'Ver la citación de Quiroga, Rosa' }).click();
    const intento = page.getByRole('form', { name: 'Intento de comunicación' });
    await intento.getByLabel('Medio').selectOption('TELEFONO');
    await intento.getByLabel('Resultado del intento').fill('No contesta, volver a llamar');
    await intento.getByRole('button', { name: 'Registrar intento' }).click();
    await page.getByRole('dialog').getByText('No contesta, volver a llamar').waitFor();
    expect(await page.getByRole('form', { name: 'Cierre' }).count()).toBe(0);
    await screenshot(page, 'citaciones-02-administrativo');
    await page.getByRole('button', { name: 'Volver' }).click();
    await salir(page);
  });

  it('the doctor closes it and it leaves the open list', async () => {
    await ingresar(page, medico.username, CLAVE);
    await page.goto('/citaciones');
    await esperarCarga(page);
    await fila().getByRole('button', { name: 'Ver la citación de Quiroga, Rosa' }).click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByText('No contesta, volver a llamar').waitFor();
    const cierre = page.getByRole('form', { name: 'Cierre' });
    await cierre.getByLabel('Motivo del cierre').fill('Nueva muestra tomada en el servicio');
    await cierre.getByRole('button', { name: 'Cerrar citación' }).click();
    await dialogo.waitFor({ state: 'detached' });
    await page.getByText('No hay citaciones con ese estado.').waitFor();
  });

  it('a post-donation report blocks the released and the quarantined unit', async () => {
    await page.goto(`/donacion/${donacion.id}/donante/${otro.id}`);
    await page.getByRole('button', { name: 'Informe post-donación', exact: true }).click();
    await page.getByRole('heading', { name: 'Informe post-donación' }).waitFor();
    await page.getByText('No hay informes post-donación de esta donación.').waitFor();
    await page.getByRole('button', { name: 'Registrar informe post-donación' }).click();
    const form = page.getByRole('form', { name: 'Informe post-donación' });
    await form.getByLabel('Quién informó').selectOption('DONANTE');
    await form.getByLabel('Lo informado').fill('Fiebre y diarrea al día siguiente de donar');
    await form.getByRole('button', { name: 'Registrar y bloquear componentes' }).click();
    await page.getByRole('table', { name: 'Informes post-donación' }).getByText('2 componentes').waitFor();
    await screenshot(page, 'citaciones-03-informe');
    const { donacion: d } = await gql<{
      donacion: { componentes: { estado: string; motivoDescarte: string }[] };
    }>(
      `query ($id: ID!) { donacion(id: $id) { componentes { estado motivoDescarte } } }`,
      { id: donacion.id },
      medico.token,
    );
    expect(d.componentes).toEqual([
      { estado: 'DESCARTADO', motivoDescarte: 'INFORME_POSTDONACION' },
      { estado: 'DESCARTADO', motivoDescarte: 'INFORME_POSTDONACION' },
    ]);
  });
});
