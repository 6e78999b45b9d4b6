import { TooManyRequestsError } from '../errors';

type Entry = { failures: number; resetAt: number };

/**
 * Counts failed attempts per key (IP and username) in a fixed window; once
 * a key reaches the limit, further attempts are refused until the window ends.
 * In memory: a deployment with several app servers should put it in Postgres or Redis.
 */
export class FailureRateLimiter {
  private readonly entries = new Map<string, Entry>();

  /**
   * @param maxPerUser failures allowed per username in the window
   * @param maxPerIp failures allowed per IP (higher: a hospital's staff may share one address)
   */
  constructor(
    readonly maxPerUser = 10,
    readonly maxPerIp = 100,
    readonly windowMs = 15 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  private keys(ip: string, username: string): string[] {
    return [`ip:${ip}`, `user:${username.trim().toLowerCase()}`];
  }

  private limitOf(key: string): number {
    return key.startsWith('ip:') ? this.maxPerIp : this.maxPerUser;
  }

  /** Throws TooManyRequestsError if either key is over the limit. */
  check(ip: string, username: string): void {
    const now = this.now();
    for (const key of this.keys(ip, username)) {
      const entry = this.entries.get(key);
      if (!entry) continue;
      if (entry.resetAt <= now) this.entries.delete(key);
      else if (entry.failures >= this.limitOf(key)) throw new TooManyRequestsError();
    }
  }

  fail(ip: string, username: string): void {
    const now = this.now();
    for (const key of this.keys(ip, username)) {
      const entry = this.entries.get(key);
      if (!entry || entry.resetAt <= now) {
        this.entries.set(key, { failures: 1, resetAt: now + this.windowMs });
      } else {
        entry.failures += 1;
      }
    }
    if (this.entries.size > 100_000) this.prune(now);
  }

  /** A success clears the username's count (not the IP's). */
  succeed(username: string): void {
    this.entries.delete(`user:${username.trim().toLowerCase()}`);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
  }
}
