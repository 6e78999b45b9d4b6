import { Router } from 'express';
import { createRestRouter } from '../../server/src/rest/router';
import { openApiDocument } from '../../server/src/rest/openapi';
import type { Services } from '../../server/src/services';
import { startTestServer, TestServer } from '../../server/src/test-utils/harness';

type Layer = { route?: { path: string; methods: Record<string, boolean> } };

/** 'METHOD /path/{param}' for every route the router registers. */
function registeredRoutes(router: Router): string[] {
  const out: string[] = [];
  for (const layer of (router as unknown as { stack: Layer[] }).stack) {
    if (!layer.route) continue;
    const path = layer.route.path.replace(/:(\w+)/g, '{$1}');
    for (const [method, on] of Object.entries(layer.route.methods)) {
      if (on && method !== '_all') out.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return out.sort();
}

function documentedRoutes(): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries(openApiDocument.paths)) {
    for (const method of Object.keys(item)) out.push(`${method.toUpperCase()} ${path}`);
  }
  return out.sort();
}

const SPEC_SECTION_7 = [
  'POST /auth/login',
  'POST /auth/register',
  'POST /auth/opciones',
  'POST /auth/password',
  'POST /auth/integrante',
  'PUT /auth/integrante',
  'DELETE /auth/integrante/{_id}/user/{uid}',
  'POST /donante/',
  'GET /donante/search',
  'GET /donante/{id}',
  'PUT /donante/{id}',
  'DELETE /donante/{id}',
  'POST /donacion/',
  'POST /donacion/next-etiqueta-number',
  'GET /donacion/search',
  'GET /donacion/{id}',
  'PUT /donacion/{id}/donante/{donorId}',
  'DELETE /donacion/{_id}/donante/{uid}',
];

describe('OpenAPI document of /api', () => {
  const routes = registeredRoutes(createRestRouter({} as Services));

  it('lists exactly the routes the router registers, with the same methods and paths', () => {
    expect(documentedRoutes()).toEqual(routes);
  });

  it('covers every call of SPEC section 7', () => {
    expect(routes).toEqual(expect.arrayContaining(SPEC_SECTION_7));
    expect(routes.filter((r) => r !== 'GET /openapi.json').sort()).toEqual([...SPEC_SECTION_7].sort());
  });

  it('every $ref points at a defined schema and every path parameter is declared', () => {
    const text = JSON.stringify(openApiDocument);
    const schemas = Object.keys(openApiDocument.components.schemas);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/(\w+)"/g)) expect(schemas).toContain(name);
    for (const [path, item] of Object.entries(openApiDocument.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const op of Object.values(item) as { parameters?: { name: string; in: string }[] }[]) {
        const declared = (op.parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort();
        expect({ path, declared }).toEqual({ path, declared: names });
      }
    }
  });

  describe('over HTTP', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(() => server.close());

    it('is served at GET /api/openapi.json without a token', async () => {
      const res = await server.rest<typeof openApiDocument>('GET', '/openapi.json');
      expect(res.status).toBe(200);
      expect(res.body.openapi).toMatch(/^3\./);
      expect(Object.keys(res.body.paths).sort()).toEqual(Object.keys(openApiDocument.paths).sort());
    });

    it('answers an unknown /api path with 404 and the error list', async () => {
      const res = await server.rest('GET', '/no-existe');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ errors: [{ msg: expect.any(String) }] });
    });
  });
});
