import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, IsNull, Not } from 'typeorm';
import { AuthUser } from '../../auth/context';
import { hashPassword } from '../../auth/password';
import { SessionCache } from '../../auth/session-cache';
import {
  IntegranteDatos,
  NuevoIntegranteDatos,
  rolIntegrante,
  validateClaveIntegrante,
  validateEditarIntegrante,
  validateNuevoIntegrante,
} from '../../domain/integrante';
import { isUniqueViolation, UNIQUE_INDEX } from '../../database/errors';
import { MSG } from '../../domain/messages';
import { isUuid } from '../../domain/validation';
import { assertValid, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { audit, diff } from '../auditoria/audit';
import { Rol } from '../usuario/rol.enum';
import { Usuario } from '../usuario/usuario.entity';

/** A service has a handful of staff; this bounds the list anyway. */
const INTEGRANTES_MAX = 500;

export type IntegranteResult = { integrante: Usuario; message: string };

function text(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** The fields of a member the audit log records (never the password hash). */
function auditable(u: Usuario): Record<string, unknown> {
  return {
    username: u.username,
    rol: u.rol,
    nombre: u.nombre,
    apellido: u.apellido,
    matricula: u.matricula,
    email: u.email,
    telefono: u.telefono,
    agentecph: u.agentecph,
  };
}

/** Staff management (integrantes): only the service administrator, only inside its servicio. */
export class IntegranteService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionCache,
  ) {}

  private requireAdmin(auth: AuthUser): void {
    if (auth.rol !== Rol.ROL_SERVICIO) throw new ForbiddenError();
  }

  /** A live staff member of the caller's servicio, or NotFoundError (another servicio's too). */
  private async findStaff(
    manager: EntityManager,
    auth: AuthUser,
    id: string,
    lock = false,
  ): Promise<Usuario> {
    if (id === auth.uid) throw new ForbiddenError();
    const usuario = await manager.getRepository(Usuario).findOne({
      where: { id, servicioId: auth.servicio, deletedAt: IsNull(), rol: Not(Rol.ROL_SERVICIO) },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!usuario) throw new NotFoundError();
    return usuario;
  }

  async list(auth: AuthUser): Promise<Usuario[]> {
    this.requireAdmin(auth);
    return this.dataSource.getRepository(Usuario).find({
      where: { servicioId: auth.servicio, deletedAt: IsNull(), rol: Not(Rol.ROL_SERVICIO) },
      order: { apellido: 'ASC', nombre: 'ASC', id: 'ASC' },
      take: INTEGRANTES_MAX,
    });
  }

  async get(auth: AuthUser, id: string): Promise<Usuario> {
    this.requireAdmin(auth);
    if (!isUuid(id)) throw new NotFoundError();
    return this.findStaff(this.dataSource.manager, auth, id);
  }

  /** Staff flagged as CPH capture agents; every role may read it (CPH printing). */
  async agentesCph(auth: AuthUser): Promise<Usuario[]> {
    return this.dataSource.getRepository(Usuario).find({
      where: { servicioId: auth.servicio, deletedAt: IsNull(), agentecph: true },
      order: { apellido: 'ASC', nombre: 'ASC', id: 'ASC' },
      take: INTEGRANTES_MAX,
    });
  }

  /** The servicio's doctors (ROL_MEDICO): who may sign a donation certificate. Every role reads them. */
  async medicos(auth: AuthUser): Promise<Usuario[]> {
    return this.dataSource.getRepository(Usuario).find({
      where: { servicioId: auth.servicio, deletedAt: IsNull(), rol: Rol.ROL_MEDICO },
      order: { apellido: 'ASC', nombre: 'ASC', id: 'ASC' },
      take: INTEGRANTES_MAX,
    });
  }

  async create(auth: AuthUser, data: NuevoIntegranteDatos): Promise<IntegranteResult> {
    this.requireAdmin(auth);
    assertValid(validateNuevoIntegrante(data));
    const username = String(data.username).trim();
    const passwordHash = await hashPassword(String(data.password));
    try {
      const integrante = await this.dataSource.transaction(async (manager) => {
        const taken = await manager
          .createQueryBuilder(Usuario, 'u')
          .where('lower(u.username) = lower(:username)', { username })
          .getExists();
        if (taken) throw ValidationError.single('username', MSG.usuarioExistente);
        const nuevo = manager.create(Usuario, {
          id: randomUUID(),
          servicioId: auth.servicio,
          username,
          passwordHash,
          rol: rolIntegrante(data.rol) as Rol,
          nombre: String(data.nombre).trim(),
          apellido: text(data.apellido),
          matricula: text(data.matricula),
          email: text(data.email),
          telefono: text(data.telefono),
          agentecph: data.agentecph === true,
          tokenVersion: 0,
          deletedAt: null,
        });
        await manager.insert(Usuario, nuevo);
        await audit(manager, auth, 'crear', 'usuario', nuevo.id, auditable(nuevo));
        return nuevo;
      });
      const saved = await this.dataSource.getRepository(Usuario).findOneByOrFail({ id: integrante.id });
      return { integrante: saved, message: MSG.integranteAgregado };
    } catch (error) {
      if (isUniqueViolation(error, UNIQUE_INDEX.usuarioUsername))
        throw ValidationError.single('username', MSG.usuarioExistente);
      throw error;
    }
  }

  async update(auth: AuthUser, id: string, data: IntegranteDatos): Promise<IntegranteResult> {
    this.requireAdmin(auth);
    if (!isUuid(id)) throw new NotFoundError();
    assertValid(validateEditarIntegrante(data));
    const integrante = await this.dataSource.transaction(async (manager) => {
      const actual = await this.findStaff(manager, auth, id, true);
      const before = auditable(actual);
      actual.nombre = String(data.nombre).trim();
      actual.apellido = text(data.apellido);
      actual.matricula = text(data.matricula);
      actual.email = text(data.email);
      actual.telefono = text(data.telefono);
      if (data.agentecph !== undefined && data.agentecph !== null) actual.agentecph = data.agentecph;
      if (data.rol) actual.rol = data.rol as Rol;
      const cambios = diff(before, auditable(actual));
      await manager.update(
        Usuario,
        { id: actual.id, servicioId: auth.servicio },
        {
          nombre: actual.nombre,
          apellido: actual.apellido,
          matricula: actual.matricula,
          email: actual.email,
          telefono: actual.telefono,
          agentecph: actual.agentecph,
          rol: actual.rol,
        },
      );
      await audit(manager, auth, 'editar', 'usuario', actual.id, cambios);
      return manager.getRepository(Usuario).findOneByOrFail({ id: actual.id });
    });
    // Committed: the member's requests carry the new role from now on.
    this.sessions.forget(integrante.id);
    return { integrante, message: MSG.integranteEditado };
  }

  /**
   * The administrator sets a new password for a member who forgot theirs: argon2id like every
   * password, and the member's older tokens stop working (token version + 1). The audit entry
   * says that it was set, never what it is.
   */
  async setPassword(
    auth: AuthUser,
    id: string,
    data: { newPassword?: string | null; newPassword2?: string | null },
  ): Promise<IntegranteResult> {
    this.requireAdmin(auth);
    if (!isUuid(id)) throw new NotFoundError();
    assertValid(validateClaveIntegrante(data));
    // Hashed before the transaction: argon2 takes a while and needs no lock.
    const passwordHash = await hashPassword(String(data.newPassword));
    const integrante = await this.dataSource.transaction(async (manager) => {
      const actual = await this.findStaff(manager, auth, id, true);
      await manager
        .createQueryBuilder()
        .update(Usuario)
        .set({ passwordHash, tokenVersion: () => 'token_version + 1' })
        .where('id = :id AND servicio_id = :servicio', { id: actual.id, servicio: auth.servicio })
        .execute();
      await audit(manager, auth, 'clave', 'usuario', actual.id, { clave: 'asignada' });
      return manager.getRepository(Usuario).findOneByOrFail({ id: actual.id });
    });
    // Committed: the member's tokens are refused from their next request.
    this.sessions.forget(integrante.id);
    return { integrante, message: MSG.claveIntegranteAsignada };
  }

  /** Soft delete: the member disappears and their tokens stop working at once; history stays. */
  async delete(auth: AuthUser, id: string): Promise<IntegranteResult> {
    this.requireAdmin(auth);
    if (!isUuid(id)) throw new NotFoundError();
    const integrante = await this.dataSource.transaction(async (manager) => {
      const actual = await this.findStaff(manager, auth, id, true);
      await manager
        .createQueryBuilder()
        .update(Usuario)
        .set({ deletedAt: () => 'now()', tokenVersion: () => 'token_version + 1' })
        .where('id = :id AND servicio_id = :servicio', { id: actual.id, servicio: auth.servicio })
        .execute();
      await audit(manager, auth, 'eliminar', 'usuario', actual.id, {
        username: actual.username,
        nombre: actual.nombre,
        apellido: actual.apellido,
      });
      return manager.getRepository(Usuario).findOneByOrFail({ id: actual.id });
    });
    this.sessions.forget(integrante.id);
    return { integrante, message: MSG.integranteEliminado };
  }
}
