/**
 * The network's stock and transfers in the browser. Two servicios join one network; A produces
 * and releases units through the API. In the browser: A's doctor dispatches a unit to B, choosing
 * B among the network's members in the dispatch panel; B's doctor receives it by reading its code
 * and the unit's history (Trayectoria) shows both servicios; the network account sees the stock on
 * /red ('menos de 5' where a row rests on fewer donors) and asks A to send units to B, and A's
 * doctor declines the request with a reason, which the network then reads.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot } from './browser';
import {
  axeSerious,
  CLAVE,
  crearDonacionApi,
  crearMedicoApi,
  crearDonanteApi,
  esperarCarga,
  gql,
  ingresar,
  isoYearsAgo,
  producirYLiberarApi,
  registrarServicioApi,
  salir,
  unique,
} from './helpers';
import type { Cuenta, UnidadSeed } from './helpers';

jest.setTimeout(240000);

type Unidad = UnidadSeed;

/** A doctor of the servicio, signed in through the API; gives the username and the token. */
async function medicoDe(cuenta: Cuenta, nombre: string): Promise<{ username: string; token: string }> {
  const datos = { nombre, apellido: 'Ruiz', username: unique('med') };
  return { username: datos.username, token: await crearMedicoApi(cuenta, datos) };
}

/** A new donor's donation of today, split, typed O NEGATIVO with negative serology, released. */
async function unidadesLiberadas(cuenta: Cuenta, token: string, dni: string): Promise<Unidad[]> {
  const donante = await crearDonanteApi(cuenta.token, {
    nombre: 'Ana',
    apellido: 'Vera',
    dni,
    fechaNacimiento: isoYearsAgo(30),
  });
  const donacion = await crearDonacionApi(cuenta.token, donante.id);
  return producirYLiberarApi(token, donacion.id, 'O', 'NEGATIVO');
}

describe('recorrido: stock y traslados de la red', () => {
  let browser: Browser;
  let page: Page;
  let a: Cuenta;
  let b: Cuenta;
  let medicoA = { username: '', token: '' };
  let medicoB = { username: '', token: '' };
  const redUser = unique('red');
  let unidad: Unidad;

  beforeAll(async () => {
    const { register } = await gql<{ register: { token: string } }>(
      `mutation($input: RegisterInput!) { register(input: $input) { token } }`,
      {
        input: {
          nombre: `Programa Provincial ${redUser}`,
          username: redUser,
          email: `${redUser}@example.com`,
          password: CLAVE,
          password2: CLAVE,
          rol: 'ROL_RED',
        },
      },
    );
    const { red } = await gql<{ red: { codigoInvitacion: string } }>(
      `{ red { codigoInvitacion } }`,
      {},
      register.token,
    );
    a = await registrarServicioApi('rsa');
    b = await registrarServicioApi('rsb');
    for (const cuenta of [a, b]) {
      await gql(
        `mutation ($c: String!) { unirseARed(codigo: $c) { id } }`,
        { c: red.codigoInvitacion },
        cuenta.token,
      );
    }
    medicoA = await medicoDe(a, 'Elena');
    medicoB = await medicoDe(b, 'Pablo');
    const base = String(Date.now()).slice(-6);
    const unidades = await unidadesLiberadas(a, medicoA.token, `37${base}`);
    const gr = unidades.find((u) => u.tipo === 'GLOBULOS_ROJOS');
    if (!gr) throw new Error('sin glóbulos rojos liberados');
    unidad = gr;
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 900 });
  });

  afterAll(async () => {
    await browser?.close();
  });

  const irAStock = async () => {
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Stock' })
      .click();
    await page.waitForURL('**/stock');
    await esperarCarga(page);
  };

  it('A dispatches a unit to B, choosing B among the network’s members', async () => {
    await ingresar(page, medicoA.username, CLAVE);
    await irAStock();
    await page.getByRole('button', { name: 'Despachar', exact: true }).click();
    const campo = page.getByLabel('Código de la unidad a despachar');
    await campo.fill(unidad.codigo);
    await campo.press('Enter');
    await page
      .getByRole('table', { name: 'Unidades del despacho' })
      .locator(`tr[data-codigo="${unidad.codigo}"]`)
      .waitFor();
    await page.getByLabel('Destino', { exact: true }).selectOption('MIEMBRO_RED');
    const integrante = page.getByLabel(/Integrante de la red/);
    await integrante.locator('option', { hasText: b.nombre }).waitFor({ state: 'attached' });
    await integrante.selectOption({ label: b.nombre });
    await page.getByRole('button', { name: 'Confirmar despacho (1)' }).click();
    const hecho = page.getByRole('status', { name: 'Despacho registrado' });
    await hecho.getByText(`1 unidad a ${b.nombre}`, { exact: false }).waitFor();
    // Scanned again, it says why it cannot leave: it was dispatched.
    await campo.fill(unidad.codigo);
    await campo.press('Enter');
    await page.getByText('El componente ya fue despachado', { exact: false }).waitFor();
    await screenshot(page, 'red-stock-01-despacho-a-miembro');
    await salir(page);
  });

  it('B receives it by its code read; its history shows both servicios', async () => {
    await ingresar(page, medicoB.username, CLAVE);
    await irAStock();
    const transito = page.getByRole('table', { name: 'Unidades en tránsito' });
    await transito.locator(`tr[data-codigo="${unidad.codigo}"]`).waitFor();
    const recibir = page.getByLabel('Código de la unidad a recibir');
    await recibir.fill(unidad.codigo);
    await recibir.press('Enter');
    await page.getByText('No hay unidades en tránsito hacia este servicio.').waitFor();
    await page.getByLabel('Identificador de la unidad').fill(unidad.codigo);
    await page.getByRole('button', { name: 'Ver trayectoria' }).click();
    const tabla = page.getByRole('table', { name: /^Trayectoria de la unidad / });
    await tabla.waitFor();
    const fila = tabla.locator('tbody tr').first();
    expect((await fila.locator('[data-label="Desde"]').innerText()).trim()).toBe(a.nombre);
    expect(await fila.locator('[data-label="Hacia"]').innerText()).toContain(b.nombre);
    expect(await fila.locator('[data-label="Qué fue de ella"]').innerText()).toContain('Recibido');
    await screenshot(page, 'red-stock-02-trayectoria');
    await salir(page);
  });

  it('the network sees the stock on /red and asks A to send units to B; A declines with a reason', async () => {
    await page.getByLabel('Usuario').fill(redUser);
    await page.getByLabel('Clave').fill(CLAVE);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL('**/red');
    const stock = page.getByRole('table', { name: 'Stock de la red por integrante' });
    // B's one red-cell unit rests on one donor: 'menos de 5', and no expiry told.
    const filaB = stock.locator(`tr[data-stock-red="${b.nombre} GLOBULOS_ROJOS O NEGATIVO"]`);
    await filaB.waitFor();
    expect((await filaB.locator('[data-label="Unidades"]').innerText()).trim()).toBe('menos de 5');
    await page
      .getByRole('table', { name: 'Trazabilidades abiertas por integrante' })
      .getByText(a.nombre)
      .waitFor();
    const form = page.getByRole('form', { name: 'Solicitar traslado' });
    await form.getByLabel(/Integrante que envía/).selectOption({ label: a.nombre });
    await form.getByLabel(/Integrante que recibe/).selectOption({ label: b.nombre });
    await form.getByLabel(/Cantidad/).fill('2');
    await form.getByLabel('Nota para el integrante que envía').fill('Cirugía programada');
    await form.getByRole('button', { name: 'Solicitar traslado' }).click();
    const solicitudes = page.getByRole('table', { name: 'Solicitudes de traslado' });
    await solicitudes.getByText('Pendiente').waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'red-stock-03-red');
    await salir(page);

    await ingresar(page, medicoA.username, CLAVE);
    await irAStock();
    const pedidos = page.getByRole('table', { name: 'Solicitudes de la red' });
    await pedidos.getByText('Cirugía programada').waitFor();
    await pedidos.getByRole('button', { name: /^Rechazar: / }).click();
    await pedidos.getByRole('button', { name: 'Rechazar la solicitud' }).click();
    await pedidos.getByText('Debe indicar por qué la rechaza').waitFor();
    await pedidos.getByLabel(/Motivo del rechazo/).fill('Sin O negativo disponible');
    await pedidos.getByRole('button', { name: 'Rechazar la solicitud' }).click();
    await pedidos.getByText('Motivo: Sin O negativo disponible').waitFor();
    await pedidos.getByText('Rechazada').waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'red-stock-04-rechazo');
  });
});
