import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { RunQuery } from '../database/prepared';
import { TooManyRequestsError } from '../errors';

/** Milliseconds since the epoch; tests pass their own. */
export type Clock = () => number;

/** One count of failures (a user at an address, or an address alone). */
export type Counter = {
  /** What is counted; stored only as its SHA-256. */
  key: string;
  /** Failures let through without a wait; after them each attempt waits longer. */
  free: number;
  /** The count starts over this long after the first failure it holds. */
  windowMs: number;
  /** A success clears it. */
  clearedBySuccess: boolean;
};

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * The counters of an attempt by `subject` (a username, lower-cased) from `ip`:
 * the pair, which only the same user at the same address fills, so a stranger
 * elsewhere cannot make the owner wait; and the address alone, with room for a
 * hospital's whole staff behind one address.
 */
export function userAtAddress(scope: string, subject: string, ip: string): Counter[] {
  return [
    {
      key: `${scope}\nusuario\n${subject.trim().toLowerCase()}\n${ip}`,
      free: 5,
      windowMs: 24 * HOUR,
      clearedBySuccess: true,
    },
    { key: `${scope}\nip\n${ip}`, free: 100, windowMs: HOUR, clearedBySuccess: false },
  ];
}

/**
 * The counter of a signed-in user's attempts from any address (their current
 * password when changing it): only the token's holder can fill it.
 */
export function userAnywhere(scope: string, uid: string): Counter[] {
  return [{ key: `${scope}\nusuario\n${uid}`, free: 5, windowMs: 24 * HOUR, clearedBySuccess: true }];
}

export type ThrottleOptions = {
  now?: Clock;
  /** The wait after the last free failure; it doubles with each further failure. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** How often (at most) a process deletes the rows whose window ended. */
  pruneEveryMs?: number;
};

/** What the caller reports once the attempt is decided. */
export type Attempt = {
  failed: () => Promise<void>;
  succeeded: () => Promise<void>;
};

type Row = { clave: string; fallos: number; ultimo: Date; hasta: Date };

const hash = (key: string): string => createHash('sha256').update(key).digest('hex');

/**
 * Progressive delays after failed attempts, counted in Postgres (table
 * login_intento) so that every server process behind a load balancer sees the
 * same counts. Once a counter holds its free failures, the next attempt waits
 * firstDelayMs after the last one, and each further failure doubles the wait
 * (up to maxDelayMs). Costs: one indexed read per attempt, one upsert per
 * failure; a delete on success only when there was something to clear.
 */
export class FailureThrottle {
  private readonly now: Clock;
  private readonly firstDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly pruneEveryMs: number;
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly dataSource: DataSource,
    private readonly query: RunQuery,
    options: ThrottleOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.firstDelayMs = options.firstDelayMs ?? 1000;
    this.maxDelayMs = options.maxDelayMs ?? 15 * MINUTE;
    this.pruneEveryMs = options.pruneEveryMs ?? 10 * MINUTE;
  }

  /** The wait before the next attempt of a counter holding `failures`, or 0. */
  delayAfter(failures: number, free: number): number {
    if (failures < free) return 0;
    return Math.min(this.maxDelayMs, this.firstDelayMs * 2 ** Math.min(failures - free, 40));
  }

  /**
   * Lets the attempt through, or throws TooManyRequestsError with the time to
   * wait. An attempt let through past a counter's free failures takes the slot
   * (the row's `ultimo` moves to now, if no other attempt took it first), so
   * parallel requests cannot all pass in the same instant.
   */
  async begin(counters: Counter[]): Promise<Attempt> {
    const now = this.now();
    const keyed = counters.map((c) => ({ ...c, clave: hash(c.key) }));
    const rows = (await this.query(
      `SELECT clave, fallos, ultimo, hasta FROM login_intento WHERE clave = ANY($1::text[])`,
      [keyed.map((c) => c.clave)],
    )) as Row[];
    const live = new Map(rows.filter((r) => r.hasta.getTime() > now).map((r) => [r.clave, r]));

    let wait = 0;
    const claims: { counter: (typeof keyed)[number]; row: Row }[] = [];
    for (const counter of keyed) {
      const row = live.get(counter.clave);
      if (!row) continue;
      const delay = this.delayAfter(row.fallos, counter.free);
      if (delay === 0) continue;
      // The window's end lets the count start over, whatever the delay says.
      const until = Math.min(row.ultimo.getTime() + delay, row.hasta.getTime());
      if (until > now) wait = Math.max(wait, until - now);
      else claims.push({ counter, row });
    }
    if (wait > 0) throw new TooManyRequestsError(wait);
    if (claims.length > 0) {
      const claimed = await this.query(
        `UPDATE login_intento AS l SET ultimo = $1
           FROM unnest($2::text[], $3::timestamptz[]) AS v(clave, visto)
          WHERE l.clave = v.clave AND l.ultimo = v.visto
          RETURNING l.clave`,
        [new Date(now), claims.map((c) => c.row.clave), claims.map((c) => c.row.ultimo)],
      );
      if (claimed.length < claims.length) {
        // Another request took the slot a moment ago: wait as if it had failed.
        throw new TooManyRequestsError(
          Math.max(...claims.map((c) => this.delayAfter(c.row.fallos, c.counter.free))),
        );
      }
    }

    const toClear = keyed.filter((c) => c.clearedBySuccess && rows.some((r) => r.clave === c.clave));
    return {
      failed: () => this.fail(keyed),
      succeeded: async () => {
        if (toClear.length === 0) return;
        await this.dataSource.query(`DELETE FROM login_intento WHERE clave = ANY($1::text[])`, [
          toClear.map((c) => c.clave),
        ]);
      },
    };
  }

  private async fail(counters: (Counter & { clave: string })[]): Promise<void> {
    const now = this.now();
    await this.dataSource.query(
      `INSERT INTO login_intento AS l (clave, fallos, ultimo, hasta)
       SELECT v.clave, 1, $1, v.hasta FROM unnest($2::text[], $3::timestamptz[]) AS v(clave, hasta)
       ON CONFLICT (clave) DO UPDATE SET
         fallos = CASE WHEN l.hasta <= $1 THEN 1 ELSE l.fallos + 1 END,
         hasta = CASE WHEN l.hasta <= $1 THEN EXCLUDED.hasta ELSE l.hasta END,
         ultimo = $1`,
      [new Date(now), counters.map((c) => c.clave), counters.map((c) => new Date(now + c.windowMs))],
    );
    if (now - this.lastPrune >= this.pruneEveryMs) {
      this.lastPrune = now;
      await this.dataSource.query(`DELETE FROM login_intento WHERE hasta <= $1`, [new Date(now)]);
    }
  }
}
