/**
 * Every screen of SPEC section 2, with the data it needs: the accessibility, language and
 * layout suites walk this list.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  crearDonacionApi,
  crearDonanteApi,
  esperarCarga,
  gql,
  hoyIso,
  isoYearsAgo,
  registrarServicioApi,
} from './helpers';
import type { Cuenta } from './helpers';

/**
 * Whether the client registers the /cph screen yet (another issue delivers it). Until it
 * does, the CPH screen is left out of the screen walks and its journey is skipped.
 */
export const HAY_CPH = /cph/i.test(
  fs.readFileSync(path.resolve(__dirname, '..', '..', 'client', 'src', 'app', 'feature-routes.tsx'), 'utf8'),
);

export type Datos = {
  cuenta: Cuenta;
  donanteId: string;
  donanteDni: string;
  donacionId: string;
  donacionNumero: number;
  integranteId: string;
};

/** A service with a CPH-aged donor (with CPH data), a donation with results, and a member. */
export async function sembrar(prefix: string): Promise<Datos> {
  const cuenta = await registrarServicioApi(prefix);
  const dni = `3${String(Date.now()).slice(-7)}`;
  const donante = await crearDonanteApi(cuenta.token, {
    nombre: 'Begoña',
    apellido: 'Núñez',
    dni,
    fechaNacimiento: isoYearsAgo(30),
    domActual: 'Av. Colón',
    domActualAltura: '1500',
    localidadActual: 'Córdoba',
    ProvinciaActual: 'Córdoba',
    telefono: '351 555-1234',
    email: 'begona@example.com',
    lugarNacimiento: 'Río Cuarto',
    cph: {
      establecimientoLaboral: 'Escuela N° 5',
      telefonoLaboral: '351 444-0000',
      emailLaboral: 'escuela@example.com',
      contacto1: {
        Nombre: 'Ana',
        Apellido: 'Núñez',
        Telefono: '351 111-2222',
        Relacion: 'Hermana',
        Email: '',
      },
      contacto2: { Nombre: '', Apellido: '', Telefono: '', Relacion: '', Email: '' },
    },
  });
  const donacion = await crearDonacionApi(cuenta.token, donante.id);
  await gql(
    `mutation($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
    {
      id: donacion.id,
      input: {
        abo: 'O',
        rh: 'POSITIVO',
        serologia: {
          hiv: false,
          hepB: false,
          hepC: false,
          vdrl: false,
          brucelosis: false,
          chagas: true,
          htlv: false,
        },
      },
    },
    cuenta.token,
  );
  const { createIntegrante } = await gql<{ createIntegrante: { integrante: { id: string } } }>(
    `mutation($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
    {
      input: {
        nombre: 'Tomás',
        apellido: 'Ibáñez',
        username: `${cuenta.username}_t`,
        password: 'tecnico-123',
        password2: 'tecnico-123',
        rol: 'ROL_TECNICO',
        agentecph: true,
      },
    },
    cuenta.token,
  );
  return {
    cuenta,
    donanteId: donante.id,
    donanteDni: dni,
    donacionId: donacion.id,
    donacionNumero: donacion.numero,
    integranteId: createIntegrante.integrante.id,
  };
}

export type Pantalla = {
  name: string;
  path: (d: Datos) => string;
  /** Brings the screen to its interesting state once loaded (a search, an open section...). */
  prepare?: (page: Page, d: Datos) => Promise<void>;
  /** Screens seen signed out. */
  publica?: boolean;
};

const TODAS: Pantalla[] = [
  { name: 'login', path: () => '/auth/login', publica: true },
  { name: 'register', path: () => '/auth/register', publica: true },
  { name: 'recover', path: () => '/auth/recover', publica: true },
  {
    name: 'donantes',
    path: () => '/donantes?dni=&apellido=nunez&nombre=',
    prepare: async (page) => {
      await page.getByRole('table', { name: 'Donantes encontrados' }).waitFor();
    },
  },
  { name: 'donante-nuevo', path: () => '/donantes/nuevo' },
  {
    name: 'donante-editar',
    path: (d) => `/donantes/editar/${d.donanteId}`,
    prepare: async (page) => {
      await page.getByRole('textbox', { name: 'Establecimiento laboral' }).waitFor();
    },
  },
  {
    name: 'donaciones',
    path: () => `/donaciones?numero=&fecha=${hoyIso()}`,
    prepare: async (page) => {
      await page.getByRole('table', { name: 'Donaciones encontradas' }).waitFor();
    },
  },
  {
    // With no search in the address, the screen opens on today's donations.
    name: 'donaciones-hoy',
    path: () => '/donaciones',
    prepare: async (page) => {
      await page.getByRole('table', { name: 'Donaciones encontradas' }).waitFor();
    },
  },
  { name: 'donacion-nueva', path: (d) => `/donaciones/nueva/${d.donanteId}/` },
  {
    name: 'hemodos',
    path: (d) => `/donaciones/hemodos/${d.donanteId}/${d.donacionId}`,
    prepare: async (page, d) => {
      await page.getByRole('heading', { name: `Hemodonación N° ${d.donacionNumero}` }).waitFor();
    },
  },
  {
    name: 'donaciones-donante',
    path: (d) => `/donaciones/donante/${d.donanteId}`,
    prepare: async (page) => {
      await page.getByRole('table', { name: 'Donaciones del donante' }).waitFor();
    },
  },
  {
    name: 'donacion-resultados',
    path: (d) => `/donacion/${d.donacionId}/donante/${d.donanteId}`,
    prepare: async (page) => {
      await page.getByRole('form', { name: 'Resultados de la donación' }).waitFor();
    },
  },
  {
    // The doctor's queue: the seeded Chagas result awaits a decision.
    name: 'pendientes',
    path: () => '/pendientes',
    prepare: async (page) => {
      await page.getByRole('table', { name: 'Decisiones pendientes' }).waitFor();
    },
  },
  {
    // The components' production: the seeded donation waits to be split.
    name: 'componentes',
    path: () => '/componentes',
    prepare: async (page) => {
      // (Or the day's empty list, when Argentina's midnight fell between the seeding and now.)
      await page
        .getByRole('table', { name: 'Donaciones por fraccionar' })
        .or(page.getByText(/^No hay donaciones por fraccionar del/))
        .waitFor();
    },
  },
  {
    // The day's visits: the seeded donation made one that ended in it.
    name: 'visitas',
    path: () => '/visitas',
    prepare: async (page) => {
      await page
        .getByRole('table', { name: 'Visitas' })
        .or(page.getByText('No hay visitas ese día.'))
        .waitFor();
    },
  },
  {
    // The stock: empty for the seeded servicio (nothing released), with the units in transit.
    name: 'stock',
    path: () => '/stock',
    prepare: async (page) => {
      await page.getByRole('heading', { name: 'En tránsito' }).waitFor();
      await page.getByText(/No hay unidades en stock|unidades en total/).waitFor();
    },
  },
  {
    name: 'cph',
    path: () => '/cph',
    prepare: async (page, d) => {
      const dni = page.getByRole('textbox', { name: /DNI/ }).first();
      await dni.fill(d.donanteDni);
      await dni.press('Enter');
      await page.getByText('Núñez').first().waitFor();
    },
  },
  {
    name: 'planillas',
    path: () => '/planillas',
    prepare: async (page) => {
      await page.getByTestId('planilla-row').first().waitFor();
    },
  },
  { name: 'opciones-generales', path: () => '/opciones/generales' },
  { name: 'opciones-clave', path: () => '/opciones/clave' },
  {
    // The interview's questionnaire: the blank form's questions, editable by the administrator.
    name: 'opciones-cuestionario',
    path: () => '/opciones/cuestionario',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Guardar cuestionario' }).waitFor();
    },
  },
  {
    name: 'opciones-integrantes',
    path: () => '/opciones/integrantes',
    prepare: async (page) => {
      await page.getByRole('table', { name: 'Integrantes del servicio' }).waitFor();
    },
  },
  {
    name: 'opciones-integrante-editar',
    path: (d) => `/opciones/integrantes/editar/${d.integranteId}`,
    prepare: async (page) => {
      await page.getByRole('form', { name: 'Editar integrante' }).waitFor();
    },
  },
  {
    name: 'opciones-integrante-clave',
    path: (d) => `/opciones/integrantes/clave/${d.integranteId}`,
    prepare: async (page) => {
      await page.getByRole('form', { name: 'Cambiar clave del integrante' }).waitFor();
    },
  },
  {
    name: 'opciones-numeracion',
    path: () => '/opciones/numeracion',
    prepare: async (page) => {
      await page.getByRole('heading', { name: 'Números emitidos sin usar' }).waitFor();
      await page.getByRole('form', { name: 'Formato de etiquetas' }).waitFor();
    },
  },
  {
    name: 'opciones-auditoria',
    path: () => '/opciones/auditoria',
    prepare: async (page) => {
      await page.getByRole('table', { name: 'Registro de auditoría' }).waitFor();
    },
  },
];

/** Every screen of SPEC section 2 that the client has. */
export const PANTALLAS: Pantalla[] = TODAS.filter((p) => p.name !== 'cph' || HAY_CPH);

/** Opens a screen and waits until it has loaded; fails if the app redirected elsewhere. */
export async function abrir(page: Page, p: Pantalla, d: Datos): Promise<void> {
  const target = p.path(d);
  await page.goto(target);
  const pathname = target.split('?')[0];
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 10000, waitUntil: 'commit' });
  await page.locator('h1').first().waitFor();
  await esperarCarga(page);
  if (p.prepare) await p.prepare(page, d);
  await esperarCarga(page);
  // Let dialogs and overlays finish their exit animation.
  await page.waitForTimeout(250);
  expect(new URL(page.url()).pathname).toBe(pathname);
}
