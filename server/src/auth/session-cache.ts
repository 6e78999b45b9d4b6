import { TtlCache } from '../database/ttl-cache';
import { Rol } from '../domain/roles';

/** What a token is checked against: its user's row, or null when the user is gone. */
export type UsuarioVigente = { rol: Rol; servicio: string; tokenVersion: number } | null;

/**
 * Each user's revocation state (token version, role, deleted) by uid, read from the database at
 * most once per TTL_MS per process instead of on every request. A password change or a staff
 * edit or deletion made by this process forgets the entry at once; another process behind the
 * same balancer sees it within TTL_MS.
 */
export class SessionCache extends TtlCache<string, UsuarioVigente> {
  static readonly TTL_MS = 1000;

  constructor(now: () => number = Date.now) {
    super(SessionCache.TTL_MS, now);
  }
}
