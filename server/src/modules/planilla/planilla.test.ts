import { PLANILLA_CATEGORIES, PLANILLAS } from '../../domain/planillas';
import { registerServicio, startTestServer, TestServer } from '../../test-utils/harness';
import { ensurePlanillas } from '../../test-utils/planillas';

const QUERY = `{ planillas { fileName displayName description category } }`;

let server: TestServer;
beforeAll(async () => {
  ensurePlanillas();
  server = await startTestServer();
}, 120_000);
afterAll(() => server.close());

describe('planillas query', () => {
  it('returns the 13 forms of the catalogue in the four categories', async () => {
    const { token } = await registerServicio(server);
    const res = await server.gql<{
      planillas: { fileName: string; displayName: string; description: string; category: string }[];
    }>(QUERY, {}, token);
    expect(res.errors).toBeUndefined();
    const list = res.data!.planillas;
    expect(list).toHaveLength(13);
    expect(new Set(list.map((p) => p.category))).toEqual(new Set(PLANILLA_CATEGORIES));
    expect([...PLANILLA_CATEGORIES].sort()).toEqual(['consentimiento', 'cph', 'hemoterapia', 'registro']);
    expect(new Set(list.map((p) => p.fileName)).size).toBe(13);
    for (const p of list) {
      expect(p.fileName).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.pdf$/);
      expect(p.displayName.length).toBeGreaterThan(3);
      expect(p.description.length).toBeGreaterThan(10);
    }
    expect(list.map((p) => p.fileName)).toEqual(PLANILLAS.map((p) => p.fileName));
  });

  it('requires a session', async () => {
    const res = await server.gql(QUERY);
    expect(res.data ?? null).toBeNull();
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /planillas/{fileName}', () => {
  it.each(PLANILLAS.map((p) => p.fileName))('serves %s as a PDF', async (fileName) => {
    const res = await fetch(`${server.url}/planillas/${fileName}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(body.length).toBeGreaterThan(2000);
  });

  it('answers 404 for a file that is not in the catalogue', async () => {
    const res = await fetch(`${server.url}/planillas/no-existe.pdf`);
    expect(res.status).toBe(404);
    const traversal = await fetch(`${server.url}/planillas/..%2Fpackage.json`);
    expect(traversal.status).not.toBe(200);
  });
});
