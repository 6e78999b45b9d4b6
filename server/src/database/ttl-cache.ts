/** Entries kept at most before the cache starts afresh (a bound on memory, not an LRU). */
const MAX_ENTRIES = 10_000;

/**
 * Values read from the database at most once per `ttlMs` per process instead of on every
 * request. A change made by this process forgets its entry at once (the service calls forget()
 * after its commit); another process behind the same balancer sees it within `ttlMs`, so every
 * process stays derived from Postgres (docs/distribuido.md).
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { at: number; value: Promise<V> }>();

  constructor(
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The value: cached when read less than ttlMs ago, else `load()` (one load at a time per key). */
  get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.value;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const value = load();
    const entry = { at: this.now(), value };
    this.entries.set(key, entry);
    // A failed read is not remembered.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  forget(key: K): void {
    this.entries.delete(key);
  }
}
