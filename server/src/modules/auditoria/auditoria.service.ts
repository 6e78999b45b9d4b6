import { DataSource } from 'typeorm';
import { AuthUser } from '../../auth/context';
import { isValidIsoDate, TIME_ZONE } from '../../domain/dates';
import { FieldError, MSG } from '../../domain/messages';
import { assertValid, ValidationError } from '../../errors';
import { Page, PAGE_MAX } from '../../graphql/pagination';
import { Donacion } from '../donacion/donacion.entity';
import { DonacionService } from '../donacion/donacion.service';
import { Donante } from '../donante/donante.entity';
import { DonanteService } from '../donante/donante.service';
import { Auditoria } from './auditoria.entity';
import { ANCLA_RE, type VerificacionCadena, verificarCadena } from './cadena';

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
    private readonly donaciones: DonacionService,
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

  /**
   * Recomputes the caller's servicio's hash chain (cadena.ts): intact, or its first broken entry;
   * with `ancla` (an earlier ultimoHash kept outside the database), also whether the chain still holds it.
   */
  async verificar(auth: AuthUser, ancla: string | null = null): Promise<VerificacionCadena> {
    const texto = ancla?.trim() || null;
    if (texto !== null && !ANCLA_RE.test(texto))
      throw ValidationError.single('ancla', MSG.auditoriaAnclaInvalida);
    return verificarCadena((sql, params) => this.dataSource.query(sql, params), auth.servicio, texto);
  }

  /** The caller's servicio's chain head (auditoria_cadena): its last entry and that entry's hash. */
  async cabeza(auth: AuthUser): Promise<{ entrada: string | null; hash: string | null }> {
    const [row]: { entrada: string | null; hash: string | null }[] = await this.dataSource.query(
      `SELECT ultimo_id::text AS entrada, hash FROM auditoria_cadena WHERE servicio_id = $1`,
      [auth.servicio],
    );
    return { entrada: row?.entrada ?? null, hash: row?.hash ?? null };
  }

  /** Brings back a deleted donor, under the donor's own rules (DonanteService.restaurar). */
  restaurarDonante(auth: AuthUser, id: string): Promise<Donante> {
    return this.donantes.restaurar(auth, id);
  }

  /** Brings back a deleted donation, under the rules of a creation (DonacionService.restaurar). */
  restaurarDonacion(auth: AuthUser, id: string): Promise<Donacion> {
    return this.donaciones.restaurar(auth, id);
  }
}
