import { DataSource, EntityManager } from 'typeorm';
import { AuthUser } from '../../auth/context';
import { isValidIsoDate, TIME_ZONE } from '../../domain/dates';
import { donacionDentroDe8Semanas, textoMenos8Semanas } from '../../domain/donacion';
import { FieldError, MSG } from '../../domain/messages';
import { isUuid } from '../../domain/validation';
import { isUniqueViolation, UNIQUE_INDEX } from '../../database/errors';
import { assertValid, NotFoundError, ValidationError } from '../../errors';
import { Page, PAGE_MAX } from '../../graphql/pagination';
import { Donacion } from '../donacion/donacion.entity';
import { Donante } from '../donante/donante.entity';
import { DonanteService } from '../donante/donante.service';
import { audit } from './audit';
import { Auditoria } from './auditoria.entity';

export type AuditoriaFilterData = {
  entidad?: string | null;
  entidadId?: string | null;
  desde?: string | null;
  hasta?: string | null;
};
export type AuditoriaPageData = { offset?: number | null; limit?: number | null };

/** An audit entry with the username of who made the change. */
export type AuditoriaEntry = Auditoria & { usuarioNombre: string | null };

type Row = {
  id: string;
  servicio_id: string;
  usuario_id: string | null;
  at: Date;
  accion: Auditoria['accion'];
  entidad: string;
  entidad_id: string;
  cambios: Record<string, unknown>;
  usuario_nombre: string | null;
};

export class AuditoriaService {
  constructor(
    private readonly dataSource: DataSource,
    /** Restores go through the services that own the records' rules. */
    private readonly donantes: DonanteService,
  ) {}

  /**
   * The caller's servicio's audit trail, newest first. Served by the indexes
   * (servicio_id, at DESC) and (servicio_id, entidad, entidad_id).
   */
  async list(
    auth: AuthUser,
    filter: AuditoriaFilterData = {},
    page: AuditoriaPageData = {},
  ): Promise<Page<AuditoriaEntry>> {
    const errors: FieldError[] = [];
    const entidad = filter.entidad?.trim() || null;
    const entidadId = filter.entidadId?.trim() || null;
    if (entidad && entidad.length > 40) errors.push({ field: 'entidad', msg: MSG.textoDemasiadoLargo(40) });
    if (entidadId && entidadId.length > 64)
      errors.push({ field: 'entidadId', msg: MSG.textoDemasiadoLargo(64) });
    if (filter.desde && !isValidIsoDate(filter.desde))
      errors.push({ field: 'desde', msg: MSG.fechaInvalida });
    if (filter.hasta && !isValidIsoDate(filter.hasta))
      errors.push({ field: 'hasta', msg: MSG.fechaInvalida });
    assertValid(errors);
    const offset = Math.max(0, Math.trunc(page.offset ?? 0));
    const limit = Math.min(PAGE_MAX, Math.max(1, Math.trunc(page.limit ?? 20)));

    const where = ['a.servicio_id = $1'];
    const params: unknown[] = [auth.servicio];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (entidad) add('a.entidad = ?', entidad);
    if (entidadId) add('a.entidad_id = ?', entidadId);
    if (filter.desde) add(`a.at >= (?::date::timestamp AT TIME ZONE '${TIME_ZONE}')`, filter.desde);
    if (filter.hasta) add(`a.at < ((?::date + 1)::timestamp AT TIME ZONE '${TIME_ZONE}')`, filter.hasta);
    const clause = where.join(' AND ');

    const [{ total }] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM auditoria a WHERE ${clause}`,
      params,
    );
    const rows: Row[] = await this.dataSource.query(
      `SELECT a.*, u.username AS usuario_nombre
         FROM auditoria a LEFT JOIN usuario u ON u.id = a.usuario_id AND u.servicio_id = a.servicio_id
        WHERE ${clause}
        ORDER BY a.at DESC, a.id DESC
        OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, offset, limit],
    );
    const items = rows.map((r) =>
      Object.assign(new Auditoria(), {
        id: String(r.id),
        servicioId: r.servicio_id,
        usuarioId: r.usuario_id,
        at: r.at,
        accion: r.accion,
        entidad: r.entidad,
        entidadId: r.entidad_id,
        cambios: r.cambios ?? {},
        usuarioNombre: r.usuario_nombre,
      }),
    );
    return { items, total, offset, limit };
  }

  /** Brings back a deleted donor, under the donor's own rules (DonanteService.restaurar). */
  restaurarDonante(auth: AuthUser, id: string): Promise<Donante> {
    return this.donantes.restaurar(auth, id);
  }

  /**
   * Brings back a deleted donation: its donor must be live, its numero free
   * and the 8-week rule must hold against the donor's live donations. A
   * donation created with that numero while this runs makes the unique index
   * refuse the update: the same answer as the check.
   */
  async restaurarDonacion(auth: AuthUser, id: string): Promise<Donacion> {
    try {
      return await this.restaurarDonacionOnce(auth, id);
    } catch (error) {
      if (!isUniqueViolation(error, UNIQUE_INDEX.donacionNumero)) throw error;
      const [row] = await this.dataSource.query(
        `SELECT numero FROM donacion WHERE id = $1 AND servicio_id = $2`,
        [id, auth.servicio],
      );
      throw ValidationError.single(
        'numero',
        row ? MSG.numeroDonacionEnUso(Number(row.numero)) : MSG.datosInvalidos,
      );
    }
  }

  private async restaurarDonacionOnce(auth: AuthUser, id: string): Promise<Donacion> {
    return this.dataSource.transaction(async (m) => {
      if (!isUuid(id)) throw new NotFoundError();
      const [row] = await m.query(`SELECT donante_id FROM donacion WHERE id = $1 AND servicio_id = $2`, [
        id,
        auth.servicio,
      ]);
      if (!row) throw new NotFoundError();
      // Lock order donor -> donation, as creating and deleting a donation do.
      const [donante] = await m.query(
        `SELECT id, deleted_at FROM donante WHERE id = $1 AND servicio_id = $2 FOR UPDATE`,
        [row.donante_id, auth.servicio],
      );
      if (!donante || donante.deleted_at !== null) {
        throw ValidationError.single('donanteId', MSG.restaurarDonanteEliminado);
      }
      const [d] = await m.query(
        `SELECT id, numero, fecha::text AS fecha, deleted_at FROM donacion WHERE id = $1 FOR UPDATE`,
        [id],
      );
      if (d.deleted_at === null) throw ValidationError.single('', MSG.noEliminado);
      const taken = await m.query(
        `SELECT 1 FROM donacion WHERE servicio_id = $1 AND numero = $2 AND deleted_at IS NULL`,
        [auth.servicio, d.numero],
      );
      if (taken.length > 0) throw ValidationError.single('numero', MSG.numeroDonacionEnUso(d.numero));
      const previas: { fecha: string }[] = await m.query(
        `SELECT fecha::text AS fecha FROM donacion WHERE donante_id = $1 AND deleted_at IS NULL`,
        [row.donante_id],
      );
      const cercana = donacionDentroDe8Semanas(
        d.fecha,
        previas.map((p) => p.fecha),
      );
      if (cercana) throw ValidationError.single('fecha', textoMenos8Semanas(cercana));
      await m.query(`UPDATE donacion SET deleted_at = NULL, updated_at = now() WHERE id = $1`, [id]);
      await this.refreshUltimaDonacion(m, row.donante_id);
      await audit(m, auth, 'restaurar', 'donacion', id, {
        deletedAt: [new Date(d.deleted_at).toISOString(), null],
        numero: d.numero,
        fecha: d.fecha,
      });
      return m.findOneByOrFail(Donacion, { id });
    });
  }

  private async refreshUltimaDonacion(m: EntityManager, donanteId: string): Promise<void> {
    await m.query(
      `UPDATE donante SET ultima_donacion =
         (SELECT max(fecha) FROM donacion WHERE donante_id = $1 AND deleted_at IS NULL)
       WHERE id = $1`,
      [donanteId],
    );
  }
}
