/**
 * Compression and caching of every kind of answer, on a server that serves a real client build:
 * the static files pre-compressed at build time and chosen by Accept-Encoding, hashed assets kept
 * for good, the app's page revalidated, the planillas cacheable, API answers never stored and
 * compressed above the threshold; /robots.txt keeps crawlers out.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  CACHE_DAY,
  CACHE_IMMUTABLE,
  CACHE_REVALIDATE,
  COMPRESSION_THRESHOLD_BYTES,
  INICIO_COOKIE,
  ROBOTS_TXT,
} from '../../server/src/static-files';
import { registerServicio, Session, startTestServer, TestServer } from '../../server/src/test-utils/harness';
import { buildClient, firstPaintScripts, freshClientDist } from '../perf/bundle-size';

jest.setTimeout(120_000);

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

let server: TestServer;
let session: Session;
let clientDir: string;
let scratch: string;
const PLANILLA = 'hoja-en-blanco.pdf';

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hemoterapia-headers-'));
  // The client as `npm test` builds it; built here into a scratch folder when client/dist is stale.
  clientDir = freshClientDist() ?? path.join(scratch, 'dist');
  if (clientDir.startsWith(scratch)) buildClient(clientDir);
  const planillasDir = path.join(scratch, 'planillas');
  fs.mkdirSync(planillasDir);
  fs.writeFileSync(path.join(planillasDir, PLANILLA), `%PDF-1.4\n${'0'.repeat(4000)}\n%%EOF\n`);
  server = await startTestServer({ clientDir, planillasDir });
  session = await registerServicio(server);
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A request with exactly these headers (fetch would add and undo an Accept-Encoding of its own). */
function request(
  method: string,
  urlPath: string,
  headers: Record<string, string> = {},
  body?: string,
  target: TestServer = server,
): Promise<Answer> {
  const { hostname, port } = new URL(target.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path: urlPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

function decode(answer: Answer): Buffer {
  switch (answer.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(answer.body);
    case 'gzip':
      return zlib.gunzipSync(answer.body);
    case undefined:
      return answer.body;
    default:
      throw new Error(`codificación inesperada ${answer.headers['content-encoding']}`);
  }
}

const varies = (answer: Answer) =>
  String(answer.headers.vary ?? '')
    .toLowerCase()
    .includes('accept-encoding');

function postGraphql(query: string, headers: Record<string, string>, token?: string) {
  return request(
    'POST',
    '/graphql',
    {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    JSON.stringify({ query }),
  );
}

describe('the built client', () => {
  const entry = () => firstPaintScripts(fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8'))[0];

  test('a hashed asset: brotli or gzip as accepted, the same bytes, kept a year, revalidated by ETag', async () => {
    const file = `/${entry()}`;
    const original = fs.readFileSync(path.join(clientDir, file));
    const cases: [string | undefined, string | undefined][] = [
      ['br', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, expected] of cases) {
      const answer = await request('GET', file, accept === undefined ? {} : { 'accept-encoding': accept });
      expect({ accept, status: answer.status, encoding: answer.headers['content-encoding'] }).toEqual({
        accept,
        status: 200,
        encoding: expected,
      });
      expect(answer.headers['cache-control']).toBe(CACHE_IMMUTABLE);
      expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
      expect(varies(answer)).toBe(true);
      expect(decode(answer).equals(original)).toBe(true);
      if (expected === 'br') expect(answer.body.length).toBeLessThan(original.length / 2);
    }
    const first = await request('GET', file, { 'accept-encoding': 'br' });
    const again = await request('GET', file, {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect([again.status, again.body.length]).toEqual([304, 0]);
    // Each encoding is its own representation, with its own validator.
    const gzip = await request('GET', file, { 'accept-encoding': 'gzip' });
    expect(gzip.headers.etag).not.toBe(first.headers.etag);
    const head = await request('HEAD', file, { 'accept-encoding': 'br' });
    expect([head.status, head.headers['content-encoding'], head.body.length]).toEqual([200, 'br', 0]);
  });

  test('a script keeps the security headers that apply to it; the page and SVG keep them all', async () => {
    const script = await request('GET', `/${entry()}`, { 'accept-encoding': 'br' });
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['strict-transport-security']).toBeTruthy();
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    for (const document of ['/auth/login', '/favicon.svg']) {
      const answer = await request('GET', document, { 'accept-encoding': 'br' });
      expect({ document, csp: answer.headers['content-security-policy'] }).toEqual({
        document,
        csp: expect.stringContaining("default-src 'self'"),
      });
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('the app page (/, a screen, /index.html) is revalidated on every visit, compressed', async () => {
    const html = fs.readFileSync(path.join(clientDir, 'index.html'));
    for (const page of ['/', '/donantes', '/auth/login', '/index.html']) {
      const answer = await request('GET', page, { 'accept-encoding': 'br' });
      expect({ page, status: answer.status, cache: answer.headers['cache-control'] }).toEqual({
        page,
        status: 200,
        cache: CACHE_REVALIDATE,
      });
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(varies(answer)).toBe(true);
      expect(decode(answer).equals(html)).toBe(true);
      const again = await request('GET', page, {
        'accept-encoding': 'br',
        'if-none-match': String(answer.headers.etag),
      });
      expect({ page, status: again.status }).toEqual({ page, status: 304 });
    }
  });

  test('with the session cookie the page also preloads the shell and, at home, its screen', async () => {
    const lists = JSON.parse(
      fs.readFileSync(path.join(clientDir, '.vite', 'preload-sesion.json'), 'utf8'),
    ) as Record<string, string[]>;
    expect(lists.sesion?.length).toBeGreaterThan(0);
    expect(lists['/donantes']?.length).toBeGreaterThan(0);
    for (const file of [...lists.sesion, ...lists['/donantes']]) {
      expect(fs.existsSync(path.join(clientDir, file))).toBe(true);
    }
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const built = preloads(fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8'));
    const plain = await request('GET', '/donantes', { 'accept-encoding': 'br' });
    const cases: [string, string, string[]][] = [
      ['/donantes', '%2Fdonantes', [...lists.sesion, ...lists['/donantes']]],
      ['/', '%2Fdonantes', [...lists.sesion, ...lists['/donantes']]],
      ['/donaciones', '%2Fdonantes', lists.sesion],
      ['/red', '%2Fred', lists.sesion],
      ['/donantes', '%2Fred', lists.sesion],
    ];
    for (const [page, cookie, extra] of cases) {
      const headers = { 'accept-encoding': 'br', cookie: `otra=1; ${INICIO_COOKIE}=${cookie}` };
      const answer = await request('GET', page, headers);
      expect({ page, cookie, status: answer.status, cache: answer.headers['cache-control'] }).toEqual({
        page,
        cookie,
        status: 200,
        cache: CACHE_REVALIDATE,
      });
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(String(answer.headers.vary).toLowerCase()).toMatch(/accept-encoding/);
      expect(String(answer.headers.vary).toLowerCase()).toMatch(/cookie/);
      // The page's own security headers, its policy included.
      expect(answer.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
      expect({ page, cookie, preloads: preloads(decode(answer).toString('utf8')) }).toEqual({
        page,
        cookie,
        preloads: [...built, ...new Set(extra)],
      });
      expect(answer.headers.etag).not.toBe(plain.headers.etag);
      const again = await request('GET', page, { ...headers, 'if-none-match': String(answer.headers.etag) });
      expect({ page, status: again.status }).toEqual({ page, status: 304 });
      // Without the cookie the same ETag no longer matches: the page as built.
      const signedOut = await request('GET', page, {
        'accept-encoding': 'br',
        'if-none-match': String(answer.headers.etag),
      });
      expect(signedOut.status).toBe(200);
      expect(preloads(decode(signedOut).toString('utf8'))).toEqual(built);
    }
    // A cookie that cannot be decoded, or an empty one, changes nothing.
    for (const cookie of [`${INICIO_COOKIE}=%E0%A4%A`, `${INICIO_COOKIE}=`]) {
      const answer = await request('GET', '/donantes', { 'accept-encoding': 'br', cookie });
      expect(preloads(decode(answer).toString('utf8'))).toEqual(built);
    }
  });

  test('an unhashed public file (favicon) is kept a day and compressed', async () => {
    const answer = await request('GET', '/favicon.svg', { 'accept-encoding': 'gzip, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe(CACHE_DAY);
    expect(answer.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(decode(answer).equals(fs.readFileSync(path.join(clientDir, 'favicon.svg')))).toBe(true);
  });

  test('the compressed files are not served by their own names, nor the build manifest', async () => {
    const file = `/${entry()}`;
    for (const urlPath of [`${file}.br`, `${file}.gz`, '/index.html.br', '/.vite/manifest.json']) {
      const answer = await request('GET', urlPath, { 'accept-encoding': 'br' });
      // The app's page (history-API fallback), never the file.
      expect({ urlPath, type: answer.headers['content-type'] }).toEqual({
        urlPath,
        type: expect.stringMatching(/^text\/html/),
      });
      expect(answer.headers['cache-control']).toBe(CACHE_REVALIDATE);
    }
  });

  test('a byte range of a compressed asset is of the encoding sent, and a range past its end is a 416', async () => {
    const file = `/${entry()}`;
    const br = fs.readFileSync(path.join(clientDir, `${file}.br`));
    const part = await request('GET', file, { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect([part.status, part.headers['content-encoding']]).toEqual([206, 'br']);
    expect(part.body.equals(br.subarray(0, 10))).toBe(true);
    const past = await request('GET', file, { 'accept-encoding': 'br', range: 'bytes=999999999-' });
    expect(past.status).toBe(416);
    expect(past.headers['content-encoding']).toBeUndefined();
    expect(past.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(past.body.toString('utf8')).errors).toHaveLength(1);
  });
});

test('a new build written while the server runs is served within a second', async () => {
  const dir = path.join(scratch, 'rebuilt');
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(text));
  };
  const page = (script: string) =>
    `<!doctype html><script type="module" src="/${script}"></script>${' '.repeat(2000)}`;
  write('assets/a-1111.js', `console.log('a');${' '.repeat(2000)}`);
  write('index.html', page('assets/a-1111.js'));
  const other = await startTestServer({ clientDir: dir, sameDatabaseAs: server });
  try {
    const first = await request('GET', '/assets/a-1111.js', { 'accept-encoding': 'br' }, undefined, other);
    expect([first.status, first.headers['cache-control']]).toEqual([200, CACHE_IMMUTABLE]);
    // The next build: new names, index.html rewritten (later than the first by its mtime).
    write('assets/b-2222.js', `console.log('b');${' '.repeat(2000)}`);
    write('index.html', page('assets/b-2222.js'));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(dir, 'index.html'), later, later);
    await new Promise((r) => setTimeout(r, 1100));
    const script = await request('GET', '/assets/b-2222.js', { 'accept-encoding': 'br' }, undefined, other);
    expect([script.status, script.headers['cache-control'], script.headers['content-encoding']]).toEqual([
      200,
      CACHE_IMMUTABLE,
      'br',
    ]);
    expect(decode(script).toString('utf8')).toMatch(/^console\.log\('b'\)/);
    const html = await request('GET', '/donantes', { 'accept-encoding': 'br' }, undefined, other);
    expect(decode(html).toString('utf8')).toContain('assets/b-2222.js');
  } finally {
    await other.close();
  }
});

test('a blank planilla is cacheable for a day and revalidated by ETag; a missing one is a 404', async () => {
  const answer = await request('GET', `/planillas/${PLANILLA}`, { 'accept-encoding': 'br' });
  expect(answer.status).toBe(200);
  expect(answer.headers['cache-control']).toBe(CACHE_DAY);
  expect(answer.headers['content-type']).toBe('application/pdf');
  expect(answer.headers.etag).toBeTruthy();
  const again = await request('GET', `/planillas/${PLANILLA}`, {
    'if-none-match': String(answer.headers.etag),
  });
  expect(again.status).toBe(304);
  const missing = await request('GET', '/planillas/no-existe.pdf');
  expect([missing.status, missing.headers['cache-control']]).toEqual([404, 'no-store']);
});

test('/robots.txt keeps every crawler out, as plain text', async () => {
  const answer = await request('GET', '/robots.txt');
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain/);
  expect(answer.body.toString('utf8')).toBe(ROBOTS_TXT);
  expect(ROBOTS_TXT).toBe('User-agent: *\nDisallow: /\n');
});

describe('API answers: never stored, compressed above the threshold', () => {
  const SCHEMA = `{ __schema { types { name fields { name } } } }`;

  test('/graphql (POST and GET)', async () => {
    const big = await postGraphql(SCHEMA, { 'accept-encoding': 'br' }, session.token);
    expect([big.status, big.headers['content-encoding'], big.headers['cache-control']]).toEqual([
      200,
      'br',
      'no-store',
    ]);
    expect(JSON.parse(decode(big).toString('utf8')).data.__schema.types.length).toBeGreaterThan(10);
    const gzip = await postGraphql(SCHEMA, { 'accept-encoding': 'gzip' }, session.token);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip).equals(decode(big))).toBe(true);
    // Below the threshold, or for a caller that accepts no encoding: as it is.
    const small = await postGraphql('{ __typename }', { 'accept-encoding': 'br' });
    expect(small.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect([small.headers['content-encoding'], small.headers['cache-control']]).toEqual([
      undefined,
      'no-store',
    ]);
    const plain = await postGraphql(SCHEMA, {}, session.token);
    expect([plain.headers['content-encoding'], plain.headers['cache-control']]).toEqual([
      undefined,
      'no-store',
    ]);
    expect(plain.body.equals(decode(big))).toBe(true);

    const search = new URLSearchParams({ query: SCHEMA });
    const get = await request('GET', `/graphql?${search}`, {
      'accept-encoding': 'gzip, br',
      'apollo-require-preflight': 'true',
      authorization: `Bearer ${session.token}`,
    });
    expect([get.status, get.headers['content-encoding'], get.headers['cache-control']]).toEqual([
      200,
      'br',
      'no-store',
    ]);
  });

  test('/api: the OpenAPI document and a refusal', async () => {
    const doc = await request('GET', '/api/openapi.json', { 'accept-encoding': 'br' });
    expect([doc.status, doc.headers['content-encoding'], doc.headers['cache-control']]).toEqual([
      200,
      'br',
      'no-store',
    ]);
    expect(doc.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(decode(doc).toString('utf8')).openapi).toMatch(/^3\./);
    const refused = await request('GET', '/api/donante/00000000-0000-4000-8000-000000000000', {
      'accept-encoding': 'br',
    });
    expect([refused.status, refused.headers['cache-control']]).toEqual([401, 'no-store']);
  });

  test('/healthz', async () => {
    const answer = await request('GET', '/healthz', { 'accept-encoding': 'br' });
    expect([answer.status, answer.headers['cache-control'], answer.headers['content-encoding']]).toEqual([
      200,
      'no-store',
      undefined,
    ]);
    expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ status: 'ok' });
  });
});
