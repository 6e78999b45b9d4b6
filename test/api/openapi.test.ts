import { Router } from 'express';
import { MSG } from '../../server/src/domain/messages';
import { createRestRouter } from '../../server/src/rest/router';
import { openApiDocument } from '../../server/src/rest/openapi';
import { restRoutes, type Services } from '../../server/src/services';
import { startTestServer, TestServer } from '../../server/src/test-utils/harness';

type Layer = { route?: { path: string; methods: Record<string, boolean> } };

/**
 * 'METHOD /path/{param}' for every route the router registers. The one place a test reads the
 * router: requests can show that each documented route answers, but no request can find a route
 * nobody documented, so the router's own list is compared with the document once, here.
 */
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

/** Routes the product added to the original's calls. */
const BEYOND_SPEC = [
  // The administrator sets a new password for a member who forgot theirs (issue 30).
  'PUT /auth/integrante/{_id}/password',
  // The laboratory's steps per marker, as the GraphQL mutations record them.
  'POST /donacion/{id}/tamizaje',
  'POST /donacion/{id}/repeticion',
  'POST /donacion/{id}/confirmatorio',
  'POST /donacion/{id}/retipificacion',
  // The NAT tests of the servicio's laboratory panel (GraphQL updatePanelResultados).
  'POST /auth/opciones/panel',
  // Components: split, list, find by unit identifier, release, discard; shelf life and facility code.
  'POST /donacion/{id}/fraccionar',
  'GET /componente',
  'GET /componente/codigo/{codigo}',
  'POST /componente/liberar',
  'POST /componente/{id}/liberar',
  'POST /componente/{id}/descartar',
  'POST /auth/opciones/vida-util',
  'POST /auth/opciones/codigo-instalacion',
  // The servicio's screening thresholds (GraphQL updateUmbralesTamizaje).
  'POST /auth/opciones/umbrales',
  // Donor reactions at a donation (GraphQL registrarReaccion, updateReaccion).
  'POST /donacion/{id}/reacciones',
  'PUT /reaccion/{id}',
  // Calling donors back, and post-donation information.
  'GET /citacion',
  'GET /citacion/{id}',
  'POST /citacion',
  'POST /citacion/{id}/intento',
  'POST /citacion/{id}/cita',
  'POST /citacion/{id}/asistencia',
  'POST /citacion/{id}/cerrar',
  'POST /donacion/{id}/informe-postdonacion',
  // Stock, dispatch and destination, transfers between members of a network.
  'GET /stock',
  'GET /stock/unidades',
  'POST /auth/opciones/aviso-vencimiento',
  'POST /despacho',
  'GET /despacho',
  'GET /despacho/{id}',
  'GET /componente/en-transito',
  'POST /componente/recibir',
  'GET /componente/codigo/{codigo}/trayectoria',
  'POST /componente/{id}/devolver',
  'POST /componente/{id}/destino-final',
  // Look-back: the work-list, one look-back, its notifications and its closing.
  'GET /componente/trazabilidad',
  'GET /componente/trazabilidad/{id}',
  'POST /componente/trazabilidad/{id}/notificacion',
  'POST /componente/trazabilidad/{id}/cerrar',
  // The discard and dispatch registers of a period.
  'GET /registro/descartes',
  'GET /registro/despachos',
  // Visits: arrival, the interview, its confirmation, the signatures, 'No apto' or abandoned; the
  // servicio's questionnaire.
  'GET /cuestionario',
  'PUT /cuestionario',
  'GET /visita',
  'POST /visita',
  'GET /visita/{id}',
  'POST /visita/{id}/entrevista',
  'POST /visita/{id}/confirmar',
  'POST /visita/{id}/firmas',
  'POST /visita/{id}/no-apto',
  'POST /visita/{id}/abandonar',
];

describe('OpenAPI document of /api', () => {
  it('lists exactly the routes the router registers, with the same methods and paths', () => {
    expect(documentedRoutes()).toEqual(registeredRoutes(createRestRouter({} as Services, restRoutes)));
  });

  it('covers every call of SPEC section 7, and beyond it only the routes named here', () => {
    expect(documentedRoutes().filter((r) => r !== 'GET /openapi.json')).toEqual(
      [...SPEC_SECTION_7, ...BEYOND_SPEC].sort(),
    );
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

    const notFound = { errors: [{ msg: MSG.noEncontrado }] };
    const call = (route: string) => {
      const [method, path] = route.split(' ');
      // a made-up id for each path parameter; without a session nothing is looked up
      const url = path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
      return server.rest(method, url, method === 'GET' ? undefined : {});
    };

    it('every documented route answers, none with the 404 of an unknown path', async () => {
      const unanswered: string[] = [];
      for (const route of documentedRoutes()) if ((await call(route)).status === 404) unanswered.push(route);
      expect(unanswered).toEqual([]);
    });

    it('a documented path answers 404 to the methods no documented route takes there', async () => {
      const templates = documentedRoutes().map((r) => {
        const [method, path] = r.split(' ');
        return { method, re: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`) };
      });
      // /donante/search is also a /donante/{id}: only methods no template takes must be 404
      const taken = (method: string, path: string) =>
        templates.some((t) => t.method === method && t.re.test(path));
      const checked: string[] = [];
      for (const path of Object.keys(openApiDocument.paths)) {
        for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !taken(m, path))) {
          const res = await call(`${method} ${path}`);
          expect({ route: `${method} ${path}`, status: res.status, body: res.body }).toEqual({
            route: `${method} ${path}`,
            status: 404,
            body: notFound,
          });
          checked.push(`${method} ${path}`);
        }
      }
      expect(checked).toContain('GET /auth/login');
    });

    it('answers an unknown /api path with 404 and the error list', async () => {
      const res = await server.rest('GET', '/no-existe');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ errors: [{ msg: expect.any(String) }] });
    });
  });
});
