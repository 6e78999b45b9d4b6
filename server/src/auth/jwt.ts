import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { isRol, Rol } from '../domain/roles';

export const TOKEN_TTL_SECONDS = 12 * 60 * 60;

export type TokenClaims = {
  uid: string;
  rol: Rol;
  servicio: string;
  /** The user's token version when it was issued. */
  tv: number;
};

/** Verified tokens kept in memory (jwt.verify costs ~1 ms of CPU; a Map lookup ~nothing). */
const VERIFIED_CACHE_MAX = 1000;

export class TokenService {
  /**
   * Token string -> its claims, once its signature checked out. A token's signature never stops
   * being valid for the same secret, so only the expiry is checked again on a hit (as jwt.verify
   * does: expired when now >= exp). Revocation (tokenVersion, deleted user) is still checked on
   * every request by CuentaService.authenticate.
   */
  private readonly verified = new Map<string, TokenClaims & { iat: number; exp: number }>();

  constructor(private readonly secret: string) {}

  sign(claims: TokenClaims): string {
    return jwt.sign(claims, this.secret, { algorithm: 'HS256', expiresIn: TOKEN_TTL_SECONDS });
  }

  /** The claims of a valid token, or null for anything else (expired, tampered, alg none...). */
  verify(token: string): (TokenClaims & { iat: number; exp: number }) | null {
    const hit = this.verified.get(token);
    if (hit) {
      if (Math.floor(Date.now() / 1000) < hit.exp) return { ...hit };
      this.verified.delete(token);
      return null;
    }
    try {
      const payload = jwt.verify(token, this.secret, { algorithms: ['HS256'] });
      if (typeof payload !== 'object' || payload === null) return null;
      const { uid, rol, servicio, tv, iat, exp } = payload as Record<string, unknown>;
      if (typeof uid !== 'string' || typeof servicio !== 'string' || !isRol(rol)) return null;
      if (typeof tv !== 'number' || typeof iat !== 'number' || typeof exp !== 'number') return null;
      const claims = { uid, rol, servicio, tv, iat, exp };
      if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.clear();
      this.verified.set(token, claims);
      return { ...claims };
    } catch {
      return null;
    }
  }
}

/** JWT_SECRET when set; otherwise a random secret generated once and kept in DATA_DIR. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Reads the token from an Authorization header, bare or as `Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const match = /^Bearer\s+(.+)$/i.exec(value);
  return (match ? match[1] : value).trim() || undefined;
}
