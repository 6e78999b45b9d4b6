/**
 * Keeps the performance harness from rotting: seeds 1,000 donors into a fresh
 * database, runs every bench case for 1 s at concurrency 2 against the real
 * server, the peer (PostGraphile 5, installed on first use) and the floor, and
 * checks the table is complete. It asserts no speeds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createTestDatabase } from '../../server/src/test-utils/harness';
import { formatTable, runBench } from './bench';
import { seedPerf } from './seed';

// The first run installs the peer (Node 22 and PostGraphile from the npm registry).
jest.setTimeout(420_000);

/** The read cases the peer serves too. */
const PEER_CASES = [
  'donantes: DNI exacto',
  'donaciones: por fecha',
  'donaciones: por número',
  'donaciones de un donante',
];

const CASES = [
  'donantes: DNI exacto',
  'donantes: prefijo de apellido sin acento',
  'donantes: nombre + apellido',
  'donaciones: por fecha',
  'donaciones: por número',
  'indicadores: un año',
  'donaciones de un donante',
  'stock: por tipo y grupo',
  'stock: unidades, primera página',
  'crear donación (con reglas)',
];

test('seed:perf and bench produce a full table at tiny scale', async () => {
  const db = await createTestDatabase();
  try {
    const seeded = await seedPerf(db.url, { donors: 1000 });
    expect(seeded.donors).toBe(1000);
    expect(seeded.donations).toBeGreaterThan(1000);
    // The stock cases read units: the last year's donations are split.
    expect(seeded.components).toBeGreaterThan(seeded.donations / 10);

    // The built server when there is one (npm test builds first), else the sources through SWC.
    const built = fs.existsSync(path.resolve(__dirname, '../../server/dist/index.js'));
    const result = await runBench({
      databaseUrl: db.url,
      concurrencies: [2],
      durationMs: 1000,
      server: built ? 'dist' : 'src',
    });
    expect(result.donors).toBe(1000);
    expect(result.rows.map((r) => r.case)).toEqual(CASES);
    for (const row of result.rows) {
      expect(row.concurrency).toBe(2);
      for (const stats of [row.gql, row.raw]) {
        expect(stats.n).toBeGreaterThan(0);
        expect(stats.errors).toBe(0);
        for (const v of [stats.p50, stats.p95, stats.p99, stats.rps]) expect(Number.isFinite(v)).toBe(true);
      }
      expect(Number.isFinite(row.throughputRatio)).toBe(true);
      if (PEER_CASES.includes(row.case)) {
        expect(row.peer?.n).toBeGreaterThan(0);
        expect(row.peer?.errors).toBe(0);
        expect(Number.isFinite(row.peerRatio)).toBe(true);
      } else {
        expect(row.peer).toBeUndefined();
      }
    }
    const table = formatTable(result);
    for (const name of CASES) expect(table).toContain(name);
    expect(table).toContain('PGL p50');
  } finally {
    await db.drop();
  }
});
