import { Rol } from '../domain/roles';

/** What a token is checked against: its user's row, or null when the user is gone. */
export type UsuarioVigente = { rol: Rol; servicio: string; tokenVersion: number } | null;

/** Entries kept at most (a servicio has a handful of users; an installation a few thousand). */
const MAX_ENTRIES = 10_000;

/**
 * Each user's revocation state (token version, role, deleted), read from the
 * database at most once per TTL_MS per process instead of on every request.
 * A password change or a staff edit or deletion made by this process forgets
 * the entry at once (the services call forget() after their commit); another
 * process behind the same balancer sees it within TTL_MS.
 */
export class SessionCache {
  static readonly TTL_MS = 1000;
  private readonly entries = new Map<string, { at: number; value: Promise<UsuarioVigente> }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The user's state: cached when read less than TTL_MS ago, else `load()` (one load at a time per user). */
  get(uid: string, load: () => Promise<UsuarioVigente>): Promise<UsuarioVigente> {
    const hit = this.entries.get(uid);
    if (hit && this.now() - hit.at < SessionCache.TTL_MS) return hit.value;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const value = load();
    const entry = { at: this.now(), value };
    this.entries.set(uid, entry);
    // A failed read is not remembered.
    value.catch(() => {
      if (this.entries.get(uid) === entry) this.entries.delete(uid);
    });
    return value;
  }

  forget(uid: string): void {
    this.entries.delete(uid);
  }
}
