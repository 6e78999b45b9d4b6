/**
 * Creating a donation: short statements named for what they do, sent in order inside the one
 * transaction that first locks the donor row (DonacionService.create opens it). The raw-Postgres
 * floor of the benchmark (test/perf/bench.ts) runs createDonacionSteps too, in its own transaction.
 *
 * Why the rules are race-safe: every request for a donor waits at lockPersona until whoever held
 * the lock commits, and the reads after it are statements of their own (READ COMMITTED: each one
 * sees everything committed before it started), so two requests for one donor can never both
 * pass the duplicate and 8-week rules. The label counter is read, not locked: it only ever grows
 * (DonacionService.nextEtiquetaNumero, OpcionesService.avanzarContadorEtiquetas), so a number at or
 * under it stays issued whatever commits before the insert. Two donors racing for one number are
 * stopped by the unique index.
 */
import { randomUUID } from 'node:crypto';
import { todayIso } from '../../domain/dates';
import {
  SignosVitales,
  TIPO_BOLSA_DEFAULT,
  type UmbralesTamizaje,
  ultimaDonacion,
  validateDonacion,
  validateSignosVitales,
} from '../../domain/donacion';
import {
  campoRechazo,
  evaluarElegibilidad,
  type ReglasElegibilidad,
  textoRechazo,
} from '../../domain/elegibilidad';
import { MSG } from '../../domain/messages';
import { isUuid } from '../../domain/validation';
import { assertValid, NotFoundError, ValidationError } from '../../errors';
import { isUniqueViolation, UNIQUE_INDEX } from '../../database/errors';
import type { RunQuery } from '../../database/prepared';
import { type Actor, auditStatement, diff } from '../auditoria/audit';
import {
  type AlLeerHistorial,
  auditarConsultaRed,
  type Historial,
  historialDe,
  lockPersona,
  reglasDelServicio,
} from '../persona/persona.service';
import type { Donacion } from './donacion.entity';

export type CreateDonacionData = {
  donanteId: string;
  numero?: number | null;
  fecha?: string | null;
  hora?: string | null;
  plasmaCovid?: boolean | null;
  sv?: Partial<SignosVitales> | null;
  tipoBolsa?: string | null;
  loteBolsa?: string | null;
  donacionAferesis?: boolean | null;
  /** The visit the donation ends (modules/visita); none: a visit that ended in it is recorded. */
  visitaId?: string | null;
};

/** The columns a new donation is written with, by name: [column, field of Donacion]. */
const NUEVA_COLUMNS = [
  ['id', 'id'],
  ['servicio_id', 'servicioId'],
  ['donante_id', 'donanteId'],
  ['numero', 'numero'],
  ['fecha', 'fecha'],
  ['hora', 'hora'],
  ['plasma_covid', 'plasmaCovid'],
  ['ta_sistolica', 'taSistolica'],
  ['ta_diastolica', 'taDiastolica'],
  ['fc', 'fc'],
  ['peso', 'peso'],
  ['temp', 'temp'],
  ['hb', 'hb'],
  ['hto', 'hto'],
  ['tipo_bolsa', 'tipoBolsa'],
  ['lote_bolsa', 'loteBolsa'],
  ['donacion_aferesis', 'donacionAferesis'],
  ['abo', 'abo'],
  ['rh', 'rh'],
  ['registrado_por', 'registradoPor'],
] as const satisfies readonly (readonly [string, keyof Donacion])[];

/** A new donation as it is inserted (results, serology and exclusion come later). */
export type DonacionNueva = Pick<Donacion, (typeof NUEVA_COLUMNS)[number][1]>;

/** Whether a live donation of the servicio carries the number, and the last number it issued. */
export type NumeroState = { tomado: boolean; ultimo: number };

const NUMERO_STATE_SQL = `SELECT
    EXISTS (SELECT 1 FROM donacion WHERE servicio_id = $1 AND numero = $2 AND deleted_at IS NULL) AS tomado,
    COALESCE((SELECT ultimo FROM etiqueta_contador WHERE servicio_id = $1), 0)::text AS ultimo`;

/** Whether `numero` is on a live donation of the servicio, and its last issued label number (0: none). */
export async function numeroState(run: RunQuery, servicio: string, numero: number): Promise<NumeroState> {
  const [row] = await run(NUMERO_STATE_SQL, [servicio, numero]);
  return { tomado: row.tomado === true, ultimo: Number(row.ultimo) };
}

const INSERT_DONACION_SQL = `INSERT INTO donacion (${NUEVA_COLUMNS.map(([column]) => column).join(', ')})
  VALUES (${NUEVA_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})
  RETURNING *`;

/** Inserts the donation and gives the new row (a unique violation when another took the number). */
export async function insertDonacion(run: RunQuery, d: DonacionNueva): Promise<Record<string, unknown>> {
  const [row] = await run(
    INSERT_DONACION_SQL,
    NUEVA_COLUMNS.map(([, field]) => d[field]),
  );
  return row;
}

const TOUCH_ULTIMA_DONACION_SQL = `UPDATE donante SET ultima_donacion = $2 WHERE id = $1`;

/** Sets the donor's last donation date (the lock is held, so nobody else moves it meanwhile). */
export async function touchUltimaDonacion(run: RunQuery, donanteId: string, fecha: string): Promise<void> {
  await run(TOUCH_ULTIMA_DONACION_SQL, [donanteId, fecha]);
}

/** Writes the 'crear' audit entry: every field of the new donation, nothing before it. */
export async function auditCreate(run: RunQuery, actor: Actor, d: DonacionNueva): Promise<void> {
  const despues = {
    ...d,
    serologia: null,
    exclusionDefinitiva: null,
    exclusionTiempo: null,
    exclusionCodigo: null,
  };
  const entry = auditStatement(actor, 'crear', 'donacion', d.id, diff(null, despues));
  await run(entry.sql, entry.params);
}

/** The row `data` becomes, once validated (field errors are a ValidationError). */
export function nuevaDonacion(
  actor: Actor,
  data: CreateDonacionData,
  id: string = randomUUID(),
): DonacionNueva {
  const tipoBolsa = data.tipoBolsa ?? TIPO_BOLSA_DEFAULT;
  const sv = data.sv ?? null;
  assertValid(validateDonacion({ ...data, tipoBolsa, sv }, todayIso()));
  return {
    id,
    servicioId: actor.servicio,
    donanteId: data.donanteId,
    numero: data.numero!,
    fecha: data.fecha!,
    hora: data.hora!,
    plasmaCovid: Boolean(data.plasmaCovid),
    taSistolica: sv?.tas ?? null,
    taDiastolica: sv?.tad ?? null,
    fc: sv?.fc ?? null,
    peso: sv?.peso ?? null,
    temp: sv?.temp ?? null,
    hb: sv?.hb ?? null,
    hto: sv?.hto ?? null,
    tipoBolsa,
    loteBolsa: String(data.loteBolsa).trim(),
    donacionAferesis: Boolean(data.donacionAferesis),
    abo: '',
    rh: '',
    registradoPor: actor.uid,
  };
}

/** A new donation's signs as domain/donacion.ts reads them. */
const signosDe = (d: DonacionNueva): SignosVitales => ({
  tas: d.taSistolica,
  tad: d.taDiastolica,
  fc: d.fc,
  peso: d.peso,
  temp: d.temp,
  hb: d.hb,
  hto: d.hto,
});

/**
 * The rules that need the database: an issued number, no duplicate, the donor eligible on the
 * donation's date (domain/elegibilidad.ts: interval, yearly limit, deferrals), a free number.
 * Also the rules of bringing a deleted donation back (donacion.restore.ts). A new donation's
 * signs (`sv`) are checked again with the donor's sex and the servicio's screening thresholds.
 */
export function assertCreateRules(
  d: Pick<DonacionNueva, 'numero' | 'fecha' | 'donacionAferesis'>,
  historial: Historial,
  reglas: ReglasElegibilidad & { umbrales?: UmbralesTamizaje },
  estado: NumeroState,
  sv?: SignosVitales,
): void {
  if (sv) assertValid(validateSignosVitales(sv, { sexo: historial.donante.sexo, umbrales: reglas.umbrales }));
  if (d.numero > estado.ultimo) {
    throw ValidationError.single('numero', MSG.numeroEtiquetaNoEmitido(d.numero, estado.ultimo));
  }
  // The servicio's own records: another member's numbers are its own series.
  if (historial.donaciones.some((p) => !p.servicio && p.fecha === d.fecha && p.numero === d.numero)) {
    throw ValidationError.single('', MSG.donacionYaRegistrada);
  }
  const elegibilidad = evaluarElegibilidad(historial, reglas, d.fecha, { aferesis: d.donacionAferesis });
  if (!elegibilidad.puedeDonar) {
    throw ValidationError.single(campoRechazo(elegibilidad), textoRechazo(elegibilidad));
  }
  if (estado.tomado) throw ValidationError.single('numero', MSG.numeroDonacionEnUso(d.numero));
}

/**
 * A unique violation on the label number (another donor's donation took it between numeroState
 * and the write) as the answer of the check; any other error as it is.
 */
export function numeroEnUsoOr(error: unknown, numero: number): unknown {
  return isUniqueViolation(error, UNIQUE_INDEX.donacionNumero)
    ? ValidationError.single('numero', MSG.numeroDonacionEnUso(numero))
    : error;
}

/**
 * Every step of a creation, in order, on the statements of an open transaction (`run`): gives
 * the new row. Nine round trips with the transaction's BEGIN and COMMIT. `alLeer` is told the
 * history the rules read, so that a refusal's rollback does not take its lookup's audit with it
 * (conConsultaRedAuditada).
 */
export async function createDonacionSteps(
  run: RunQuery,
  actor: Actor,
  data: CreateDonacionData,
  alLeer?: AlLeerHistorial,
): Promise<Record<string, unknown>> {
  if (!isUuid(data.donanteId) || !(await lockPersona(run, data.donanteId, actor.servicio))) {
    throw new NotFoundError(MSG.donanteNoEncontrado);
  }
  // The id as Postgres writes it, so the history's rows compare equal to it.
  const d = nuevaDonacion(actor, { ...data, donanteId: data.donanteId.toLowerCase() });
  const historial = await historialDe(run, actor.servicio, d.donanteId);
  alLeer?.(d.donanteId, historial);
  const reglas = await reglasDelServicio(run, actor.servicio);
  assertCreateRules(d, historial, reglas, await numeroState(run, actor.servicio, d.numero), signosDe(d));
  const propias = historial.donaciones.filter((p) => p.donanteId === d.donanteId).map((p) => p.fecha);
  await touchUltimaDonacion(run, d.donanteId, ultimaDonacion(d.fecha, propias));
  // The writes every creation of the servicio takes turns on come last, so each holds them only
  // until its commit: the day's row of the indicators' roll-up (written by the insert's trigger)
  // and the head of the audit chain.
  const row = await insertDonacion(run, d);
  await auditarConsultaRed(run, actor, d.donanteId, historial);
  await auditCreate(run, actor, d);
  return row;
}
