/**
 * A member forgot their password: the forgot-password screen sends them to the administrator, who
 * sets a new one in Opciones > Integrantes ('Cambiar clave'). The member's open session ends at
 * its next request, the old password no longer signs in, the new one does, and the audit trail
 * records that it was set without the password.
 *
 * One page: the browser's contexts share their storage here, so the member's session opened
 * before the reset is kept aside and put back, as their own browser would still hold it.
 */
import type { Browser, Page } from 'playwright-core';
import { MSG } from '../../server/src/domain/messages';
import { launchBrowser, newPage, screenshot } from './browser';
import { gql, ingresar, registrarServicioApi, salir, unique } from './helpers';
import type { Cuenta } from './helpers';

jest.setTimeout(120000);

describe('recorrido: el administrador asigna una clave nueva a un integrante', () => {
  let browser: Browser;
  let page: Page;
  let admin: Cuenta;
  /** What the member's browser stored when they signed in before the reset. */
  let sesionVieja: { token: string; usuario: string };
  const miembro = {
    id: '',
    nombre: 'Lucía',
    apellido: 'Benítez',
    username: unique('med'),
    vieja: 'clave-vieja-1',
    nueva: 'clave-nueva-2',
  };

  beforeAll(async () => {
    admin = await registrarServicioApi('clv');
    const data = await gql<{ createIntegrante: { integrante: { id: string } } }>(
      `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
      {
        input: {
          nombre: miembro.nombre,
          apellido: miembro.apellido,
          username: miembro.username,
          password: miembro.vieja,
          password2: miembro.vieja,
          rol: 'ROL_MEDICO',
        },
      },
      admin.token,
    );
    miembro.id = data.createIntegrante.integrante.id;
    browser = await launchBrowser();
    page = await newPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('the member has a session open with the old password', async () => {
    await ingresar(page, miembro.username, miembro.vieja);
    sesionVieja = await page.evaluate(() => ({
      token: localStorage.getItem('token') ?? '',
      usuario: localStorage.getItem('usuario') ?? '',
    }));
    expect(sesionVieja.token).not.toBe('');
    await salir(page);
  });

  it("'¿Olvidó su clave?' says the administrator sets a new one in Opciones › Integrantes", async () => {
    await page.getByRole('link', { name: '¿Olvidó su clave?' }).click();
    await page.waitForURL('**/auth/recover');
    const texto = await page.getByRole('listitem').filter({ hasText: 'Si es integrante' }).innerText();
    expect(texto.replace(/\s+/g, ' ')).toContain(
      "el administrador de su servicio le asigna una clave nueva en Opciones › Integrantes, con el botón 'Cambiar clave' de su fila.",
    );
  });

  it("the administrator sets it from the member's row in Opciones › Integrantes", async () => {
    await ingresar(page, admin.username, admin.password);
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Integrantes' })
      .click();
    await page.waitForURL('**/opciones/integrantes');
    await page.getByRole('link', { name: `Cambiar clave de ${miembro.apellido}, ${miembro.nombre}` }).click();
    await page.waitForURL(`**/opciones/integrantes/clave/${miembro.id}`);
    const form = page.getByRole('form', { name: 'Cambiar clave del integrante' });
    await page
      .getByText(`Clave nueva para ${miembro.apellido}, ${miembro.nombre} (usuario ${miembro.username})`)
      .waitFor();
    // The form checks the rules before sending anything.
    await form.getByLabel(/^Clave nueva/).fill('corta');
    await form.getByLabel(/^Repetir clave nueva/).fill('corta');
    await form.getByRole('button', { name: 'Cambiar clave' }).click();
    await form.getByText(MSG.claveCorta).first().waitFor();
    await form.getByLabel(/^Clave nueva/).fill(miembro.nueva);
    await form.getByLabel(/^Repetir clave nueva/).fill(miembro.nueva);
    await form.getByRole('button', { name: 'Cambiar clave' }).click();
    await page.getByTestId('toast').filter({ hasText: MSG.claveIntegranteAsignada }).waitFor();
    await page.waitForURL('**/opciones/integrantes');
    await screenshot(page, 'clave-integrante-asignada');
  });

  it("the member's open session ends at its next request", async () => {
    await salir(page);
    await page.evaluate(({ token, usuario }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('usuario', usuario);
    }, sesionVieja);
    await page.goto('/donaciones');
    await page.waitForURL('**/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await gql(`{ me { id } }`, {}, sesionVieja.token).catch((e: Error) => e.message)).toContain(
      'UNAUTHENTICATED',
    );
  });

  it('the old password no longer signs in; the new one does', async () => {
    await page.getByLabel('Usuario').fill(miembro.username);
    await page.getByLabel('Clave').fill(miembro.vieja);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('alert').filter({ hasText: MSG.credencialesInvalidas }).waitFor();
    expect(page.url()).toContain('/auth/login');
    await ingresar(page, miembro.username, miembro.nueva);
  });

  it('the audit trail says the password was set, by whom, never what it is', async () => {
    const data = await gql<{
      auditoria: { items: { accion: string; autor: string | null; cambios: unknown }[] };
    }>(
      `query ($f: AuditoriaFilter) { auditoria(filter: $f) { items { accion autor cambios } } }`,
      { f: { entidad: 'usuario', entidadId: miembro.id } },
      admin.token,
    );
    const clave = data.auditoria.items.filter((e) => e.accion === 'clave');
    expect(clave).toHaveLength(1);
    expect(clave[0].cambios).toEqual({ clave: 'asignada' });
    expect(JSON.stringify(data)).not.toContain(miembro.nueva);
    expect(JSON.stringify(data)).not.toContain('argon2');
  });
});
