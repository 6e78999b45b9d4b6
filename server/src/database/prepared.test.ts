import { Client } from 'pg';
import { donacionColumns } from '../modules/donacion/donacion.search';
import { donanteColumns } from '../modules/donante/donante.search';
import { createTestDatabase } from '../test-utils/harness';
import { PREPARED_MAX, preparedOn } from './prepared';

describe('preparedOn, on a real connection', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: Client;
  beforeAll(async () => {
    db = await createTestDatabase();
    client = new Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await db.drop();
  });
  const run = preparedOn(() => client);
  /** The statements Postgres keeps prepared on this connection, by text. */
  const prepared = async (text: string) =>
    (await client.query(`SELECT 1 FROM pg_prepared_statements WHERE statement = $1`, [text])).rowCount;

  it('prepares a text once and reuses it, gives the right rows, and leaves one-off texts unprepared', async () => {
    const text = 'SELECT $1::int + 1 AS n';
    expect(await run(text, [1])).toEqual([{ n: 2 }]);
    expect(await run(text, [41])).toEqual([{ n: 42 }]);
    expect(await prepared(text)).toBe(1);
    expect(await run('SELECT $1::int * 2 AS n', [4])).toEqual([{ n: 8 }]);
    expect(await prepared('SELECT $1::int * 2 AS n')).toBe(1);
    expect(await run(`SELECT 'unico' AS v`, [], { once: true })).toEqual([{ v: 'unico' }]);
    expect(await prepared(`SELECT 'unico' AS v`)).toBe(0);
  });

  it(`keeps at most ${PREPARED_MAX} statements: past that, new texts still run, unprepared`, async () => {
    for (let i = 0; i < PREPARED_MAX; i++) await run(`SELECT ${i} AS n`, []);
    const count = async () =>
      Number((await client.query('SELECT count(*) FROM pg_prepared_statements')).rows[0].count);
    const kept = await count();
    expect(kept).toBeLessThanOrEqual(PREPARED_MAX);
    expect(await run('SELECT $1::int AS nuevo', [7])).toEqual([{ nuevo: 7 }]);
    expect(await prepared('SELECT $1::int AS nuevo')).toBe(0);
    expect(await count()).toBe(kept);
    // a text prepared before the limit is still reused
    expect(await run('SELECT $1::int + 1 AS n', [9])).toEqual([{ n: 10 }]);
    expect(await prepared('SELECT $1::int + 1 AS n')).toBe(1);
  });
});

describe('column lists', () => {
  it('are the same text whatever the order of the fields asked for', () => {
    expect(donanteColumns(['nombre', 'apellido', 'dni'])).toBe(donanteColumns(['dni', 'apellido', 'nombre']));
    expect(donacionColumns(['abo', 'numero', 'nombre'])).toBe(donacionColumns(['nombre', 'abo', 'numero']));
  });
});
