/**
 * Stock, dispatch and look-back in the browser. Units are produced and released through the API
 * (as in journey-componentes): an earlier donation of one donor (60 days ago) and today's donation
 * of another. /stock shows them by type and group with their counts; a dispatch to a hospital is
 * built with the scanner field and its dispatch note (remito) is read back (text and CODE128); a
 * reactive result on the first donor's new donation opens a look-back, which the work-list on
 * /componentes shows with the dispatched unit to notify, and a notification is recorded. Last, a
 * unit another member of the network dispatched here is received by reading its code.
 */
import type { Browser, Page } from 'playwright-core';
import { identificadorLegible } from '../../server/src/domain/componentes';
import { addDays } from '../../server/src/domain/dates';
import { decodeCode128 } from '../pdf/code128';
import { linesOf, readPdf } from '../pdf/pdf-reader';
import { launchBrowser, newPage, screenshot } from './browser';
import {
  CLAVE,
  crearDonacionApi,
  crearMedicoApi,
  crearDonanteApi,
  esperarCarga,
  gql,
  hoyIso,
  ingresar,
  isoYearsAgo,
  leerDescarga,
  producirYLiberarApi,
  registrarServicioApi,
  unique,
} from './helpers';
import type { Cuenta, UnidadSeed } from './helpers';

jest.setTimeout(180000);

type Unidad = UnidadSeed;

describe('recorrido: stock, despacho y trazabilidad inversa', () => {
  let browser: Browser;
  let page: Page;
  let admin: Cuenta;
  // A doctor releases, dispatches and records the look-back's notifications.
  let medico = '';
  const medicoDatos = { nombre: 'Elena', apellido: 'Ruiz', username: unique('med') };
  let donanteId = '';
  let anteriores: Unidad[] = [];
  let deHoy: Unidad[] = [];
  const base = String(Date.now()).slice(-6);

  beforeAll(async () => {
    admin = await registrarServicioApi('stock');
    medico = await crearMedicoApi(admin, medicoDatos);
    const uno = await crearDonanteApi(admin.token, {
      nombre: 'Rosa',
      apellido: 'Quiroga',
      dni: `34${base}`,
      fechaNacimiento: isoYearsAgo(35),
    });
    donanteId = uno.id;
    const otro = await crearDonanteApi(admin.token, {
      nombre: 'Luis',
      apellido: 'Benítez',
      dni: `35${base}`,
      fechaNacimiento: isoYearsAgo(40),
    });
    const anterior = await crearDonacionApi(admin.token, uno.id, { fecha: addDays(hoyIso(), -60) });
    anteriores = await producirYLiberarApi(medico, anterior.id, 'O', 'NEGATIVO');
    const hoy = await crearDonacionApi(admin.token, otro.id);
    deHoy = await producirYLiberarApi(medico, hoy.id, 'O', 'NEGATIVO');
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 900 });
    await ingresar(page, medicoDatos.username, CLAVE);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const plasmaAnterior = () => {
    const u = anteriores.find((x) => x.tipo === 'PLASMA_FRESCO_CONGELADO');
    if (!u) throw new Error('sin plasma de la donación anterior');
    return u;
  };

  it('shows the released units in /stock by type and group, with their counts', async () => {
    // The earlier red cells expired (42 days): only its plasma is stock.
    expect(anteriores.map((u) => u.tipo)).toEqual(['PLASMA_FRESCO_CONGELADO']);
    expect(deHoy.map((u) => u.tipo).sort()).toEqual(['GLOBULOS_ROJOS', 'PLASMA_FRESCO_CONGELADO']);
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Stock' })
      .click();
    await page.waitForURL('**/stock');
    const tabla = page.getByRole('table', { name: 'Stock por componente y grupo' });
    await tabla.waitFor();
    const pf = tabla.locator('tr[data-stock="PLASMA_FRESCO_CONGELADO O NEGATIVO"]');
    const gr = tabla.locator('tr[data-stock="GLOBULOS_ROJOS O NEGATIVO"]');
    await expect(pf.locator('[data-label="Unidades"]').innerText()).resolves.toBe('2');
    await expect(gr.locator('[data-label="Unidades"]').innerText()).resolves.toBe('1');
    await page.getByText('3 unidades en total').waitFor();
    await pf.getByRole('button', { name: /^Ver las unidades/ }).click();
    const unidades = page.getByRole('table', { name: 'Unidades de Plasma fresco congelado O Negativo' });
    await unidades.locator(`tr[data-codigo="${plasmaAnterior().codigo}"]`).waitFor();
    await screenshot(page, 'stock-01-tabla');
  });

  it('builds a dispatch with the scanner field and prints its dispatch note', async () => {
    const pf = plasmaAnterior();
    await page.getByRole('button', { name: 'Despachar', exact: true }).click();
    const campo = page.getByLabel('Código de la unidad a despachar');
    await campo.fill(pf.codigo);
    await campo.press('Enter');
    const elegidas = page.getByRole('table', { name: 'Unidades del despacho' });
    await elegidas.locator(`tr[data-codigo="${pf.codigo}"]`).waitFor();
    // The same unit again: refused in words, still once.
    await campo.fill(pf.codigo);
    await campo.press('Enter');
    await page.getByText('La misma unidad figura más de una vez en el despacho').waitFor();
    await expect(elegidas.locator('tbody tr').count()).resolves.toBe(1);
    await page.getByLabel(/Hospital o clínica/).fill('Hospital Español');
    await page.getByLabel('Referencia del destino').fill('Pedido 77');
    await page.getByRole('button', { name: 'Confirmar despacho (1)' }).click();
    const hecho = page.getByRole('status', { name: 'Despacho registrado' });
    await hecho.waitFor();
    // The plasma left the stock: two units remain.
    await page.getByText('2 unidades en total').waitFor();
    await screenshot(page, 'stock-02-despacho');

    const [descarga] = await Promise.all([
      page.waitForEvent('download'),
      hecho.getByRole('button', { name: 'Imprimir remito' }).click(),
    ]);
    const file = await leerDescarga(descarga);
    expect(file.name).toMatch(/^remito-.+\.pdf$/);
    const [hoja, ...resto] = await readPdf(new Uint8Array(file.bytes));
    expect(resto).toHaveLength(0);
    expect(hoja.images.map((img) => decodeCode128(img.pixels)?.text)).toEqual([pf.codigo]);
    const lineas = linesOf(hoja.texts).join('\n');
    expect(lineas).toContain('Remito de despacho');
    expect(lineas).toContain(identificadorLegible(pf.codigo));
    expect(lineas).toContain('Plasma fresco congelado');
    expect(lineas).toContain('O Negativo');
    expect(lineas).toContain('Destino: Hospital o clínica: Hospital Español');
    expect(lineas).toContain('Referencia: Pedido 77');
    expect(lineas).toContain('Despachó: Elena Ruiz');
    expect(lineas).toMatch(/Instalación \S+/);
  });

  it('a reactive result on a later donation opens a look-back; the work-list records a notification', async () => {
    const pf = plasmaAnterior();
    const nueva = await crearDonacionApi(admin.token, donanteId);
    await gql(
      `mutation ($id: ID!, $input: TamizajeInput!) { registrarTamizaje(donacionId: $id, input: $input) { id } }`,
      { id: nueva.id, input: { marcador: 'HIV', estado: 'REACTIVO', fecha: hoyIso(), tecnica: 'ELISA' } },
      medico,
    );
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Componentes' })
      .click();
    await page.waitForURL('**/componentes');
    await esperarCarga(page);
    const region = page.getByRole('region', {
      name: new RegExp(`^Trazabilidad de la Donación N° ${nueva.numero} `),
    });
    await region.waitFor();
    const fila = region.locator(`tr[data-codigo="${pf.codigo}"]`);
    await fila.getByText('Notificar al destino').waitFor();
    await fila.getByText('Hospital Español', { exact: false }).waitFor();
    await fila.getByText('Falta notificar').waitFor();
    await region.getByLabel(/A quién se notificó/).fill('Hospital Español, Dra. Gómez');
    await region.getByLabel('Respuesta').fill('No transfundida, se descarta');
    await region.getByRole('button', { name: 'Registrar notificación' }).click();
    await region.getByText(/Hospital Español, Dra\. Gómez · Teléfono/).waitFor();
    await fila.getByText('Notificada', { exact: true }).waitFor();
    await screenshot(page, 'stock-03-trazabilidad');
  });
  it('a unit another member dispatched here waits in transit and is received by its code read', async () => {
    // A network with this servicio and another; the other produces a unit and dispatches it here.
    const redUser = unique('red');
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
    const otro = await registrarServicioApi('stock2');
    for (const token of [admin.token, otro.token]) {
      await gql(
        `mutation ($c: String!) { unirseARed(codigo: $c) { id } }`,
        { c: red.codigoInvitacion },
        token,
      );
    }
    const otroMedico = { nombre: 'Pablo', apellido: 'Sosa', username: unique('med2') };
    await gql(
      `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
      { input: { ...otroMedico, password: CLAVE, password2: CLAVE, rol: 'ROL_MEDICO' } },
      otro.token,
    );
    const { login } = await gql<{ login: { token: string } }>(
      `mutation ($input: LoginInput!) { login(input: $input) { token } }`,
      { input: { username: otroMedico.username, password: CLAVE } },
    );
    const donante = await crearDonanteApi(otro.token, {
      nombre: 'Ana',
      apellido: 'Vera',
      dni: `36${base}`,
      fechaNacimiento: isoYearsAgo(30),
    });
    const donacion = await crearDonacionApi(otro.token, donante.id);
    const [unidad] = (await producirYLiberarApi(login.token, donacion.id, 'O', 'NEGATIVO')).filter(
      (u) => u.tipo === 'GLOBULOS_ROJOS',
    );
    const { servicio } = await gql<{ servicio: { id: string } }>(`{ servicio { id } }`, {}, admin.token);
    await gql(
      `mutation ($ids: [ID!]!, $destino: DestinoInput!) { despacharComponentes(ids: $ids, destino: $destino) { id } }`,
      { ids: [unidad.id], destino: { tipo: 'MIEMBRO_RED', servicioId: servicio.id } },
      login.token,
    );

    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Stock' })
      .click();
    await page.waitForURL('**/stock');
    const transito = page.getByRole('table', { name: 'Unidades en tránsito' });
    await transito.locator(`tr[data-codigo="${unidad.codigo}"]`).waitFor();
    const campo = page.getByLabel('Código de la unidad a recibir');
    await campo.fill(unidad.codigo);
    await campo.press('Enter');
    await page.getByText('No hay unidades en tránsito hacia este servicio.').waitFor();
    const gr = page
      .getByRole('table', { name: 'Stock por componente y grupo' })
      .locator('tr[data-stock="GLOBULOS_ROJOS O NEGATIVO"]');
    await gr.locator('[data-label="Unidades"]', { hasText: '2' }).waitFor();
    await screenshot(page, 'stock-04-recibida');
  });
});
