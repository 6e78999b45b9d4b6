import { MSG } from '@domain/messages';
import { SEROLOGIA_KEYS } from '@domain/donacion';
import type { Serologia } from '@domain/donacion';
import type { ParseResult } from '@domain/validation';

/**
 * Serology as received: every marker must be a boolean. Anything else (a
 * corrupt record) is 'Error al leer serología'. null = no results yet.
 */
export function leerSerologia(value: unknown): ParseResult<Serologia | null> {
  if (value === null || value === undefined) return { ok: true, value: null };
  if (typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: MSG.errorLeerSerologia };
  const raw = value as Record<string, unknown>;
  const result = {} as Serologia;
  for (const key of SEROLOGIA_KEYS) {
    if (typeof raw[key] !== 'boolean') return { ok: false, error: MSG.errorLeerSerologia };
    result[key] = raw[key] as boolean;
  }
  return { ok: true, value: result };
}
