/**
 * 'No apto' screening visits: the donor came and could not donate (vital signs, interview). The
 * visit records the reason, the measured values and a deferral (days, or for good: a doctor's
 * decision), which the eligibility rules (domain/elegibilidad.ts) read from the person's history.
 */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../auth/context';
import { todayIso } from '../../domain/dates';
import { MSG } from '../../domain/messages';
import { type NoAptoData, validateNoApto } from '../../domain/no-apto';
import { decideReactivo } from '../../domain/roles';
import { isUuid } from '../../domain/validation';
import { assertValid, ForbiddenError, NotFoundError } from '../../errors';
import type { RunQuery } from '../../database/prepared';
import { auditStatement, diff } from '../auditoria/audit';
import { lockPersona } from '../persona/persona.service';
import { abrirTrazabilidadPorDiferimiento } from '../trazabilidad/trazabilidad.service';
import type { VisitaNoApto } from './no-apto.types';

const VISITA_COLUMNS = `id, donante_id, fecha::text AS fecha, to_char(hora, 'HH24:MI') AS hora, motivo,
  ta_sistolica, ta_diastolica, fc, peso, temp, hb, hto, diferimiento_dias, definitivo`;

type VisitaRow = Record<string, string | number | boolean | null>;

const num = (v: string | number | boolean | null): number | null => (v === null ? null : Number(v));

function visita(r: VisitaRow): VisitaNoApto {
  return {
    id: String(r.id),
    donanteId: String(r.donante_id),
    fecha: String(r.fecha),
    hora: String(r.hora),
    motivo: String(r.motivo),
    tas: num(r.ta_sistolica),
    tad: num(r.ta_diastolica),
    fc: num(r.fc),
    peso: num(r.peso),
    temp: num(r.temp),
    hb: num(r.hb),
    hto: num(r.hto),
    diferimientoDias: Number(r.diferimiento_dias),
    definitivo: r.definitivo === true,
  };
}

/** How many visits a donor's list shows, newest first. */
const VISITAS_MAX = 100;

export class NoAptoService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly query: RunQuery,
  ) {}

  /**
   * Records that the donor came and could not donate. Under the person's lock, as a creation,
   * so a donation recorded at the same moment sees the deferral or is seen by it. The attendance
   * is a visit (modules/visita): the donor's visit in progress today ends with it, or a visit
   * that ended so is recorded.
   */
  async registrarNoApto(auth: AuthUser, donanteId: string, data: NoAptoData): Promise<VisitaNoApto> {
    assertValid(validateNoApto(data, todayIso()));
    if (data.definitivo === true && !decideReactivo(auth.rol)) {
      throw new ForbiddenError(MSG.soloMedicoNoAptoDefinitivo);
    }
    return this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      if (!isUuid(donanteId) || !(await lockPersona(run, donanteId, auth.servicio))) {
        throw new NotFoundError(MSG.donanteNoEncontrado);
      }
      const visita = await insertarNoApto(run, auth, donanteId, data);
      const [abierta] = await run(
        // (As a SELECT: an UPDATE's answer here is its rows and their count.)
        `WITH u AS (
           UPDATE visita SET estado = 'NO_APTO', no_apto_id = $3, cerrada_en = now(), updated_at = now()
            WHERE id = (SELECT id FROM visita WHERE donante_id = $1 AND servicio_id = $2 AND estado = 'EN_CURSO'
                         AND fecha = $4 ORDER BY created_at DESC LIMIT 1)
            RETURNING id)
         SELECT id FROM u`,
        [donanteId, auth.servicio, visita.id, visita.fecha],
      );
      if (!abierta) {
        await run(
          `INSERT INTO visita (servicio_id, donante_id, fecha, hora, recibido_por, estado, no_apto_id, cerrada_en)
           VALUES ($1, $2, $3, $4, $5, 'NO_APTO', $6, now())`,
          [auth.servicio, donanteId, visita.fecha, visita.hora, auth.uid, visita.id],
        );
      }
      return visita;
    });
  }

  /** The donor's 'No apto' visits, newest first. */
  async visitasNoApto(auth: AuthUser, donanteId: string): Promise<VisitaNoApto[]> {
    if (!isUuid(donanteId)) throw new NotFoundError(MSG.donanteNoEncontrado);
    const [donante] = await this.query(
      `SELECT id FROM donante WHERE id = $1 AND servicio_id = $2 AND deleted_at IS NULL`,
      [donanteId, auth.servicio],
    );
    if (!donante) throw new NotFoundError(MSG.donanteNoEncontrado);
    const rows = (await this.query(
      `SELECT ${VISITA_COLUMNS} FROM visita_no_apto
        WHERE donante_id = $1 AND servicio_id = $2
        ORDER BY fecha DESC, hora DESC LIMIT ${VISITAS_MAX}`,
      [donanteId, auth.servicio],
    )) as VisitaRow[];
    return rows.map(visita);
  }
}

/**
 * Writes a 'No apto' visit of `donanteId` and its audit entry, on the statements of an open
 * transaction that holds the person's lock (lockPersona). A deferral for good is a doctor's.
 */
export async function insertarNoApto(
  run: RunQuery,
  auth: AuthUser,
  donanteId: string,
  data: NoAptoData,
): Promise<VisitaNoApto> {
  assertValid(validateNoApto(data, todayIso()));
  if (data.definitivo === true && !decideReactivo(auth.rol)) {
    throw new ForbiddenError(MSG.soloMedicoNoAptoDefinitivo);
  }
  const sv = data.sv ?? {};
  const id = randomUUID();
  const values = {
    fecha: data.fecha!,
    hora: data.hora!,
    motivo: String(data.motivo).trim(),
    tas: sv.tas ?? null,
    tad: sv.tad ?? null,
    fc: sv.fc ?? null,
    peso: sv.peso ?? null,
    temp: sv.temp ?? null,
    hb: sv.hb ?? null,
    hto: sv.hto ?? null,
    diferimientoDias: data.definitivo === true ? 0 : (data.diferimientoDias ?? 0),
    definitivo: data.definitivo === true,
  };
  const [row] = await run(
    `INSERT INTO visita_no_apto (id, servicio_id, donante_id, fecha, hora, motivo, ta_sistolica,
       ta_diastolica, fc, peso, temp, hb, hto, diferimiento_dias, definitivo, registrado_por)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     RETURNING ${VISITA_COLUMNS}`,
    [id, auth.servicio, donanteId, ...Object.values(values), auth.uid],
  );
  const entry = auditStatement(auth, 'crear', 'visita_no_apto', id, diff(null, { donanteId, ...values }));
  await run(entry.sql, entry.params);
  // A deferral for good may open a look-back of the donor's earlier blood (domain causaInfecciosa).
  if (values.definitivo)
    await abrirTrazabilidadPorDiferimiento(
      run,
      auth,
      { noAptoId: id },
      { definitiva: true, textos: [values.motivo] },
    );
  return visita(row as VisitaRow);
}
