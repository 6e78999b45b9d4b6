import { DataSource } from 'typeorm';
import { AuthUser } from '../../auth/context';
import { type AccionAuditoria, ACCIONES_AUDITORIA } from '../../domain/campos';
import { isValidIsoDate, TIME_ZONE } from '../../domain/dates';
import { canonicalDni, isDniValido } from '../../domain/dni';
import { numerosDeEtiqueta } from '../../domain/etiquetas';
import { AUDITORIA_DONANTES_MAX } from '../../domain/limites';
import { FieldError, MSG } from '../../domain/messages';
import { isUuid } from '../../domain/validation';
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
  /** A donor's DNI, or the start of their surname (and name). */
  donante?: string | null;
  /** A donation's number or label code. */
  numero?: string | null;
  usuarioId?: string | null;
  accion?: string | null;
};
export type AuditoriaPageData = { offset?: number | null; limit?: number | null };

/** The columns the trail can be ordered by (GraphQL AuditoriaOrdenCampo). */
export type AuditoriaOrdenData = {
  campo: 'FECHA' | 'USUARIO' | 'ACCION' | 'REGISTRO';
  direccion?: 'ASC' | 'DESC' | null;
};

/**
 * The ORDER BY of each column ($dir: ASC or DESC, nothing else); equal values newest first, the
 * entry's id last (one id, one entry), so a page follows the one before. A user reads by the name
 * the Usuario filter lists (name and surname, else the username); entries with none last.
 */
const ORDEN_AUDITORIA: Record<AuditoriaOrdenData['campo'], string> = {
  FECHA: 'a.at $dir, a.id $dir',
  USUARIO: `lower(coalesce(nullif(trim(concat_ws(' ', u.nombre, u.apellido)), ''), u.username)) $dir NULLS LAST,
    a.at DESC, a.id DESC`,
  ACCION: 'a.accion $dir, a.at DESC, a.id DESC',
  REGISTRO: 'a.entidad $dir, a.entidad_id $dir, a.at DESC, a.id DESC',
};

/** An audit entry with the username of who made the change. */
export type AuditoriaEntry = Auditoria & { usuarioNombre: string | null };

/** A user of the servicio, by name, as the audit's filter offers them. */
export type UsuarioAuditoria = { id: string; nombre: string };

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

/**
 * The servicio's ($1) donor records a DNI names: every record of the persons that ever held it
 * (persona_identificador, deleted and merged records too), through the person's index.
 */
const DONANTES_DEL_DNI_SQL = `SELECT d.id FROM persona_identificador i
    JOIN donante d ON d.persona_id = i.persona_id AND d.servicio_id = i.servicio_id
   WHERE i.servicio_id = $1 AND i.dni = $2
   LIMIT $3`;

/**
 * The servicio's ($1) donor records whose surname starts with the first word of the text ($2) and
 * whose 'surname name' starts with the whole text ($3), live or deleted (each through its index),
 * with every other record of their persons.
 */
const DONANTES_DEL_NOMBRE_SQL = `WITH p AS (
    SELECT busqueda_normalizar($2) AS palabra, busqueda_normalizar($3) AS texto
  ), encontrados AS (
    SELECT d.persona_id FROM donante d, p
     WHERE d.servicio_id = $1 AND d.deleted_at IS NULL
       AND d.apellido_busqueda >= p.palabra AND d.apellido_busqueda < p.palabra || chr(1114111)
       AND (d.apellido_busqueda || ' ' || d.nombre_busqueda) >= p.texto
       AND (d.apellido_busqueda || ' ' || d.nombre_busqueda) < p.texto || chr(1114111)
    UNION
    SELECT d.persona_id FROM donante d, p
     WHERE d.servicio_id = $1 AND d.deleted_at IS NOT NULL
       AND d.apellido_busqueda >= p.palabra AND d.apellido_busqueda < p.palabra || chr(1114111)
       AND (d.apellido_busqueda || ' ' || d.nombre_busqueda) >= p.texto
       AND (d.apellido_busqueda || ' ' || d.nombre_busqueda) < p.texto || chr(1114111)
  )
  SELECT q.id FROM donante q WHERE q.persona_id IN (SELECT persona_id FROM encontrados) AND q.servicio_id = $1
  LIMIT $4`;

/**
 * The (entidad, entidad_id) of every entry about the donor records `?` (uuid[]): the person's trail,
 * the components of their donations included.
 */
const CLAVES_DE_DONANTES = (ids: string) => `SELECT 'donante', x::text FROM unnest(${ids}::uuid[]) x
    UNION ALL SELECT 'red', x::text FROM unnest(${ids}::uuid[]) x
    UNION ALL SELECT 'donacion', d.id::text FROM donacion d
               WHERE d.donante_id = ANY(${ids}::uuid[]) AND d.deleted_at IS NULL
    UNION ALL SELECT 'donacion', d.id::text FROM donacion d
               WHERE d.donante_id = ANY(${ids}::uuid[]) AND d.deleted_at IS NOT NULL
    UNION ALL SELECT 'visita_no_apto', v.id::text FROM visita_no_apto v WHERE v.donante_id = ANY(${ids}::uuid[])
    UNION ALL SELECT 'etiqueta', e.numero::text FROM etiqueta_emitida e WHERE e.donante_id = ANY(${ids}::uuid[])
    UNION ALL SELECT 'componente', c.id::text FROM donacion d JOIN componente c ON c.donacion_id = d.id
               WHERE d.donante_id = ANY(${ids}::uuid[])`;

/**
 * The entries about the servicio's donations numbered `?` (int[]), deleted ones too, those labels'
 * issue, and the donations' components.
 */
const CLAVES_DE_NUMEROS = (numeros: string) => `SELECT 'donacion', d.id::text FROM donacion d
               WHERE d.servicio_id = $1 AND d.numero = ANY(${numeros}::int[]) AND d.deleted_at IS NULL
    UNION ALL SELECT 'donacion', d.id::text FROM donacion d
               WHERE d.servicio_id = $1 AND d.numero = ANY(${numeros}::int[]) AND d.deleted_at IS NOT NULL
    UNION ALL SELECT 'etiqueta', n::text FROM unnest(${numeros}::int[]) n
    UNION ALL SELECT 'componente', c.id::text FROM donacion d JOIN componente c ON c.donacion_id = d.id
               WHERE d.servicio_id = $1 AND d.numero = ANY(${numeros}::int[])`;

export class AuditoriaService {
  constructor(
    private readonly dataSource: DataSource,
    /** Restores go through the services that own the records' rules. */
    private readonly donantes: DonanteService,
    private readonly donaciones: DonacionService,
  ) {}

  /**
   * The caller's servicio's audit trail, newest first, filtered by any of: the record, a donor
   * (DNI or surname: everything about the person), a donation number, who, what and when. Each
   * filter is an index read: (servicio_id, at DESC), (servicio_id, entidad, entidad_id),
   * (servicio_id, usuario_id, at DESC), (servicio_id, accion, at DESC) (migration 1764320000000).
   */
  async list(
    auth: AuthUser,
    filter: AuditoriaFilterData = {},
    page: AuditoriaPageData = {},
    /** A column and a direction; none: newest first. */
    orden?: AuditoriaOrdenData | null,
  ): Promise<Page<AuditoriaEntry>> {
    const errors: FieldError[] = [];
    const porCampo = orden ? ORDEN_AUDITORIA[orden.campo] : 'a.at DESC, a.id DESC';
    if (!porCampo) errors.push({ field: 'campo', msg: MSG.ordenInvalido });
    const entidad = filter.entidad?.trim() || null;
    const entidadId = filter.entidadId?.trim() || null;
    const donante = filter.donante?.replace(/,/g, ' ').trim().replace(/\s+/g, ' ') || null;
    const numeroTexto = filter.numero?.trim() || null;
    const usuarioId = filter.usuarioId?.trim() || null;
    const accion = filter.accion?.trim() || null;
    if (entidad && entidad.length > 40) errors.push({ field: 'entidad', msg: MSG.textoDemasiadoLargo(40) });
    if (entidadId && entidadId.length > 64)
      errors.push({ field: 'entidadId', msg: MSG.textoDemasiadoLargo(64) });
    if (filter.desde && !isValidIsoDate(filter.desde))
      errors.push({ field: 'desde', msg: MSG.fechaInvalida });
    if (filter.hasta && !isValidIsoDate(filter.hasta))
      errors.push({ field: 'hasta', msg: MSG.fechaInvalida });
    if (donante && donante.length > 100) errors.push({ field: 'donante', msg: MSG.textoDemasiadoLargo(100) });
    else if (donante && !/\d/.test(donante) && donante.replace(/[^\p{L}]/gu, '').length < 2)
      errors.push({ field: 'donante', msg: MSG.auditoriaDonanteCorto });
    else if (donante && /\d/.test(donante) && !isDniValido(canonicalDni(donante)))
      errors.push({ field: 'donante', msg: MSG.dniInvalido });
    let numeros: number[] | null = null;
    if (numeroTexto) {
      const leido = numerosDeEtiqueta(numeroTexto);
      if (leido.ok) numeros = leido.value;
      else errors.push({ field: 'numero', msg: leido.error });
    }
    if (usuarioId && !isUuid(usuarioId)) errors.push({ field: 'usuarioId', msg: MSG.valorNoPermitido });
    if (accion && !ACCIONES_AUDITORIA.includes(accion as AccionAuditoria))
      errors.push({ field: 'accion', msg: MSG.valorNoPermitido });
    assertValid(errors);
    const offset = Math.max(0, Math.trunc(page.offset ?? 0));
    const limit = Math.min(PAGE_MAX, Math.max(1, Math.trunc(page.limit ?? 20)));

    const donantes = donante ? await this.donantesDe(auth.servicio, donante) : null;
    if (donantes?.length === 0) return { items: [], total: 0, offset, limit };

    const where = ['a.servicio_id = $1'];
    const params: unknown[] = [auth.servicio];
    const param = (value: unknown) => `$${params.push(value)}`;
    const add = (sql: string, value: unknown) => where.push(sql.replace('?', param(value)));
    if (entidad) add('a.entidad = ?', entidad);
    if (entidadId) add('a.entidad_id = ?', entidadId);
    if (donantes) where.push(`(a.entidad, a.entidad_id) IN (${CLAVES_DE_DONANTES(param(donantes))})`);
    if (numeros) where.push(`(a.entidad, a.entidad_id) IN (${CLAVES_DE_NUMEROS(param(numeros))})`);
    if (usuarioId) add('a.usuario_id = ?', usuarioId);
    if (accion) add('a.accion = ?', accion);
    if (filter.desde) add(`a.at >= (?::date::timestamp AT TIME ZONE '${TIME_ZONE}')`, filter.desde);
    if (filter.hasta) add(`a.at < ((?::date + 1)::timestamp AT TIME ZONE '${TIME_ZONE}')`, filter.hasta);
    const clause = where.join(' AND ');
    const orderBy = porCampo.replace(/\$dir/g, orden?.direccion === 'DESC' ? 'DESC' : 'ASC');

    const [{ total }] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM auditoria a WHERE ${clause}`,
      params,
    );
    const rows: Row[] = await this.dataSource.query(
      `SELECT a.*, u.username AS usuario_nombre
         FROM auditoria a LEFT JOIN usuario u ON u.id = a.usuario_id AND u.servicio_id = a.servicio_id
        WHERE ${clause}
        ORDER BY ${orderBy}
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
   * The servicio's donor records a search text names (see AuditoriaFilterData.donante): by DNI when
   * it has a digit, else by surname. Refused when more than AUDITORIA_DONANTES_MAX match.
   */
  private async donantesDe(servicio: string, texto: string): Promise<string[]> {
    const tope = AUDITORIA_DONANTES_MAX + 1;
    const rows: { id: string }[] = /\d/.test(texto)
      ? await this.dataSource.query(DONANTES_DEL_DNI_SQL, [servicio, canonicalDni(texto), tope])
      : await this.dataSource.query(DONANTES_DEL_NOMBRE_SQL, [servicio, texto.split(' ')[0], texto, tope]);
    if (rows.length > AUDITORIA_DONANTES_MAX)
      throw ValidationError.single('donante', MSG.auditoriaDemasiadosDonantes(AUDITORIA_DONANTES_MAX));
    return rows.map((r) => r.id);
  }

  /**
   * Every user of the servicio by name, the deleted ones too (their changes stay in the trail),
   * for the audit's 'Usuario' filter: the administrator first, then by surname and name.
   */
  async usuarios(auth: AuthUser): Promise<UsuarioAuditoria[]> {
    const rows: {
      id: string;
      nombre: string | null;
      apellido: string | null;
      username: string;
      eliminado: boolean;
    }[] = await this.dataSource.query(
      `SELECT id, nombre, apellido, username, deleted_at IS NOT NULL AS eliminado FROM usuario
        WHERE servicio_id = $1
        ORDER BY id <> servicio_id, lower(coalesce(apellido, '')), lower(coalesce(nombre, '')), username`,
      [auth.servicio],
    );
    return rows.map((r) => {
      const nombre =
        [r.nombre, r.apellido]
          .map((t) => t?.trim())
          .filter(Boolean)
          .join(' ') || r.username;
      return { id: r.id, nombre: r.eliminado ? `${nombre} (eliminado)` : nombre };
    });
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
