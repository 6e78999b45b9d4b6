import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AuthUser } from '../../auth/context';
import { isValidIsoDate, todayIso } from '../../domain/dates';
import {
  donacionDentroDe8Semanas,
  ResultadosData,
  SEROLOGIA_KEYS,
  Serologia,
  SignosVitales,
  TIPO_BOLSA_DEFAULT,
  textoMenos8Semanas,
  ultimaDonacion,
  validateDonacion,
  validateResultados,
} from '../../domain/donacion';
import { ETIQUETAS_POR_SOLICITUD_MAX, isNumeroEtiqueta, NUMERO_ETIQUETA_MAX } from '../../domain/etiquetas';
import { MSG } from '../../domain/messages';
import { isUuid } from '../../domain/validation';
import { assertValid, NotFoundError, ValidationError } from '../../errors';
import { Page } from '../../graphql/pagination';
import { isUniqueViolation, UNIQUE_INDEX } from '../../database/errors';
import { hydrate } from '../../database/hydrate';
import type { RunQuery } from '../../database/prepared';
import { audit, auditStatement, diff } from '../auditoria/audit';
import { Donacion } from './donacion.entity';
import {
  donacionColumns,
  donacionesDeDonante,
  type DonacionFilterData,
  searchDonaciones,
} from './donacion.search';

export type { DonacionFilterData };

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
};

export type PageData = { offset?: number; limit?: number };
export type UpdateResultadosResult = { donacion: Donacion; message: string };

/** The fields an audit entry records (vital signs flattened, no timestamps). */
function auditView(d: Donacion): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, deletedAt: _d, ...rest } = d;
  return rest;
}

/**
 * The statements of DonacionService.create, in order (test/perf/bench.ts sends
 * the same ones as its raw-Postgres floor).
 */
export const CREATE_SQL = {
  /** $1 donor, $2 servicio: the donor row locked until the commit. */
  lock: `SELECT id FROM donante WHERE id = $1 AND servicio_id = $2 AND deleted_at IS NULL FOR UPDATE`,
  /**
   * $1 donor, $2 servicio, $3 numero: the donor's donations, whether the number is taken and the
   * servicio's last issued label number (0 when none was issued yet).
   * Sent after the lock, as a statement of its own: its snapshot sees every donation committed
   * by whoever held the lock before. The counter is read here, in the creating transaction, and
   * not locked: it only ever grows (nextEtiquetaNumero, avanzarContadorEtiquetas), so a number
   * that is <= ultimo now stays issued whatever commits between this check and the insert.
   */
  read: `SELECT COALESCE((SELECT json_agg(json_build_object('numero', numero, 'fecha', fecha::text))
                  FROM donacion WHERE donante_id = $1 AND deleted_at IS NULL), '[]') AS previas,
          EXISTS (SELECT 1 FROM donacion WHERE servicio_id = $2 AND numero = $3 AND deleted_at IS NULL) AS tomado,
          COALESCE((SELECT ultimo FROM etiqueta_contador WHERE servicio_id = $2), 0)::text AS ultimo`,
  /**
   * The donation ($1-$20, columns in order), the donor's last donation ($21) and the audit entry
   * (from $22), in one statement that gives the new row. The label counter is never written here:
   * a donation only takes a number the counter already issued (checked after `read`).
   */
  write: (auditSql: string) => `WITH d AS (
      INSERT INTO donacion (id, servicio_id, donante_id, numero, fecha, hora, plasma_covid, ta_sistolica,
        ta_diastolica, fc, peso, temp, hb, hto, tipo_bolsa, lote_bolsa, donacion_aferesis, abo, rh,
        registrado_por)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
      RETURNING *
    ), donante AS (
      UPDATE donante SET ultima_donacion = $21 WHERE id = $3
    ), auditoria AS (${auditSql})
    SELECT * FROM d`,
  auditFrom: 22,
  /** The parameters of `write`: the new row's columns in order, `ultima` and the audit entry's. */
  writeParams: (d: DonacionNueva, ultima: string, audit: readonly unknown[]): unknown[] => [
    d.id,
    d.servicioId,
    d.donanteId,
    d.numero,
    d.fecha,
    d.hora,
    d.plasmaCovid,
    d.taSistolica,
    d.taDiastolica,
    d.fc,
    d.peso,
    d.temp,
    d.hb,
    d.hto,
    d.tipoBolsa,
    d.loteBolsa,
    d.donacionAferesis,
    d.abo,
    d.rh,
    d.registradoPor,
    ultima,
    ...audit,
  ],
};

/** The columns a new donation is written with (CREATE_SQL.write). */
export type DonacionNueva = Pick<
  Donacion,
  | 'id'
  | 'servicioId'
  | 'donanteId'
  | 'numero'
  | 'fecha'
  | 'hora'
  | 'plasmaCovid'
  | 'taSistolica'
  | 'taDiastolica'
  | 'fc'
  | 'peso'
  | 'temp'
  | 'hb'
  | 'hto'
  | 'tipoBolsa'
  | 'loteBolsa'
  | 'donacionAferesis'
  | 'abo'
  | 'rh'
  | 'registradoPor'
>;

export class DonacionService {
  constructor(
    private readonly dataSource: DataSource,
    /** The reads every screen makes, as prepared statements (database/prepared.ts). */
    private readonly query: RunQuery,
  ) {}

  /**
   * The next label number of the caller's servicio. One atomic statement: the
   * row lock of the upsert serialises concurrent callers, so no number is
   * issued twice, and the counter only moves forward, so none is reused.
   * `solicitud` is the HTTP request's context: one request issues at most
   * ETIQUETAS_POR_SOLICITUD_MAX numbers, the rest are refused and burn nothing.
   */
  async nextEtiquetaNumero(auth: AuthUser, solicitud: { etiquetasPedidas: number }): Promise<number> {
    if (solicitud.etiquetasPedidas >= ETIQUETAS_POR_SOLICITUD_MAX) {
      throw ValidationError.single('', MSG.demasiadasEtiquetasPorSolicitud);
    }
    solicitud.etiquetasPedidas += 1;
    // One statement (its own transaction): the counter row is locked for the
    // shortest possible time, and the audit entry commits with the number.
    // Past NUMERO_ETIQUETA_MAX the upsert updates nothing and no number is issued.
    const [row] = await this.dataSource.query(
      `WITH n AS (
         INSERT INTO etiqueta_contador AS c (servicio_id, ultimo) VALUES ($1, 1)
         ON CONFLICT (servicio_id) DO UPDATE SET ultimo = c.ultimo + 1 WHERE c.ultimo < $3
         RETURNING ultimo
       )
       INSERT INTO auditoria (servicio_id, usuario_id, accion, entidad, entidad_id, cambios)
       SELECT $1, $2, 'crear', 'etiqueta', n.ultimo::text, jsonb_build_object('numero', n.ultimo) FROM n
       RETURNING entidad_id`,
      [auth.servicio, auth.uid, NUMERO_ETIQUETA_MAX],
    );
    if (!row) throw ValidationError.single('', MSG.numerosEtiquetaAgotados);
    return Number(row.entidad_id);
  }

  /**
   * Records a donation. Everything runs in one transaction that first locks
   * the donor row, so two concurrent requests for the same donor are
   * serialised and can never both pass the duplicate and 8-week rules.
   */
  async create(auth: AuthUser, data: CreateDonacionData): Promise<Donacion> {
    const tipoBolsa = data.tipoBolsa ?? TIPO_BOLSA_DEFAULT;
    const sv = data.sv ?? null;
    const id = randomUUID();
    // Five round trips: begin, lock, read, write, commit.
    const rows = await this.dataSource.transaction(async (m) => {
      if (!isUuid(data.donanteId)) throw new NotFoundError(MSG.donanteNoEncontrado);
      const locked = await m.query(CREATE_SQL.lock, [data.donanteId, auth.servicio]);
      if (locked.length === 0) throw new NotFoundError(MSG.donanteNoEncontrado);

      assertValid(validateDonacion({ ...data, tipoBolsa, sv }, todayIso()));
      const numero = data.numero!;
      const fecha = data.fecha!;

      const [read] = await m.query(CREATE_SQL.read, [data.donanteId, auth.servicio, numero]);
      const ultimo = Number(read.ultimo);
      if (numero > ultimo)
        throw ValidationError.single('numero', MSG.numeroEtiquetaNoEmitido(numero, ultimo));
      const previas = read.previas as { numero: number; fecha: string }[];
      if (previas.some((p) => p.fecha === fecha && p.numero === numero)) {
        throw ValidationError.single('', MSG.donacionYaRegistrada);
      }
      const cercana = donacionDentroDe8Semanas(
        fecha,
        previas.map((p) => p.fecha),
      );
      if (cercana) throw ValidationError.single('fecha', textoMenos8Semanas(cercana));
      if (read.tomado) throw ValidationError.single('numero', MSG.numeroDonacionEnUso(numero));

      const donacion = m.create(Donacion, {
        id,
        servicioId: auth.servicio,
        donanteId: data.donanteId,
        numero,
        fecha,
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
        serologia: null,
        exclusionDefinitiva: null,
        exclusionTiempo: null,
        exclusionCodigo: null,
        registradoPor: auth.uid,
        deletedAt: null,
      });
      const ultima = ultimaDonacion(
        fecha,
        previas.map((p) => p.fecha),
      );
      const entry = auditStatement(
        auth,
        'crear',
        'donacion',
        id,
        diff(null, auditView(donacion)),
        CREATE_SQL.auditFrom,
      );
      try {
        return await m.query(
          CREATE_SQL.write(entry.sql),
          CREATE_SQL.writeParams(donacion, ultima, entry.params),
        );
      } catch (error) {
        // Another donor's donation took the number between the check and the insert.
        if (isUniqueViolation(error, UNIQUE_INDEX.donacionNumero)) {
          throw ValidationError.single('numero', MSG.numeroDonacionEnUso(numero));
        }
        throw error;
      }
    });
    return hydrate(this.dataSource, Donacion, rows)[0];
  }

  /** donante.ultima_donacion = the latest live donation's date (null when none is left). */
  private async refreshUltimaDonacion(m: EntityManager, donanteId: string): Promise<void> {
    await m.query(
      `UPDATE donante SET ultima_donacion =
         (SELECT max(fecha) FROM donacion WHERE donante_id = $1 AND deleted_at IS NULL)
       WHERE id = $1`,
      [donanteId],
    );
  }

  /** Donations by numero and/or fecha, newest first. */
  async search(
    auth: AuthUser,
    filter: DonacionFilterData,
    page: PageData = {},
    /** The fields the caller shows (GraphQL: those the query asks for); all when omitted. */
    fields?: Iterable<string> | null,
  ): Promise<Page<Donacion>> {
    const errors = [];
    if (filter.fecha && !isValidIsoDate(filter.fecha))
      errors.push({ field: 'fecha', msg: MSG.fechaInvalida });
    // A number no label can carry is refused as a typing mistake (never sent to the int column).
    if (filter.numero !== null && filter.numero !== undefined && !isNumeroEtiqueta(filter.numero)) {
      errors.push({ field: 'numero', msg: MSG.numeroEtiquetaFueraDeRango });
    }
    assertValid(errors);
    const offset = page.offset ?? 0;
    const limit = page.limit ?? 20;
    const { rows, total } = await searchDonaciones(
      this.query,
      auth.servicio,
      filter,
      offset,
      limit,
      donacionColumns(fields),
    );
    return { items: hydrate(this.dataSource, Donacion, rows), total, offset, limit };
  }

  /** One live donation of the caller's servicio; another servicio's is "not found". */
  async get(auth: AuthUser, id: string, manager?: EntityManager): Promise<Donacion> {
    if (!isUuid(id)) throw new NotFoundError();
    const sql = `SELECT d.* FROM donacion d WHERE d.id = $1 AND d.servicio_id = $2 AND d.deleted_at IS NULL`;
    // Inside a transaction, on its connection; otherwise prepared.
    const rows = manager
      ? await manager.query(sql, [id, auth.servicio])
      : await this.query(sql, [id, auth.servicio]);
    if (rows.length === 0) throw new NotFoundError();
    return hydrate(this.dataSource, Donacion, rows)[0];
  }

  /** The donor's live donations, newest first. */
  async deDonante(auth: AuthUser, donanteId: string): Promise<Donacion[]> {
    if (!isUuid(donanteId)) throw new NotFoundError(MSG.donanteNoEncontrado);
    const rows = await donacionesDeDonante(this.query, auth.servicio, donanteId);
    if (rows === null) throw new NotFoundError(MSG.donanteNoEncontrado);
    return hydrate(this.dataSource, Donacion, rows);
  }

  /** Blood group, Rh, serology and exclusion. Fields left out keep their value. */
  async updateResultados(auth: AuthUser, id: string, data: ResultadosData): Promise<UpdateResultadosResult> {
    assertValid(validateResultados(data));
    const donacion = await this.dataSource.transaction(async (m) => {
      if (!isUuid(id)) throw new NotFoundError();
      const [row] = await m.query(
        `SELECT id FROM donacion WHERE id = $1 AND servicio_id = $2 AND deleted_at IS NULL FOR UPDATE`,
        [id, auth.servicio],
      );
      if (!row) throw new NotFoundError();
      const before = await this.get(auth, id, m);
      const changes: Partial<Donacion> = {};
      if (data.abo !== undefined) changes.abo = data.abo ?? '';
      if (data.rh !== undefined) changes.rh = data.rh ?? '';
      if (data.serologia !== undefined) {
        if (data.serologia === null) changes.serologia = null;
        else {
          const s = {} as Serologia;
          for (const key of SEROLOGIA_KEYS) s[key] = data.serologia[key] === true;
          changes.serologia = s;
        }
      }
      if (data.exclusionDefinitiva !== undefined)
        changes.exclusionDefinitiva = data.exclusionDefinitiva || null;
      if (data.exclusionTiempo !== undefined) changes.exclusionTiempo = data.exclusionTiempo ?? null;
      if (data.exclusionCodigo !== undefined) changes.exclusionCodigo = data.exclusionCodigo?.trim() || null;
      const after = { ...before, ...changes } as Donacion;
      const cambios = diff(auditView(before), auditView(after));
      if (Object.keys(cambios).length > 0) {
        await m.update(Donacion, { id }, changes);
        await audit(m, auth, 'editar', 'donacion', id, cambios);
      }
      return this.get(auth, id, m);
    });
    return { donacion, message: MSG.donacionActualizada };
  }

  /** Marks the donation deleted (kept for the audit trail) and recomputes the donor's last donation. */
  async softDelete(auth: AuthUser, id: string): Promise<Donacion> {
    return this.dataSource.transaction(async (m) => {
      if (!isUuid(id)) throw new NotFoundError();
      const [row] = await m.query(
        `SELECT donante_id FROM donacion WHERE id = $1 AND servicio_id = $2 AND deleted_at IS NULL`,
        [id, auth.servicio],
      );
      if (!row) throw new NotFoundError();
      // Lock order donor -> donation, as in create, so the two never deadlock.
      await m.query(`SELECT id FROM donante WHERE id = $1 FOR UPDATE`, [row.donante_id]);
      const [locked] = await m.query(
        `SELECT id FROM donacion WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
        [id],
      );
      if (!locked) throw new NotFoundError();
      const before = await this.get(auth, id, m);
      await m.update(Donacion, { id }, { deletedAt: new Date() });
      await this.refreshUltimaDonacion(m, row.donante_id);
      await audit(m, auth, 'eliminar', 'donacion', id, {
        numero: before.numero,
        fecha: before.fecha,
        hora: before.hora,
        donanteId: before.donanteId,
      });
      return before;
    });
  }
}
