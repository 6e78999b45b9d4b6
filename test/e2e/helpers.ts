/**
 * Shared steps of the browser suites: seeding data through the GraphQL API (fast and
 * independent of the screens under test), signing in through the UI, and the checks every
 * screen must pass (axe-core, Spanish-only text, no horizontal overflow, PDFs produced).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Download, Page } from 'playwright-core';
import { todayIso } from '../../server/src/domain/dates';
import { baseUrl } from './browser';

const AXE_PATH = path.resolve(__dirname, '..', '..', 'node_modules', 'axe-core', 'axe.min.js');

export const CLAVE = 'clave-segura-1';

/** A unique suffix per test file run (usernames are unique across the installation). */
export function unique(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

type GqlResult<T> = { data?: T; errors?: { message: string; extensions?: unknown }[] };

/** One GraphQL call to the server under test; throws on errors. */
export async function gql<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const res = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as GqlResult<T>;
  if (body.errors?.length) throw new Error(`GraphQL: ${JSON.stringify(body.errors)}`);
  return body.data as T;
}

export type Cuenta = { nombre: string; username: string; password: string; token: string; id: string };

/** Registers a service through the API (for suites whose subject is not registration). */
export async function registrarServicioApi(prefix = 'e2e'): Promise<Cuenta> {
  const username = unique(prefix);
  const nombre = `Hemoterapia Hospital ${username}`;
  const data = await gql<{ register: { token: string; usuario: { id: string } } }>(
    `mutation($input: RegisterInput!) { register(input: $input) { token usuario { id } } }`,
    {
      input: {
        nombre,
        username,
        email: `${username}@example.com`,
        password: CLAVE,
        password2: CLAVE,
      },
    },
  );
  return { nombre, username, password: CLAVE, token: data.register.token, id: data.register.usuario.id };
}

/** An ISO date (YYYY-MM-DD) `years` years and `days` days before today (local time). */
export function isoYearsAgo(years: number, days = 0): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() - days);
  return isoOf(d);
}

export function isoOf(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** 'YYYY-MM-DD' -> 'DD/MM/YYYY' */
export function ddmmyyyy(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** Today as the app sees it (in the domain's TIME_ZONE). */
export function hoyIso(): string {
  return todayIso();
}

export type DonanteSeed = { id: string; nombre: string; apellido: string; dni: string };

export async function crearDonanteApi(
  token: string,
  input: { nombre: string; apellido: string; dni: string; fechaNacimiento: string } & Record<string, unknown>,
): Promise<DonanteSeed> {
  const data = await gql<{ createDonante: DonanteSeed }>(
    `mutation($input: DonanteInput!) { createDonante(input: $input) { id nombre apellido dni } }`,
    { input },
    token,
  );
  return data.createDonante;
}

export type DonacionSeed = { id: string; numero: number; fecha: string; hora: string };

export async function crearDonacionApi(
  token: string,
  donanteId: string,
  extra: Record<string, unknown> = {},
): Promise<DonacionSeed> {
  const { nextEtiquetaNumero: numero } = await gql<{ nextEtiquetaNumero: number }>(
    `mutation { nextEtiquetaNumero }`,
    {},
    token,
  );
  const data = await gql<{ createDonacion: DonacionSeed }>(
    `mutation($input: CreateDonacionInput!) { createDonacion(input: $input) { id numero fecha hora } }`,
    {
      input: {
        donanteId,
        numero,
        fecha: hoyIso(),
        hora: '09:30',
        loteBolsa: 'L-2025-01',
        tipoBolsa: 'Bolsa Doble',
        sv: { tas: 120, tad: 80, fc: 72, peso: 70, temp: 36.5, hb: 14, hto: 42 },
        ...extra,
      },
    },
    token,
  );
  return data.createDonacion;
}

/** Every marker of the spec's serology tested and negative (ResultadosDonacionInput.serologia). */
export const SEROLOGIA_NEGATIVA = {
  hiv: false,
  hepB: false,
  hepC: false,
  vdrl: false,
  brucelosis: false,
  chagas: false,
  htlv: false,
};

/** A new ROL_MEDICO member of `cuenta`'s servicio, signed in through the API: its token. */
export async function crearMedicoApi(
  cuenta: Cuenta,
  datos: { nombre: string; apellido: string; username: string },
): Promise<string> {
  await gql(
    `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
    { input: { ...datos, password: CLAVE, password2: CLAVE, rol: 'ROL_MEDICO' } },
    cuenta.token,
  );
  const { login } = await gql<{ login: { token: string } }>(
    `mutation ($input: LoginInput!) { login(input: $input) { token } }`,
    { input: { username: datos.username, password: CLAVE } },
  );
  return login.token;
}

/** A blood component as the journeys read it. */
export type UnidadSeed = { id: string; codigo: string; tipo: string };

/**
 * Splits a donation (its default split), records its group and negative serology, and releases
 * what it can, as a doctor (`token`): the released units.
 */
export async function producirYLiberarApi(
  token: string,
  donacionId: string,
  abo: string,
  rh: string,
): Promise<UnidadSeed[]> {
  const { fraccionarDonacion } = await gql<{ fraccionarDonacion: UnidadSeed[] }>(
    `mutation ($id: ID!) { fraccionarDonacion(donacionId: $id) { id codigo tipo } }`,
    { id: donacionId },
    token,
  );
  await gql(
    `mutation($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
    { id: donacionId, input: { abo, rh, serologia: SEROLOGIA_NEGATIVA } },
    token,
  );
  const { liberarComponentes } = await gql<{ liberarComponentes: { liberados: UnidadSeed[] } }>(
    `mutation ($ids: [ID!]!) { liberarComponentes(ids: $ids) { liberados { id codigo tipo } } }`,
    { ids: fraccionarDonacion.map((u) => u.id) },
    token,
  );
  return liberarComponentes.liberados;
}

/** Signs in through the login screen and waits for the donors screen. */
export async function ingresar(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Clave').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL('**/donantes');
}

export async function salir(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Salir' }).click();
  await page.waitForURL('**/auth/login');
}

/** Waits until no loading overlay / spinner is on screen. */
export async function esperarCarga(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, {
    timeout: 15000,
  });
}

export type AxeViolation = { id: string; impact: string; help: string; nodes: string[] };

/**
 * Runs axe-core on the page and returns the serious and critical violations. First waits (up to
 * 3 s) for the page's finite transitions and animations to end: a button fading in from disabled
 * has, halfway, the contrast of neither state, and axe would measure that.
 */
export async function axeSerious(page: Page): Promise<AxeViolation[]> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  const loaded = await page.evaluate(
    () => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined',
  );
  // Evaluated rather than added as a <script>: the app's CSP forbids inline scripts.
  if (!loaded) await page.evaluate(fs.readFileSync(AXE_PATH, 'utf8'));
  return page.evaluate(async () => {
    type AxeResult = {
      violations: {
        id: string;
        impact: string;
        help: string;
        nodes: { target: string[]; html: string; failureSummary?: string }[];
      }[];
    };
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResult> } })
      .axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes
          .slice(0, 5)
          .map(
            (n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${(n.failureSummary ?? '').slice(0, 200)}`,
          ),
      }));
  });
}

/** English words that must not appear in a Spanish interface. */
export const ENGLISH_WORDS = [
  'Submit',
  'Loading',
  'Cancel',
  'Close',
  'Error:',
  'Search',
  'Next',
  'Previous',
  'Save',
  'Delete',
  'Edit',
  'Required',
  'Logout',
  'Login',
  'Sign in',
  'Sign out',
  'Password',
  'Username',
  'Back',
  'Yes',
  'No results',
  'Not found',
  'Something went wrong',
  'Select',
  'Download',
  'Print',
  'Page',
  'Open menu',
  'Toggle',
];

/**
 * English words in the visible text and in the accessible names a screen reader speaks
 * (aria-label, title, placeholder, alt). Returns the offending words with some context.
 */
export async function englishText(page: Page): Promise<string[]> {
  return page.evaluate((words) => {
    const texts: string[] = [document.body.innerText];
    for (const el of Array.from(document.querySelectorAll('[aria-label],[title],[placeholder],[alt]'))) {
      for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(attr);
        if (v) texts.push(v);
      }
    }
    const all = texts.join('\n');
    const found: string[] = [];
    for (const w of words) {
      const re = new RegExp(`(^|[^\\p{L}])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^\\p{L}]|$)`, 'u');
      const m = re.exec(all);
      if (m) found.push(`${w}: …${all.slice(Math.max(0, m.index - 30), m.index + 40).replace(/\n/g, ' ')}…`);
    }
    return found;
  }, ENGLISH_WORDS);
}

/** True when the page does not scroll sideways. */
export async function sinDesbordeHorizontal(
  page: Page,
): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
}

/**
 * Records every Blob the app turns into an object URL (the PDFs it opens in a new tab), and
 * replaces window.open so the single-process Chromium does not have to open tabs for them.
 * Call before the first navigation of the page.
 */
export async function capturarBlobs(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __blobs: Blob[]; __abiertas: string[] };
    w.__blobs = [];
    w.__abiertas = [];
    const original = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (obj: Blob | MediaSource) => {
      // Documents only: the PDF library also makes blob URLs for its own scripts.
      if (obj instanceof Blob && !/javascript/.test(obj.type)) w.__blobs.push(obj);
      return original(obj);
    };
    window.open = ((url?: string | URL) => {
      w.__abiertas.push(String(url ?? ''));
      return { closed: false, close() {}, focus() {} } as unknown as Window;
    }) as typeof window.open;
  });
}

/** How many blobs were captured so far. */
export async function blobCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __blobs: Blob[] }).__blobs.length);
}

/** Waits for a new captured blob after `before` and returns its type, size and first bytes. */
export async function nuevoBlob(
  page: Page,
  before: number,
  timeout = 30000,
): Promise<{ type: string; size: number; head: string; pages: number }> {
  await page.waitForFunction((n) => (window as unknown as { __blobs: Blob[] }).__blobs.length > n, before, {
    timeout,
  });
  return page.evaluate(async (n) => {
    const blob = (window as unknown as { __blobs: Blob[] }).__blobs[n];
    const text = new TextDecoder('latin1').decode(await blob.arrayBuffer());
    const pages = (text.match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    return { type: blob.type, size: blob.size, head: text.slice(0, 5), pages };
  }, before);
}

/** Reads a Playwright download and returns its name and first bytes. */
export async function leerDescarga(
  download: Download,
): Promise<{ name: string; head: string; bytes: Buffer }> {
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  return { name: download.suggestedFilename(), head: bytes.subarray(0, 5).toString('latin1'), bytes };
}

/** Today as 'DD-MM-YYYY' (the register book's file name). */
export function hoyGuiones(): string {
  const [y, m, d] = hoyIso().split('-');
  return `${d}-${m}-${y}`;
}
