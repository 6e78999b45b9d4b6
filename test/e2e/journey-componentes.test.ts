/**
 * Blood components in the browser: a technician splits the day's donation (Bolsa Triple) from
 * 'Donaciones por fraccionar'; its three units wait in quarantine, each saying what it lacks; one
 * is discarded with a coded reason; once the results are recorded, 'Liberar todo lo liberable'
 * releases the others; the donation's labels are printed (read back: the identifier as text and
 * as a CODE128 barcode, the group, no quarantine warning); finally a unit's identifier typed into
 * the scanner field with Enter selects that unit.
 */
import type { Browser, Page } from 'playwright-core';
import { identificadorLegible } from '../../server/src/domain/componentes';
import { MSG } from '../../server/src/domain/messages';
import { decodeCode128 } from '../pdf/code128';
import { linesOf, readPdf } from '../pdf/pdf-reader';
import { launchBrowser, newPage, screenshot } from './browser';
import {
  CLAVE,
  crearDonacionApi,
  crearDonanteApi,
  ddmmyyyy,
  esperarCarga,
  gql,
  hoyIso,
  ingresar,
  isoYearsAgo,
  leerDescarga,
  registrarServicioApi,
  unique,
} from './helpers';
import type { Cuenta, DonacionSeed, DonanteSeed } from './helpers';

jest.setTimeout(180000);

const legible = identificadorLegible;

type Unidad = { id: string; codigo: string; tipo: string; estado: string };

describe('recorrido: componentes', () => {
  let browser: Browser;
  let page: Page;
  let admin: Cuenta;
  let donacion: DonacionSeed;
  let donante: DonanteSeed;
  let codigoInstalacion = '';
  let unidades: Unidad[] = [];
  const tecnico = { nombre: 'Marta', apellido: 'Gómez', username: unique('tec') };
  const base = String(Date.now()).slice(-6);

  const tabla = () => page.getByRole('table', { name: 'Unidades' });
  const fila = (codigo: string) => tabla().locator(`tr[data-codigo="${codigo}"]`);
  const unidad = (prefijo: string) => {
    const u = unidades.find((x) => x.codigo.includes(prefijo));
    if (!u) throw new Error(`sin unidad ${prefijo}`);
    return u;
  };

  beforeAll(async () => {
    admin = await registrarServicioApi('comp');
    await gql(
      `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
      { input: { ...tecnico, password: CLAVE, password2: CLAVE, rol: 'ROL_TECNICO' } },
      admin.token,
    );
    donante = await crearDonanteApi(admin.token, {
      nombre: 'Rosa',
      apellido: 'Quiroga',
      dni: `33${base}`,
      fechaNacimiento: isoYearsAgo(35),
    });
    donacion = await crearDonacionApi(admin.token, donante.id, { tipoBolsa: 'Bolsa Triple' });
    const { servicio } = await gql<{ servicio: { codigoInstalacion: string } }>(
      `{ servicio { codigoInstalacion } }`,
      {},
      admin.token,
    );
    codigoInstalacion = servicio.codigoInstalacion;
    browser = await launchBrowser();
    page = await newPage(browser, { width: 1366, height: 900 });
    await ingresar(page, tecnico.username, CLAVE);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("splits the day's donation: its three units wait in quarantine, each with what it lacks", async () => {
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Componentes' })
      .click();
    await page.waitForURL('**/componentes');
    await page.getByRole('table', { name: 'Donaciones por fraccionar' }).waitFor();
    await page.getByRole('button', { name: `Fraccionar la donación N° ${donacion.numero}` }).click();
    const dialogo = page.getByRole('form', { name: `Fraccionar la donación N° ${donacion.numero}` });
    await dialogo.waitFor();
    await expect(
      dialogo.getByRole('checkbox', { name: 'Concentrado de plaquetas' }).isChecked(),
    ).resolves.toBe(true);
    await screenshot(page, 'componentes-01-fraccionar');
    await dialogo.getByRole('button', { name: 'Fraccionar' }).click();
    await page.getByText(`Donación N° ${donacion.numero} fraccionada`).waitFor();

    const { componentes } = await gql<{ componentes: { items: Unidad[] } }>(
      `{ componentes(filtro: {}) { items { id codigo tipo estado } } }`,
      {},
      admin.token,
    );
    unidades = componentes.items;
    expect(unidades.map((u) => u.tipo).sort()).toEqual([
      'GLOBULOS_ROJOS',
      'PLAQUETAS',
      'PLASMA_FRESCO_CONGELADO',
    ]);
    const anio = hoyIso().slice(2, 4);
    for (const u of unidades) {
      expect(u.codigo.startsWith(`${codigoInstalacion}${anio}`)).toBe(true);
      const f = fila(u.codigo);
      await f.waitFor();
      const texto = await f.innerText();
      expect(texto).toContain(legible(u.codigo));
      expect(texto).toContain('En cuarentena');
      expect(texto).toContain('Falta el grupo ABO');
      expect(texto).toContain('Falta la serología');
      await expect(f.getByRole('button', { name: /^Liberar/ }).count()).resolves.toBe(0);
    }
    await screenshot(page, 'componentes-02-cuarentena');
  });

  it('discards the platelets with a coded reason and its detail', async () => {
    const pq = unidad('PQ1');
    await fila(pq.codigo)
      .getByRole('button', { name: /^Descartar/ })
      .click();
    const dialogo = page.getByRole('form', { name: 'Descartar la unidad' });
    await dialogo.getByRole('combobox', { name: /Motivo/ }).selectOption({ label: 'Otro' });
    await dialogo.getByRole('button', { name: 'Descartar' }).click();
    await dialogo.getByText(MSG.detalleDescarteRequerido).waitFor();
    await dialogo.getByRole('textbox', { name: /Detalle/ }).fill('Agitador detenido durante la noche');
    await dialogo.getByRole('button', { name: 'Descartar' }).click();
    await dialogo.waitFor({ state: 'detached' });
    await fila(pq.codigo).getByText('Otro: Agitador detenido durante la noche').waitFor();
    await expect(fila(pq.codigo).getByText('Descartado', { exact: true }).count()).resolves.toBe(1);
  });

  it("with the results recorded, 'Liberar todo lo liberable' releases the other two", async () => {
    await gql(
      `mutation($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
      {
        id: donacion.id,
        input: {
          abo: 'A',
          rh: 'NEGATIVO',
          serologia: {
            hiv: false,
            hepB: false,
            hepC: false,
            vdrl: false,
            brucelosis: false,
            chagas: false,
            htlv: false,
          },
        },
      },
      admin.token,
    );
    await page.reload();
    await esperarCarga(page);
    const gr = unidad('GR1');
    await fila(gr.codigo).getByText('Nada: puede liberarse').waitFor();
    await page.getByRole('button', { name: 'Liberar todo lo liberable' }).click();
    await page.getByText('Se liberaron 2 unidades').waitFor();
    for (const u of [gr, unidad('PF1')]) {
      await fila(u.codigo).getByText('Liberado', { exact: true }).waitFor();
    }
    await screenshot(page, 'componentes-03-liberadas');
  });

  it("prints the donation's labels: identifier and barcode, group, no quarantine warning", async () => {
    const gr = unidad('GR1');
    const [descarga] = await Promise.all([
      page.waitForEvent('download'),
      fila(gr.codigo)
        .getByRole('button', { name: `Imprimir etiquetas de la donación N° ${donacion.numero}` })
        .click(),
    ]);
    const file = await leerDescarga(descarga);
    expect(file.name).toMatch(/^etiquetas-componentes-.+\.pdf$/);
    const [hoja, ...resto] = await readPdf(new Uint8Array(file.bytes));
    expect(resto).toHaveLength(0);
    // The discarded platelets are left out: two labels.
    expect(hoja.images).toHaveLength(2);
    const leidos = hoja.images.map((img) => decodeCode128(img.pixels)?.text).sort();
    expect(leidos).toEqual([gr.codigo, unidad('PF1').codigo].sort());
    const lineas = linesOf(hoja.texts).join('\n');
    expect(lineas).toContain(legible(gr.codigo));
    expect(lineas).toContain('Concentrado de glóbulos rojos');
    expect(lineas).toContain('RhD NEGATIVO');
    expect(lineas).toContain(`Producción: ${ddmmyyyy(hoyIso())}`);
    expect(lineas).toContain(`Instalación ${codigoInstalacion}`);
    expect(hoja.texts.filter((t) => t.text === 'A')).toHaveLength(2);
    expect(lineas).not.toContain('NO TRANSFUNDIR');
  });

  it("the donation's results screen shows its unit identifier and its components' states", async () => {
    await page.goto(`/donacion/${donacion.id}/donante/${donante.id}`);
    const grupo = page.getByRole('group', { name: 'Componentes de la donación' });
    await grupo.waitFor();
    const texto = await grupo.innerText();
    expect(texto).toContain('Concentrado de glóbulos rojos (liberado)');
    expect(texto).toContain('Concentrado de plaquetas (descartado)');
    const anio = hoyIso().slice(2, 4);
    await page.getByText(new RegExp(`Unidad ${codigoInstalacion} ${anio} `)).waitFor();
    await grupo.getByRole('link', { name: 'Ver en Componentes' }).click();
    await page.waitForURL('**/componentes');
    await tabla().waitFor();
  });

  it('the scanner field: an identifier typed with Enter selects that unit; a wrong one says why', async () => {
    const pf = unidad('PF1');
    const campo = page.getByRole('textbox', { name: 'Código de la unidad' });
    await campo.click();
    await page.keyboard.type(pf.codigo);
    await page.keyboard.press('Enter');
    const leida = page.getByRole('region', { name: 'Unidad leída' });
    await leida.getByText(`Plasma fresco congelado · ${legible(pf.codigo)}`).waitFor();
    await expect(fila(pf.codigo).getAttribute('aria-current')).resolves.toBe('true');
    await expect(campo.inputValue()).resolves.toBe('');
    await screenshot(page, 'componentes-04-escaner');

    const otro = pf.codigo.slice(0, -1) + (pf.codigo.endsWith('0') ? '1' : '0');
    await page.keyboard.type(otro);
    await page.keyboard.press('Enter');
    await page.getByText(MSG.codigoUnidadControl).waitFor();
  });
});
