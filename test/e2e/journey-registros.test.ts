/**
 * The period's registers in the browser. Units are produced and released through the API (as in
 * journey-stock); one is discarded and another dispatched to a hospital. On /planillas the
 * registers of this month are downloaded as PDF and as CSV, and each file is read back: the
 * discarded unit with its reason and who discarded it, the dispatched unit with its dispatch; and
 * Reportes shows the month's components per type.
 */
import type { Browser, Page } from 'playwright-core';
import { identificadorLegible } from '../../server/src/domain/componentes';
import { linesOf, readPdf } from '../pdf/pdf-reader';
import { launchBrowser, newPage, screenshot } from './browser';
import {
  axeSerious,
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
import type { UnidadSeed } from './helpers';

jest.setTimeout(180000);

type Unidad = UnidadSeed;

describe('recorrido: registros de descartes y despachos', () => {
  let browser: Browser;
  let page: Page;
  let descartada: Unidad;
  let despachada: Unidad;
  const medicoDatos = { nombre: 'Sofía', apellido: 'Luna', username: unique('medreg') };
  const mes = `${hoyIso().slice(0, 8)}01`;

  beforeAll(async () => {
    const admin = await registrarServicioApi('registros');
    const medico = await crearMedicoApi(admin, medicoDatos);
    const donante = await crearDonanteApi(admin.token, {
      nombre: 'Marcos',
      apellido: 'Paz',
      dni: `37${String(Date.now()).slice(-6)}`,
      fechaNacimiento: isoYearsAgo(33),
    });
    const donacion = await crearDonacionApi(admin.token, donante.id);
    const liberadas = await producirYLiberarApi(medico, donacion.id, 'A', 'POSITIVO');
    descartada = liberadas.find((u) => u.tipo === 'PLASMA_FRESCO_CONGELADO') as Unidad;
    despachada = liberadas.find((u) => u.tipo === 'GLOBULOS_ROJOS') as Unidad;
    await gql(
      `mutation ($id: ID!) { descartarComponente(id: $id, motivo: BOLSA_ROTA, detalle: "Bolsa pinchada") { id } }`,
      { id: descartada.id },
      medico,
    );
    await gql(
      `mutation ($ids: [ID!]!, $d: DestinoInput!) { despacharComponentes(ids: $ids, destino: $d) { id } }`,
      { ids: [despachada.id], d: { tipo: 'HOSPITAL', nombre: 'Hospital Penna', referencia: 'Pedido 9' } },
      medico,
    );
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 900 });
    await ingresar(page, medicoDatos.username, CLAVE);
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Planillas' })
      .click();
    await page.waitForURL('**/planillas');
    await esperarCarga(page);
    await page.getByRole('table', { name: 'Registros del período' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
  });

  const descargar = async (nombre: string) => {
    // The file of the kind the button makes: a PDF also opens in a tab, whose own download of it
    // may come late, after the next button's click.
    const extension = nombre.startsWith('Descargar PDF') ? '.pdf' : '.csv';
    const [descarga] = await Promise.all([
      page.waitForEvent('download', {
        timeout: 60000,
        predicate: (d) => d.suggestedFilename().endsWith(extension),
      }),
      page.getByRole('button', { name: nombre }).click(),
    ]);
    return leerDescarga(descarga);
  };

  it('downloads the discard register as PDF and CSV, with the discarded unit', async () => {
    await screenshot(page, 'registros-01-planillas');
    const pdf = await descargar('Descargar PDF: Registro de unidades descartadas');
    expect(pdf.name).toBe(`registro-descartes-${mes}-a-${hoyIso()}.pdf`);
    const hojas = await readPdf(new Uint8Array(pdf.bytes));
    expect(hojas).toHaveLength(1);
    const texto = linesOf(hojas[0].texts).join('\n');
    expect(texto).toContain('Registro de unidades descartadas');
    expect(texto).toContain('Hoja 1 de 1');
    expect(texto).toContain(identificadorLegible(descartada.codigo));
    expect(texto).toMatch(/Bolsa rota o pérdida\s+Bolsa pinchada\s+Sofía Luna\s+En el servicio/);
    expect(texto).toContain('A Positivo');

    const csv = await descargar('Descargar CSV: Registro de unidades descartadas');
    expect(csv.name).toBe(`registro-descartes-${mes}-a-${hoyIso()}.csv`);
    const contenido = csv.bytes.toString('utf8');
    expect(contenido).toContain(
      `${identificadorLegible(descartada.codigo)};Plasma fresco congelado (PF1);A Positivo;`,
    );
    expect(contenido).toContain(';Bolsa rota o pérdida;Bolsa pinchada;Sofía Luna;En el servicio');
  });

  it('downloads the dispatch register as PDF and CSV, with the dispatched unit and its destination', async () => {
    const pdf = await descargar('Descargar PDF: Registro de despachos');
    const [hoja] = await readPdf(new Uint8Array(pdf.bytes));
    const texto = linesOf(hoja.texts).join('\n');
    expect(texto).toContain('Registro de despachos');
    expect(texto).toContain(identificadorLegible(despachada.codigo));
    expect(texto).toContain('Hospital o clínica: Hospital');
    expect(texto).toContain('Pedido 9');
    expect(texto).toMatch(/En el destino, sin\s/);

    const csv = await descargar('Descargar CSV: Registro de despachos');
    const contenido = csv.bytes.toString('utf8');
    expect(contenido).toContain(
      `;Hospital o clínica: Hospital Penna;Pedido 9;Sofía Luna;${identificadorLegible(despachada.codigo)};` +
        'Glóbulos rojos (GR1);A Positivo;',
    );
    expect(contenido).toContain(';En el destino, sin novedad');
    await screenshot(page, 'registros-02-descargas');
  });

  it('Reportes shows what became of the blood this month, with no serious axe violation', async () => {
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Reportes' })
      .click();
    await page.waitForURL('**/reportes');
    await page.getByRole('button', { name: 'Este mes' }).click();
    const tabla = page.getByRole('table', { name: 'Componentes por tipo' });
    await tabla.waitFor();
    const celda = (tipo: string, columna: string) =>
      tabla.getByRole('row', { name: new RegExp(`^${tipo}`) }).locator(`[data-label="${columna}"]`);
    await expect(celda('Glóbulos rojos', 'Despachados').innerText()).resolves.toBe('1');
    await expect(celda('Glóbulos rojos', 'A hospital o clínica').innerText()).resolves.toBe('1');
    await expect(celda('Plasma fresco congelado', 'Descartados').innerText()).resolves.toBe('1');
    await expect(celda('Plasma fresco congelado', 'Stock al final').innerText()).resolves.toBe('0');
    const motivos = page.getByRole('table', { name: 'Descartados por motivo' });
    await motivos.getByRole('row', { name: /^Bolsa rota o pérdida/ }).waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await screenshot(page, 'registros-03-reportes');
  });
});
