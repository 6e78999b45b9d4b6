import http from 'node:http';
import { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { apiAnswerChecker, compileEveryAnswer, RestAnswer, undocumented } from './openapi-check';

const answer = (over: Partial<RestAnswer> & { json?: unknown }): RestAnswer => ({
  method: 'GET',
  url: '/donacion/search?numero=1',
  status: 200,
  contentType: 'application/json; charset=utf-8',
  body: Buffer.from(JSON.stringify(over.json ?? { donaciones: [] })),
  ...over,
});

const donacion = {
  _id: 'd',
  uid: 'u',
  numero: 7,
  fecha: '20250101',
  hora: '09:30',
  servicio: 's',
  nombre: 'Juan',
  apellido: 'Pérez',
  sv: '{}',
  exclusionTiempo: null,
};

describe('undocumented: an answer against the OpenAPI document', () => {
  it('can check every answer the document lists (its schemas compile, strict)', () => {
    expect(compileEveryAnswer()).toBeGreaterThan(100);
  });

  it('accepts a documented answer, with a null exclusionTiempo', () => {
    expect(undocumented(answer({ json: { donaciones: [donacion], total: 1 } }))).toBeNull();
    expect(undocumented(answer({ url: '/donacion/D1', json: [donacion] }))).toBeNull();
  });

  it('refuses a status the route does not document', () => {
    expect(undocumented(answer({ status: 409, json: { errors: [{ msg: 'x' }] } }))).toMatch(
      /estado no documentado para GET \/donacion\/search/,
    );
  });

  it('refuses another content type', () => {
    expect(undocumented(answer({ contentType: 'text/html; charset=utf-8' }))).toMatch(
      /tipo de contenido text\/html/,
    );
  });

  it('refuses a body off the schema: a wrong type, a missing or an undocumented property', () => {
    expect(undocumented(answer({ json: { donaciones: [{ ...donacion, exclusionTiempo: '90' }] } }))).toMatch(
      /exclusionTiempo/,
    );
    expect(undocumented(answer({ json: { total: 1 } }))).toMatch(/donaciones/);
    expect(undocumented(answer({ json: { donaciones: [{ ...donacion, nuevo: 1 }] } }))).toMatch(/nuevo/);
  });

  it('takes a path no route takes as answering 404 or the answers of every request', () => {
    const errors = { json: { errors: [{ msg: 'No encontrado' }] } };
    expect(undocumented(answer({ url: '/no-existe', status: 404, ...errors }))).toBeNull();
    expect(undocumented(answer({ method: 'PATCH', url: '/donante/x', status: 404, ...errors }))).toBeNull();
    expect(undocumented(answer({ url: '/no-existe', status: 200 }))).toMatch(/ruta no documentada/);
  });

  it('matches as the router does: a trailing slash and the case of a path do not matter', () => {
    const sesion = { json: { errors: [{ msg: 'x' }] }, status: 401 };
    expect(undocumented(answer({ method: 'POST', url: '/donante', ...sesion }))).toBeNull();
    expect(undocumented(answer({ url: '/Donacion/Search/', json: { donaciones: [] } }))).toBeNull();
  });
});

describe('apiAnswerChecker on a server', () => {
  it('finds an undocumented answer of /api, compressed or not, and leaves other paths alone', async () => {
    const checker = apiAnswerChecker();
    const server = http.createServer((req, res) => {
      checker.watch(req, res);
      const text = JSON.stringify({ donaciones: 'no es una lista' });
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/api/donacion/search?gzip')) {
        res.setHeader('content-encoding', 'gzip');
        const zipped = zlib.gzipSync(text);
        res.write(zipped.subarray(0, 5));
        res.end(zipped.subarray(5));
      } else {
        res.end(text);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await (await fetch(`${base}/api/donacion/search`)).text();
      await (await fetch(`${base}/api/donacion/search?gzip`)).text();
      await (await fetch(`${base}/graphql`)).text();
      const found = checker.take();
      expect(found).toHaveLength(2);
      for (const problem of found) expect(problem).toMatch(/\/donaciones must be array/);
      expect(checker.take()).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
