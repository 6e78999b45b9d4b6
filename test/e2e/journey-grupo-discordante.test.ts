/**
 * A blood group that differs from the donor's earlier donation, in the browser: the server refuses
 * it with its message beside 'Guardar resultados', a technician confirms it with a reason, the
 * day's donations list shows 'Grupo discordante', and a repeat typing ends the flag.
 */
import type { Browser, Page } from 'playwright-core';
import { addDays } from '../../server/src/domain/dates';
import { MSG } from '../../server/src/domain/messages';
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
  unique,
} from './helpers';
import type { DonacionSeed, DonanteSeed } from './helpers';

jest.setTimeout(120000);

describe('recorrido: grupo discordante con donaciones anteriores', () => {
  let browser: Browser;
  let page: Page;
  let donante: DonanteSeed;
  let primera: DonacionSeed;
  let segunda: DonacionSeed;
  const tecnico = { nombre: 'Lucía', apellido: 'Ferreyra', username: unique('tec'), password: 'tecnica-123' };
  const base = String(Date.now()).slice(-6);

  beforeAll(async () => {
    const cuenta = await registrarServicioApi('grupo');
    await gql(
      `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
      { input: { ...tecnico, password2: tecnico.password, rol: 'ROL_TECNICO' } },
      cuenta.token,
    );
    donante = await crearDonanteApi(cuenta.token, {
      nombre: 'Tomás',
      apellido: 'Benítez',
      dni: `35${base}`,
      fechaNacimiento: isoYearsAgo(40),
      sexo: 'Masculino',
    });
    // An earlier donation typed O positive, four months ago; today's is the one typed again.
    primera = await crearDonacionApi(cuenta.token, donante.id, { fecha: addDays(hoyIso(), -120) });
    await gql(
      `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
      { id: primera.id, input: { abo: 'O', rh: 'POSITIVO' } },
      cuenta.token,
    );
    segunda = await crearDonacionApi(cuenta.token, donante.id);
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 900 });
    await ingresar(page, tecnico.username, tecnico.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const resultados = () => page.getByRole('form', { name: 'Resultados de la donación' });
  const diaDeHoy = async () => {
    await page.goto('/donaciones');
    const tabla = page.getByRole('table', { name: 'Donaciones encontradas' });
    await tabla.waitFor();
    await esperarCarga(page);
    return tabla
      .getByRole('row')
      .filter({ hasText: String(segunda.numero) })
      .first();
  };

  it('a different group is refused beside the button; the technician confirms it with a reason', async () => {
    await page.goto(`/donacion/${segunda.id}/donante/${donante.id}`);
    await page.getByRole('heading', { name: `Donación N° ${segunda.numero}` }).waitFor();
    await esperarCarga(page);
    await resultados().getByLabel('Grupo ABO').selectOption('A');
    await resultados().getByLabel('Factor Rh').selectOption('POSITIVO');
    await resultados().getByRole('button', { name: 'Guardar resultados' }).click();

    const confirmacion = resultados().getByRole('group', { name: 'Confirmación del grupo' });
    await confirmacion.waitFor();
    expect(await confirmacion.getByRole('alert').innerText()).toBe(
      MSG.grupoDiscordante('O+', `donación N° ${primera.numero} del ${ddmmyyyy(primera.fecha)}`),
    );
    await confirmacion
      .getByLabel('Motivo de la confirmación del grupo')
      .fill('Tipificado dos veces, muestra nueva');
    await screenshot(page, 'grupo-discordante-01-confirmar');
    await resultados().getByRole('button', { name: 'Confirmar grupo y guardar' }).click();

    const panel = page.getByRole('region', { name: 'Grupo y factor: A+' });
    await panel.getByText('Grupo discordante', { exact: true }).waitFor();
    expect(await panel.innerText()).toContain('Motivo: Tipificado dos veces, muestra nueva');
    await confirmacion.waitFor({ state: 'detached' });
  });

  it("the day's donations show the flag and its reason in the group column", async () => {
    const fila = await diaDeHoy();
    await fila.getByText('Grupo discordante', { exact: true }).waitFor();
    const texto = await fila.innerText();
    expect(texto).toContain('A+');
    expect(texto).toContain('Motivo: Tipificado dos veces, muestra nueva');
    await screenshot(page, 'grupo-discordante-02-lista');
  });

  it('a repeat typing confirms one value and the flag is gone from the list', async () => {
    await page.goto(`/donacion/${segunda.id}/donante/${donante.id}`);
    const panel = page.getByRole('region', { name: 'Grupo y factor: A+' });
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Registrar nueva tipificación' }).click();
    const form = panel.getByRole('form', { name: 'Registrar nueva tipificación' });
    await form.getByLabel('Grupo ABO').selectOption('A');
    await form.getByLabel('Factor Rh').selectOption('POSITIVO');
    await screenshot(page, 'grupo-discordante-03-retipificar');
    await form.getByRole('button', { name: 'Confirmar tipificación' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(await page.getByText('Grupo discordante', { exact: true }).count()).toBe(0);

    const fila = await diaDeHoy();
    expect(await fila.innerText()).toContain('A+');
    expect(await fila.getByText('Grupo discordante', { exact: true }).count()).toBe(0);
    await screenshot(page, 'grupo-discordante-04-retipificada');
  });
});
