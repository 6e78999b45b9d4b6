import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../auth/context';
import { MSG } from '../../domain/messages';
import { type ReaccionData, validateReaccion } from '../../domain/reacciones';
import { isUuid } from '../../domain/validation';
import { assertValid, NotFoundError } from '../../errors';
import type { RunQuery } from '../../database/prepared';
import { audit, diff } from '../auditoria/audit';
import { ReaccionDonante } from './reaccion.entity';

/** The fields a reaction is written with, as the audit names them. */
const campos = (r: ReaccionData) => ({
  tipo: r.tipo ?? null,
  severidad: r.severidad ?? null,
  hora: r.hora ?? null,
  tratamiento: texto(r.tratamiento),
  evolucion: texto(r.evolucion),
  detalle: texto(r.detalle),
});

function texto(value: string | null | undefined): string | null {
  const t = (value ?? '').trim();
  return t === '' ? null : t;
}

const REACCION_COLUMNS = `r.id, r.servicio_id AS "servicioId", r.donacion_id AS "donacionId", r.tipo, r.severidad,
  r.hora, r.tratamiento, r.evolucion, r.detalle, r.registrada_por AS "registradaPorId", r.registrada_en AS "registradaEn"`;

/** The reactions of live donations `ids` of the servicio, in the order they were recorded. */
export async function reaccionesDeDonaciones(
  run: RunQuery,
  servicio: string,
  ids: readonly string[],
): Promise<Map<string, ReaccionDonante[]>> {
  const rows = (await run(
    `SELECT ${REACCION_COLUMNS} FROM reaccion_donante r
      WHERE r.servicio_id = $1 AND r.donacion_id = ANY($2::uuid[]) ORDER BY r.registrada_en, r.id`,
    [servicio, [...ids]],
  )) as unknown as ReaccionDonante[];
  const out = new Map<string, ReaccionDonante[]>();
  for (const row of rows) {
    const r = Object.assign(new ReaccionDonante(), row);
    out.set(r.donacionId, [...(out.get(r.donacionId) ?? []), r]);
  }
  return out;
}

/**
 * The donors `ids` of the servicio with a severe reaction at one of their live donations: the
 * notice for the next interview (not a deferral).
 */
export async function donantesConReaccionSevera(
  run: RunQuery,
  servicio: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const rows = (await run(
    `SELECT DISTINCT d.donante_id AS id FROM donacion d
       JOIN reaccion_donante r ON r.donacion_id = d.id AND r.servicio_id = d.servicio_id
      WHERE d.servicio_id = $1 AND d.donante_id = ANY($2::uuid[]) AND d.deleted_at IS NULL
        AND r.severidad = 'SEVERA'`,
    [servicio, [...ids]],
  )) as { id: string }[];
  return new Set(rows.map((r) => r.id));
}

/**
 * Donor reactions at a donation: recorded by any of the servicio's staff, corrected (never deleted),
 * each change audited in its transaction.
 */
export class ReaccionService {
  constructor(private readonly dataSource: DataSource) {}

  /** Records a reaction at a live donation of the servicio; gives the donation's id. */
  async registrar(auth: AuthUser, donacionId: string, data: ReaccionData): Promise<string> {
    if (!isUuid(donacionId)) throw new NotFoundError();
    return this.dataSource.transaction(async (m) => {
      const [donacion] = await m.query(
        `SELECT id, donacion_aferesis FROM donacion WHERE id = $1 AND servicio_id = $2 AND deleted_at IS NULL FOR UPDATE`,
        [donacionId, auth.servicio],
      );
      if (!donacion) throw new NotFoundError();
      assertValid(validateReaccion(data, { aferesis: donacion.donacion_aferesis === true }));
      const id = randomUUID();
      const despues = campos(data);
      await m.query(
        `INSERT INTO reaccion_donante (id, servicio_id, donacion_id, tipo, severidad, hora, tratamiento,
           evolucion, detalle, registrada_por)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          id,
          auth.servicio,
          donacion.id,
          despues.tipo,
          despues.severidad,
          despues.hora,
          despues.tratamiento,
          despues.evolucion,
          despues.detalle,
          auth.uid,
        ],
      );
      await audit(m, auth, 'crear', 'reaccion', id, diff(null, { donacionId: donacion.id, ...despues }));
      return String(donacion.id);
    });
  }

  /** Corrects a reaction of a live donation of the servicio; gives the donation's id. */
  async corregir(auth: AuthUser, id: string, data: ReaccionData): Promise<string> {
    if (!isUuid(id)) throw new NotFoundError(MSG.reaccionNoEncontrada);
    return this.dataSource.transaction(async (m) => {
      const [actual] = await m.query(
        `SELECT r.tipo, r.severidad, r.hora, r.tratamiento, r.evolucion, r.detalle, r.donacion_id,
            d.donacion_aferesis
           FROM reaccion_donante r JOIN donacion d ON d.id = r.donacion_id
          WHERE r.id = $1 AND r.servicio_id = $2 AND d.servicio_id = $2 AND d.deleted_at IS NULL
          FOR UPDATE OF r`,
        [id, auth.servicio],
      );
      if (!actual) throw new NotFoundError(MSG.reaccionNoEncontrada);
      assertValid(validateReaccion(data, { aferesis: actual.donacion_aferesis === true }));
      const despues = campos(data);
      const cambios = diff(campos(actual), despues);
      if (Object.keys(cambios).length > 0) {
        await m.query(
          `UPDATE reaccion_donante SET tipo = $2, severidad = $3, hora = $4, tratamiento = $5, evolucion = $6,
             detalle = $7, updated_at = now() WHERE id = $1`,
          [
            id,
            despues.tipo,
            despues.severidad,
            despues.hora,
            despues.tratamiento,
            despues.evolucion,
            despues.detalle,
          ],
        );
        await audit(m, auth, 'editar', 'reaccion', id, cambios);
      }
      return String(actual.donacion_id);
    });
  }
}
