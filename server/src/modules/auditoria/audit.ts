import { EntityManager } from 'typeorm';
import { AccionAuditoria } from './auditoria.entity';

export type Actor = { uid: string; servicio: string };

/** Whom an entry names: null uid when no user of that servicio made it (another servicio did). */
export type AuditActor = { uid: string | null; servicio: string };

/** Fields never copied into the audit log. */
const HIDDEN = new Set(['passwordHash', 'tokenVersion', 'createdAt', 'updatedAt']);

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** The fields that differ between two versions of a record, as { field: [before, after] }. */
export function diff(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (HIDDEN.has(key)) continue;
    const a = plain(before?.[key]);
    const b = plain(after?.[key]);
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = [a ?? null, b ?? null];
  }
  return changes;
}

/**
 * Every entry is chained by the trigger auditoria_encadenar (migration 1763880000000): its hash
 * covers its content and the servicio's previous entry, and the servicio's chain head stays
 * locked until the commit. A transaction that writes entries of several servicios calls this
 * first: it locks their heads at once, in servicio_id order, so two such transactions never
 * each hold one head and wait for the other's.
 */
export async function lockAuditChains(
  run: (sql: string, params: unknown[]) => Promise<unknown>,
  servicios: readonly string[],
): Promise<void> {
  const ids = [...new Set(servicios)];
  if (ids.length < 2) return;
  await run(
    `INSERT INTO auditoria_cadena (servicio_id) SELECT s FROM unnest($1::uuid[]) AS s ORDER BY s
     ON CONFLICT DO NOTHING`,
    [ids],
  );
  await run(
    `SELECT 1 FROM auditoria_cadena WHERE servicio_id = ANY($1::uuid[]) ORDER BY servicio_id FOR UPDATE`,
    [ids],
  );
}

/**
 * One audit entry as an INSERT and its values, numbered from $`first`: for a
 * statement that makes the change and writes its entry at once.
 */
export function auditStatement(
  actor: AuditActor,
  accion: AccionAuditoria,
  entidad: string,
  entidadId: string,
  cambios: Record<string, unknown>,
  first = 1,
): { sql: string; params: unknown[] } {
  const $ = (n: number) => `$${first + n}`;
  return {
    sql: `INSERT INTO auditoria (servicio_id, usuario_id, accion, entidad, entidad_id, cambios)
     VALUES (${$(0)}, ${$(1)}, ${$(2)}, ${$(3)}, ${$(4)}, ${$(5)}::jsonb)`,
    params: [actor.servicio, actor.uid, accion, entidad, entidadId, JSON.stringify(cambios)],
  };
}

/**
 * Writes one audit entry. Call it with the manager of the transaction that
 * makes the change, so the entry and the change commit or roll back together.
 */
export async function audit(
  manager: EntityManager,
  actor: Actor,
  accion: AccionAuditoria,
  entidad: string,
  entidadId: string,
  cambios: Record<string, unknown>,
): Promise<void> {
  const entry = auditStatement(actor, accion, entidad, entidadId, cambios);
  await manager.query(entry.sql, entry.params);
}
