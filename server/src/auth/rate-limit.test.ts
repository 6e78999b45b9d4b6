import { DataSource } from 'typeorm';
import { connectDatabase } from '../database/data-source';
import { entities } from '../services';
import { readPool, ReadPool } from '../database/prepared';
import { MSG } from '../domain/messages';
import { createTestDatabase } from '../test-utils/harness';
import { FailureThrottle, userAtAddress, userAnywhere } from './rate-limit';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

let db: { url: string; drop: () => Promise<void> };
let dataSource: DataSource;
let reads: ReadPool;
let now = Date.parse('2025-03-01T12:00:00Z');
const clock = () => now;

beforeAll(async () => {
  db = await createTestDatabase();
  dataSource = await connectDatabase(db.url, { entities });
  reads = readPool(dataSource);
});
afterAll(async () => {
  await reads.end();
  await dataSource.destroy();
  await db.drop();
});

const throttle = () => new FailureThrottle(dataSource, reads.run, { now: clock });
let n = 0;
/** A username no other test uses. */
const fresh = () => `usuario${(n += 1)}`;

/** The attempt's outcome: 'ok' when let through (then reported as failed), else the refusal's text. */
async function failOnce(t: FailureThrottle, user: string, ip: string): Promise<string> {
  try {
    const attempt = await t.begin(userAtAddress('login', user, ip));
    await attempt.failed();
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('FailureThrottle', () => {
  it('lets 5 failures through, then makes each attempt wait 1 s, 2 s, 4 s ... up to 15 minutes', async () => {
    const t = throttle();
    const user = fresh();
    for (let i = 0; i < 5; i += 1) expect(await failOnce(t, user, '10.0.0.1')).toBe('ok');
    expect(await failOnce(t, user, '10.0.0.1')).toBe(MSG.demasiadosIntentos(1));
    now += SECOND;
    expect(await failOnce(t, user, '10.0.0.1')).toBe('ok');
    expect(await failOnce(t, user, '10.0.0.1')).toBe(MSG.demasiadosIntentos(2));
    now += 2 * SECOND;
    expect(await failOnce(t, user, '10.0.0.1')).toBe('ok');
    expect(await failOnce(t, user, '10.0.0.1')).toBe(MSG.demasiadosIntentos(4));
    for (let i = 0; i < 20; i += 1) {
      now += 15 * MINUTE;
      expect(await failOnce(t, user, '10.0.0.1')).toBe('ok');
    }
    expect(await failOnce(t, user, '10.0.0.1')).toBe(MSG.demasiadosIntentos(15 * 60));
    expect(MSG.demasiadosIntentos(15 * 60)).toBe(
      'Demasiados intentos fallidos. Espere 15 minutos antes de volver a intentar.',
    );
    now += 15 * MINUTE;
  });

  it('delays only that user at that address: not the same user elsewhere, nor others there', async () => {
    const t = throttle();
    const user = fresh();
    for (let i = 0; i < 5; i += 1) await failOnce(t, user, '10.0.0.2');
    expect(await failOnce(t, user, '10.0.0.2')).not.toBe('ok');
    await expect(t.begin(userAtAddress('login', user.toUpperCase(), '10.0.0.3'))).resolves.toBeDefined();
    await expect(t.begin(userAtAddress('login', fresh(), '10.0.0.2'))).resolves.toBeDefined();
    // Another scope (registration) counts apart.
    await expect(t.begin(userAtAddress('registro', user, '10.0.0.2'))).resolves.toBeDefined();
  });

  it('delays an address after 100 failures over any usernames, for an hour at most', async () => {
    const t = throttle();
    for (let i = 0; i < 100; i += 1) expect(await failOnce(t, fresh(), '10.0.0.4')).toBe('ok');
    expect(await failOnce(t, fresh(), '10.0.0.4')).toBe(MSG.demasiadosIntentos(1));
    expect(await failOnce(t, fresh(), '10.0.0.5')).toBe('ok');
    now += 60 * MINUTE;
    expect(await failOnce(t, fresh(), '10.0.0.4')).toBe('ok');
  });

  it('a success clears the pair (not the address); a day later the count starts over', async () => {
    const t = throttle();
    const user = fresh();
    for (let i = 0; i < 5; i += 1) await failOnce(t, user, '10.0.0.6');
    now += SECOND;
    await (await t.begin(userAtAddress('login', user, '10.0.0.6'))).succeeded();
    for (let i = 0; i < 5; i += 1) expect(await failOnce(t, user, '10.0.0.6')).toBe('ok');
    expect(await failOnce(t, user, '10.0.0.6')).not.toBe('ok');

    const other = fresh();
    for (let i = 0; i < 12; i += 1) {
      now += 15 * MINUTE;
      await failOnce(t, other, '10.0.0.7');
    }
    now += 24 * 60 * MINUTE;
    for (let i = 0; i < 5; i += 1) expect(await failOnce(t, other, '10.0.0.7')).toBe('ok');
  });

  it('counts a signed-in user from any address when asked to', async () => {
    const t = throttle();
    const uid = fresh();
    for (let i = 0; i < 5; i += 1) await (await t.begin(userAnywhere('clave', uid))).failed();
    await expect(t.begin(userAnywhere('clave', uid))).rejects.toThrow(MSG.demasiadosIntentos(1));
  });

  it('two processes share the counts', async () => {
    const [a, b] = [throttle(), throttle()];
    const user = fresh();
    for (let i = 0; i < 5; i += 1) await failOnce(i % 2 ? a : b, user, '10.0.0.8');
    expect(await failOnce(a, user, '10.0.0.8')).toBe(MSG.demasiadosIntentos(1));
    expect(await failOnce(b, user, '10.0.0.8')).toBe(MSG.demasiadosIntentos(1));
  });

  it('past the free failures, of simultaneous attempts only one is let through', async () => {
    const t = throttle();
    const user = fresh();
    for (let i = 0; i < 5; i += 1) await failOnce(t, user, '10.0.0.9');
    now += SECOND;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => t.begin(userAtAddress('login', user, '10.0.0.9'))),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
  });

  it('forgets the counters whose window ended', async () => {
    const t = new FailureThrottle(dataSource, reads.run, { now: clock, pruneEveryMs: 0 });
    await failOnce(t, fresh(), '10.0.0.10');
    now += 25 * 60 * MINUTE;
    await failOnce(t, fresh(), '10.0.0.11');
    const [{ n: left }] = await dataSource.query(`SELECT count(*)::int AS n FROM login_intento`);
    expect(left).toBe(2);
  });
});
