import http from 'node:http';
import zlib from 'node:zlib';
import { MSG } from '../domain/messages';
import { registerServicio, startTestServer, TestServer } from '../test-utils/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A raw HTTP request (fetch cannot send a chunked body without a length, nor skip headers). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | string[],
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    for (const part of Array.isArray(body) ? body : body === undefined ? [] : [body]) req.write(part);
    req.end();
  });
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const typename = JSON.stringify({ query: '{ __typename }' });

describe('/graphql', () => {
  it('answers with the same security headers as every other route, and the request id', async () => {
    const post = await raw('POST', '/graphql', { ...JSON_HEADERS, 'x-request-id': 'pedido-123' }, typename);
    expect(post.status).toBe(200);
    expect(JSON.parse(post.text)).toEqual({ data: { __typename: 'Query' } });
    expect(post.headers['x-request-id']).toBe('pedido-123');
    const other = await raw('GET', '/healthz', {});
    for (const name of [
      'content-security-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
    ]) {
      expect([name, post.headers[name]]).toEqual([name, other.headers[name]]);
      expect(post.headers[name]).toBeTruthy();
    }
    expect(post.headers['x-powered-by']).toBeUndefined();
    // A malformed request id is replaced by a generated one.
    const odd = await raw('POST', '/graphql', { ...JSON_HEADERS, 'x-request-id': 'a b<script>' }, typename);
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a body over 200 kB with 413, declared or streamed, and runs nothing', async () => {
    const big = JSON.stringify({ query: `{ __typename } # ${'x'.repeat(210 * 1024)}` });
    const declared = await raw('POST', '/graphql', JSON_HEADERS, big);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text)).toEqual({ errors: [{ msg: MSG.cuerpoDemasiadoGrande }] });
    const chunked = await raw('POST', '/graphql', { ...JSON_HEADERS, 'transfer-encoding': 'chunked' }, [
      big.slice(0, 100_000),
      big.slice(100_000),
    ]);
    expect(chunked.status).toBe(413);
  });

  it('refuses what is not a JSON object or array with the Spanish message', async () => {
    for (const body of ['{"query": ', '"{ __typename }"', '42', 'null']) {
      const res = await raw('POST', '/graphql', JSON_HEADERS, body);
      expect([body, res.status]).toEqual([body, 400]);
      expect(JSON.parse(res.text)).toEqual({ errors: [{ msg: MSG.datosInvalidos }] });
    }
  });

  it('refuses text that cannot be stored, in the body or the query string', async () => {
    const nul = await raw(
      'POST',
      '/graphql',
      JSON_HEADERS,
      JSON.stringify({ query: '{ __typename }', x: 'a\u0000' }),
    );
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.text).errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const inQuery = await raw('POST', '/graphql?x=%00', JSON_HEADERS, typename);
    expect(inQuery.status).toBe(400);
  });

  it('serves signed-in and anonymous requests as before', async () => {
    const s = await registerServicio(server);
    const me = await server.gql<{ me: { id: string } }>('{ me { id } }', {}, s.token);
    expect(me.data?.me.id).toBe(s.uid);
    const anon = await server.gql('{ me { id } }');
    expect(anon.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('serves every method and content type on the one path, with the same headers', async () => {
    const text = await raw('POST', '/graphql', { 'content-type': 'text/plain' }, typename);
    // Apollo's own check refuses it (a simple request: possible CSRF).
    expect(text.status).toBe(400);
    expect(JSON.parse(text.text).errors[0]).toMatchObject({
      message: MSG.datosInvalidos,
      extensions: { code: 'BAD_REQUEST' },
    });
    const get = await raw('GET', '/graphql?query=%7B__typename%7D', {
      'apollo-require-preflight': 'true',
    });
    expect(get.status).toBe(200);
    expect(JSON.parse(get.text)).toEqual({ data: { __typename: 'Query' } });
    // A compressed body is inflated by the same JSON parser as /api's.
    const gzip = await new Promise<http.IncomingMessage & { text?: string }>((resolve, reject) => {
      const url = new URL('/graphql', server.url);
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { ...JSON_HEADERS, 'content-encoding': 'gzip' },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve(Object.assign(res, { text: body })));
        },
      );
      req.on('error', reject);
      req.end(zlib.gzipSync(typename));
    });
    expect(gzip.statusCode).toBe(200);
    expect(JSON.parse(gzip.text ?? '')).toEqual({ data: { __typename: 'Query' } });
    for (const answer of [text.headers, get.headers, gzip.headers]) {
      expect(answer['cache-control']).toBe('no-store');
      expect(answer['content-security-policy']).toBeTruthy();
      expect(answer['x-request-id']).toBeTruthy();
    }
  });
});
