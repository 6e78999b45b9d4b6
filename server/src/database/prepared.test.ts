import type { QueryConfig } from 'pg';
import { donacionColumns } from '../modules/donacion/donacion.search';
import { donanteColumns } from '../modules/donante/donante.search';
import { PREPARED_MAX, preparedOn } from './prepared';

describe('preparedOn', () => {
  const sent: QueryConfig[] = [];
  const run = preparedOn(() => ({
    query: async (config: QueryConfig) => {
      sent.push(config);
      return { rows: [], rowCount: 0, command: 'SELECT', oid: 0, fields: [] };
    },
  }));
  const nameSent = async (text: string, once = false) => {
    await run(text, [], { once });
    return sent[sent.length - 1].name;
  };

  it('names a text the same each time, different texts differently, and never a one-off text', async () => {
    const a = await nameSent('SELECT 1');
    expect(a).toMatch(/^h[0-9a-f]{20}$/);
    expect(await nameSent('SELECT 1')).toBe(a);
    expect(await nameSent('SELECT 2')).not.toBe(a);
    expect(await nameSent('SELECT 3', true)).toBeUndefined();
  });

  it(`keeps at most ${PREPARED_MAX} statements: past that, new texts run unnamed`, async () => {
    const first = await nameSent('SELECT 1');
    for (let i = 0; i < PREPARED_MAX; i++) await run(`SELECT ${i} AS n`, []);
    expect(await nameSent('SELECT 1 AS nuevo')).toBeUndefined();
    expect(await nameSent('SELECT 1')).toBe(first);
  });
});

describe('column lists', () => {
  it('are the same text whatever the order of the fields asked for', () => {
    expect(donanteColumns(['nombre', 'apellido', 'dni'])).toBe(donanteColumns(['dni', 'apellido', 'nombre']));
    expect(donacionColumns(['abo', 'numero', 'nombre'])).toBe(donacionColumns(['nombre', 'abo', 'numero']));
  });
});
