/**
 * Bringing a deleted donation back (the audit screen's Restaurar): the steps of a creation
 * (donacion.create.ts) on a row that already exists. The donor row is locked first, the donor's
 * history and the number are read after the lock and checked by the creation's own rules,
 * the donor's last donation moves as a creation moves it, and a number taken by another donor at
 * the last moment gets the creation's answer. The signs recorded are checked against the
 * servicio's screening thresholds as they are now (a restore never lets in what a creation would
 * refuse). Only what is the restore's own is here: finding the deleted row, undeleting it and its
 * 'restaurar' audit entry.
 */
import { type SignosVitales, ultimaDonacion, validateSignosVitales } from '../../domain/donacion';
import { MSG } from '../../domain/messages';
import { isUuid } from '../../domain/validation';
import { NotFoundError, ValidationError } from '../../errors';
import type { RunQuery } from '../../database/prepared';
import { type Actor, auditStatement } from '../auditoria/audit';
import {
  type AlLeerHistorial,
  auditarConsultaRed,
  historialDe,
  lockPersona,
  reglasDelServicio,
} from '../persona/persona.service';
import { abrirTrazabilidadPorDiferimiento, definitivaDe } from '../trazabilidad/trazabilidad.service';
import { assertCreateRules, numeroEnUsoOr, numeroState, touchUltimaDonacion } from './donacion.create';

const DONANTE_DE_DONACION_SQL = `SELECT donante_id FROM donacion WHERE id = $1 AND servicio_id = $2`;

const LOCK_DONACION_SQL = `SELECT numero, fecha::text AS fecha, donacion_aferesis, deleted_at,
    ta_sistolica, ta_diastolica, fc, peso, temp, hb, hto FROM donacion
  WHERE id = $1 FOR UPDATE`;

/** A measured sign as read from a numeric column (text from pg), or null when not measured. */
const medida = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const UNDELETE_DONACION_SQL = `UPDATE donacion SET deleted_at = NULL, updated_at = now() WHERE id = $1`;

const DONACION_SQL = `SELECT * FROM donacion WHERE id = $1`;

/** The signs a deleted donation was recorded with, as domain/donacion.ts reads them. */
const signosRegistrados = (r: Record<string, unknown>): SignosVitales => ({
  tas: medida(r.ta_sistolica),
  tad: medida(r.ta_diastolica),
  fc: medida(r.fc),
  peso: medida(r.peso),
  temp: medida(r.temp),
  hb: medida(r.hb),
  hto: medida(r.hto),
});

/**
 * Every step of a restore, in order, on the statements of an open transaction (`run`): gives the
 * restored row. Another servicio's donation, or no donation, is NotFoundError. `alLeer`: as in
 * createDonacionSteps.
 */
export async function restaurarDonacionSteps(
  run: RunQuery,
  actor: Actor,
  id: string,
  alLeer?: AlLeerHistorial,
): Promise<Record<string, unknown>> {
  if (!isUuid(id)) throw new NotFoundError();
  const [row] = await run(DONANTE_DE_DONACION_SQL, [id, actor.servicio]);
  if (!row) throw new NotFoundError();
  const donanteId = String(row.donante_id);
  // Lock order donor -> donation, as creating and deleting a donation do.
  if (!(await lockPersona(run, donanteId, actor.servicio))) {
    throw ValidationError.single('donanteId', MSG.restaurarDonanteEliminado);
  }
  const [locked] = await run(LOCK_DONACION_SQL, [id]);
  if (locked.deleted_at === null) throw ValidationError.single('', MSG.noEliminado);
  const d = {
    numero: Number(locked.numero),
    fecha: String(locked.fecha),
    donacionAferesis: locked.donacion_aferesis === true,
  };

  const conElla = await historialDe(run, actor.servicio, donanteId);
  // The history without the donation itself: its own deferral never stops it.
  const historial = { ...conElla, eliminadas: conElla.eliminadas.filter((e) => e.id !== id.toLowerCase()) };
  alLeer?.(donanteId, historial);
  const reglas = await reglasDelServicio(run, actor.servicio);
  // The signs recorded are checked as a creation checks them, with the donor's sex and the
  // servicio's thresholds as they are now: a restore brings a donation back into the registers
  // and towards its units' release, so it must not let in a donation that today's rules refuse
  // (the thresholds may have been made stricter, or the donor's sex corrected, since it was
  // deleted). A sign outside them refuses the restore, naming it; nothing is changed.
  const sv = signosRegistrados(locked);
  const fuera = validateSignosVitales(sv, { sexo: historial.donante.sexo, umbrales: reglas.umbrales });
  if (fuera.length > 0)
    throw ValidationError.single('', MSG.restaurarFueraDeUmbrales(fuera.map((e) => e.msg).join(', ')));
  assertCreateRules(d, historial, reglas, await numeroState(run, actor.servicio, d.numero));
  const propias = historial.donaciones.filter((p) => p.donanteId === donanteId).map((p) => p.fecha);
  await touchUltimaDonacion(run, donanteId, ultimaDonacion(d.fecha, propias));
  // As a creation: the roll-up's day row and the audit chain's head last (donacion.create.ts).
  try {
    await run(UNDELETE_DONACION_SQL, [id]);
  } catch (error) {
    throw numeroEnUsoOr(error, d.numero);
  }
  await auditarConsultaRed(run, actor, donanteId, historial);
  const entry = auditStatement(actor, 'restaurar', 'donacion', id, {
    deletedAt: [new Date(locked.deleted_at as string | Date).toISOString(), null],
    numero: d.numero,
    fecha: d.fecha,
  });
  await run(entry.sql, entry.params);
  const [restored] = await run(DONACION_SQL, [id]);
  // A deleted donation's deferral stood meanwhile (domain/elegibilidad.ts): a definitive one for a
  // cause that may affect earlier blood has its look-back already; asked again all the same, so
  // that no path to a definitive deferral goes without one (once per donor and cause).
  if (restored.exclusion_definitiva === 'Definitiva' || restored.serologia_confirmada === true)
    await abrirTrazabilidadPorDiferimiento(
      run,
      actor,
      { donacionId: id },
      definitivaDe({
        serologia: restored.serologia as Record<string, boolean> | null,
        exclusionCodigo: restored.exclusion_codigo as string | null,
      }),
    );
  return restored;
}
