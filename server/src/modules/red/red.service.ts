import { randomInt } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../auth/context';
import { MSG } from '../../domain/messages';
import { consultasInusuales, validateNombreEnRed } from '../../domain/red';
import { isUuid } from '../../domain/validation';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { RunQuery } from '../../database/prepared';
import { type Actor, type AuditActor, auditStatement, lockAuditChains } from '../auditoria/audit';
import type { IndicadoresService } from '../indicadores/indicadores.service';
import type { Agrupacion } from '../indicadores/indicadores.service';
import { Rol } from '../usuario/rol.enum';
import type { ConsultasRedMiembro, IndicadoresRed, MiembroRed, Red, ServicioResumen } from './red.types';

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L, 5/S, 8/B). */
const ALFABETO = 'ACDEFGHJKMNPQRTUVWXYZ2345679';
const LARGO_CODIGO = 12;

/** A network's invitation code: 12 characters (about 57 bits), shown in groups of four. */
export function nuevoCodigoInvitacion(): string {
  return Array.from({ length: LARGO_CODIGO }, () => ALFABETO[randomInt(ALFABETO.length)]).join('');
}

/** What a person typed, as stored: upper case, without spaces or hyphens ('acde-fghj' -> 'ACDEFGHJ'). */
export function codigoCanonico(texto: string): string {
  return String(texto ?? '')
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .slice(0, 40);
}

/**
 * Regional networks: a network's account sees its members and their figures, never a person;
 * a servicio's administrator joins a network with its invitation code and may leave it. Joining
 * and leaving are audited at both ends. The donor-safety rules read a person's records across the
 * members (modules/elegibilidad/historial.ts, servicios_de_red).
 */
/** Per member of the network: its lookups of the last 7 days, the most in a minute, refusals, donations. */
const CONSULTAS_RED_SQL = `SELECT m.id, coalesce(m.nombre_en_red, m.nombre) AS nombre,
    (SELECT count(DISTINCT c.donante_consultado) FROM consulta_red c
      WHERE c.servicio_id = m.id AND c.created_at >= now() - interval '7 days') AS consultas,
    (SELECT coalesce(max(t.n), 0) FROM (
       SELECT count(DISTINCT c.donante_consultado) AS n FROM consulta_red c
        WHERE c.servicio_id = m.id AND c.created_at >= now() - interval '7 days'
        GROUP BY date_trunc('minute', c.created_at)) t) AS maximo_por_minuto,
    (SELECT count(*) FROM consulta_red_rechazo r
      WHERE r.servicio_id = m.id AND r.created_at >= now() - interval '7 days') AS rechazadas,
    (SELECT coalesce(sum(i.donaciones), 0) FROM indicador_diario i
      WHERE i.servicio_id = m.id AND i.fecha >= current_date - 7) AS donaciones
  FROM servicio m WHERE m.red_id = $1 ORDER BY 2, m.id`;

export class RedService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly query: RunQuery,
    private readonly indicadores: IndicadoresService,
  ) {}

  /** The caller network's data, with its members by name. */
  async red(auth: AuthUser): Promise<Red> {
    if (auth.rol !== Rol.ROL_RED) throw new ForbiddenError();
    const [red] = await this.query(
      `SELECT id, nombre, codigo_invitacion FROM servicio WHERE id = $1 AND es_red`,
      [auth.servicio],
    );
    if (!red) throw new NotFoundError();
    return {
      id: String(red.id),
      nombre: String(red.nombre),
      codigoInvitacion: String(red.codigo_invitacion),
      miembros: await this.miembros(auth.servicio),
    };
  }

  /** The network a servicio belongs to (id and name), or null. */
  async deServicio(servicioId: string): Promise<ServicioResumen | null> {
    const [red] = await this.query(
      `SELECT r.id, r.nombre FROM servicio s JOIN servicio r ON r.id = s.red_id WHERE s.id = $1`,
      [servicioId],
    );
    return red ? { id: String(red.id), nombre: String(red.nombre) } : null;
  }

  /** The caller servicio joins the network whose invitation code it typed. */
  async unirse(auth: AuthUser, codigo: string): Promise<void> {
    if (auth.rol !== Rol.ROL_SERVICIO) throw new ForbiddenError();
    const canonico = codigoCanonico(codigo);
    if (canonico === '') throw ValidationError.single('codigo', MSG.requerido);
    await this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      const yo = await this.bloquear(run, auth.servicio);
      if (yo.red_id) throw ValidationError.single('codigo', MSG.yaEnRed);
      // Shared lock: a code renewed at the same moment is either seen renewed or waits for this join.
      const [red] = await run(
        `SELECT id, nombre FROM servicio WHERE codigo_invitacion = $1 AND es_red FOR SHARE`,
        [canonico],
      );
      if (!red) throw ValidationError.single('codigo', MSG.codigoRedInvalido);
      // The name the network invited is the one other members read, until the network approves another.
      await run(
        `UPDATE servicio SET red_id = $2, nombre_en_red = nombre, nombre_propuesto = NULL, updated_at = now()
          WHERE id = $1`,
        [auth.servicio, red.id],
      );
      await this.auditarAmbos(run, auth, auth.servicio, String(red.id), {
        servicio: { red: [null, String(red.nombre)] },
        red: { miembro: String(yo.nombre), unido: true },
      });
    });
  }

  /** The caller servicio leaves its network. */
  async salir(auth: AuthUser): Promise<void> {
    if (auth.rol !== Rol.ROL_SERVICIO) throw new ForbiddenError();
    await this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      const yo = await this.bloquear(run, auth.servicio);
      if (!yo.red_id) throw ValidationError.single('', MSG.noEnRed);
      const [red] = await run(`SELECT id, nombre FROM servicio WHERE id = $1`, [yo.red_id]);
      await run(
        `UPDATE servicio SET red_id = NULL, nombre_en_red = NULL, nombre_propuesto = NULL, updated_at = now()
          WHERE id = $1`,
        [auth.servicio],
      );
      await this.auditarAmbos(run, auth, auth.servicio, String(red.id), {
        servicio: { red: [String(red.nombre), null] },
        red: { miembro: String(yo.nombre), unido: false },
      });
    });
  }

  /**
   * The network gives itself a new invitation code: the old one joins no one from the commit on
   * (a code typed at the same moment either joined before or is refused). Audited at the network.
   */
  async renovarCodigo(auth: AuthUser): Promise<void> {
    if (auth.rol !== Rol.ROL_RED) throw new ForbiddenError();
    await this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      await this.renovar(run, auth.servicio);
      const entry = auditStatement(auth, 'editar', 'red', auth.servicio, { codigoInvitacion: 'renovado' });
      await run(entry.sql, entry.params);
    });
  }

  /**
   * The network removes a member: from the commit on, the member's donor-safety checks read only
   * its own records (servicios_de_red reads red_id on every statement) and the network no longer
   * sees its figures. The invitation code is renewed too, so the removed servicio cannot come
   * back with the code it knew. Audited at the network and at the servicio.
   */
  async quitarMiembro(auth: AuthUser, servicioId: string): Promise<void> {
    if (auth.rol !== Rol.ROL_RED) throw new ForbiddenError();
    const id = String(servicioId ?? '').trim();
    if (id === '') throw ValidationError.single('servicioId', MSG.requerido);
    if (!isUuid(id)) throw ValidationError.single('servicioId', MSG.noEsMiembroDeRed);
    await this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      // Lock order servicio -> network, as joining and leaving take them.
      const [miembro] = await run(
        `SELECT nombre, red_id FROM servicio WHERE id = $1 AND NOT es_red FOR UPDATE`,
        [id],
      );
      if (!miembro || miembro.red_id !== auth.servicio) {
        throw ValidationError.single('servicioId', MSG.noEsMiembroDeRed);
      }
      const nombreRed = await this.renovar(run, auth.servicio);
      await run(
        `UPDATE servicio SET red_id = NULL, nombre_en_red = NULL, nombre_propuesto = NULL, updated_at = now()
          WHERE id = $1`,
        [id],
      );
      await this.auditarAmbos(run, auth, id, auth.servicio, {
        servicio: { red: [nombreRed, null], quitadoPor: nombreRed },
        red: { miembro: String(miembro.nombre), unido: false, codigoInvitacion: 'renovado' },
      });
    });
  }

  /** Locks the network's row, gives it a new invitation code and answers its name. */
  private async renovar(run: RunQuery, redId: string): Promise<string> {
    const [red] = await run(`SELECT nombre FROM servicio WHERE id = $1 AND es_red FOR UPDATE`, [redId]);
    if (!red) throw new NotFoundError();
    await run(`UPDATE servicio SET codigo_invitacion = $2, updated_at = now() WHERE id = $1`, [
      redId,
      nuevoCodigoInvitacion(),
    ]);
    return String(red.nombre);
  }

  /**
   * The name other members read of member `servicioId`: the one it proposed (a rename), or
   * `nombre` when the network sets one itself. Only the network's account; audited at both ends.
   */
  async aprobarNombre(auth: AuthUser, servicioId: string, nombre: string | null): Promise<void> {
    if (auth.rol !== Rol.ROL_RED) throw new ForbiddenError();
    const id = String(servicioId ?? '').trim();
    if (!isUuid(id)) throw ValidationError.single('servicioId', MSG.noEsMiembroDeRed);
    const propio = nombre === null || nombre === undefined ? null : String(nombre).trim();
    if (propio !== null) {
      const invalido = validateNombreEnRed(propio);
      if (invalido) throw ValidationError.single('nombre', invalido);
    }
    await this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      const [miembro] = await run(
        `SELECT nombre_en_red, nombre_propuesto, red_id FROM servicio WHERE id = $1 AND NOT es_red FOR UPDATE`,
        [id],
      );
      if (!miembro || miembro.red_id !== auth.servicio) {
        throw ValidationError.single('servicioId', MSG.noEsMiembroDeRed);
      }
      const nuevo = propio ?? (miembro.nombre_propuesto as string | null);
      if (nuevo === null) throw ValidationError.single('nombre', MSG.sinNombrePropuesto);
      await run(
        `UPDATE servicio SET nombre_en_red = $2, nombre_propuesto = NULL, updated_at = now() WHERE id = $1`,
        [id, nuevo],
      );
      await this.auditarAmbos(run, auth, id, auth.servicio, {
        servicio: { nombreEnRed: [miembro.nombre_en_red, nuevo] },
        red: { nombreEnRed: [miembro.nombre_en_red, nuevo], miembro: nuevo },
      });
    });
  }

  /**
   * Each member's lookups of the other members' records in the last 7 days (distinct records, the
   * most in one minute, reads refused for the budget), against its own donations: figures about a
   * servicio, never a person. `inusual` flags what a busy reception desk does not do.
   */
  async consultasRed(auth: AuthUser): Promise<ConsultasRedMiembro[]> {
    if (auth.rol !== Rol.ROL_RED) throw new ForbiddenError();
    const rows = await this.query(CONSULTAS_RED_SQL, [auth.servicio]);
    return rows.map((r) => {
      const cifras = {
        consultas: Number(r.consultas),
        maximoPorMinuto: Number(r.maximo_por_minuto),
        rechazadas: Number(r.rechazadas),
        donaciones: Number(r.donaciones),
      };
      return {
        servicio: { id: String(r.id), nombre: String(r.nombre) },
        consultas: cifras.consultas,
        maximoPorMinuto: cifras.maximoPorMinuto,
        rechazadas: cifras.rechazadas,
        inusual: consultasInusuales(cifras),
      };
    });
  }

  /**
   * The network's figures: all members together, and each one's, as they are published outside
   * a servicio (IndicadoresService.deRed: small counts suppressed, results recorded before today).
   */
  async indicadoresRed(
    auth: AuthUser,
    desde: string,
    hasta: string,
    agrupacion?: Agrupacion | null,
  ): Promise<IndicadoresRed> {
    if (auth.rol !== Rol.ROL_RED) throw new ForbiddenError();
    const miembros = await this.miembros(auth.servicio);
    const { total, porServicio } = await this.indicadores.deRed(
      miembros.map((s) => s.id),
      desde,
      hasta,
      agrupacion,
    );
    return {
      total,
      porServicio: miembros.map((servicio) => ({
        servicio,
        indicadores: porServicio.get(servicio.id) as IndicadoresRed['total'],
      })),
    };
  }

  /**
   * The other members of the caller's network, by the name the network approved (a rename awaiting
   * approval is not told): where a servicio dispatches to. Empty for a servicio in no network.
   */
  async miembrosRed(auth: AuthUser): Promise<MiembroRed[]> {
    const rows = (await this.query(
      `SELECT m.id, coalesce(m.nombre_en_red, m.nombre) AS nombre FROM servicio yo
         JOIN servicio m ON m.red_id = yo.red_id AND m.id <> yo.id
        WHERE yo.id = $1 AND yo.red_id IS NOT NULL ORDER BY 2, m.id`,
      [auth.servicio],
    )) as { id: string; nombre: string }[];
    return rows.map((r) => ({ id: String(r.id), nombre: String(r.nombre) }));
  }

  /** The members by the name the network approved, with any rename awaiting approval. */
  private async miembros(redId: string): Promise<ServicioResumen[]> {
    const rows = await this.query(
      `SELECT id, coalesce(nombre_en_red, nombre) AS nombre, nombre_propuesto FROM servicio
        WHERE red_id = $1 ORDER BY 2, id`,
      [redId],
    );
    return rows.map((r) => ({
      id: String(r.id),
      nombre: String(r.nombre),
      nombrePropuesto: r.nombre_propuesto === null ? null : String(r.nombre_propuesto),
    }));
  }

  /** The servicio's row, locked until the commit: one join or leave at a time. */
  private async bloquear(
    run: RunQuery,
    servicio: string,
  ): Promise<{ nombre: string; red_id: string | null }> {
    const [yo] = await run(`SELECT nombre, red_id FROM servicio WHERE id = $1 AND NOT es_red FOR UPDATE`, [
      servicio,
    ]);
    if (!yo) throw new NotFoundError();
    return yo as { nombre: string; red_id: string | null };
  }

  /**
   * The same change in both trails: the servicio's ('servicio' entry) and the network's ('red'
   * entry, on the member's id). Whoever made it is named in their own trail only: the other
   * trail's entry names no user (no id of another servicio's people is stored there).
   */
  private async auditarAmbos(
    run: RunQuery,
    actor: Actor,
    servicioId: string,
    redId: string,
    cambios: { servicio: Record<string, unknown>; red: Record<string, unknown> },
  ): Promise<void> {
    const quien = (servicio: string): AuditActor =>
      servicio === actor.servicio ? actor : { uid: null, servicio };
    await lockAuditChains(run, [servicioId, redId]);
    const enServicio = auditStatement(quien(servicioId), 'editar', 'servicio', servicioId, cambios.servicio);
    await run(enServicio.sql, enServicio.params);
    const enRed = auditStatement(quien(redId), 'editar', 'red', servicioId, cambios.red);
    await run(enRed.sql, enRed.params);
  }
}
