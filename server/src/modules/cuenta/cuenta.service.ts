import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../auth/context';
import { TokenService } from '../../auth/jwt';
import { SessionCache } from '../../auth/session-cache';
import { isUniqueViolation, UNIQUE_INDEX } from '../../database/errors';
import type { RunQuery } from '../../database/prepared';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../auth/password';
import { FailureThrottle, userAtAddress } from '../../auth/rate-limit';
import { MSG } from '../../domain/messages';
import { validateRegister } from '../../domain/validation';
import { assertValid, UnauthenticatedError, ValidationError } from '../../errors';
import { audit } from '../auditoria/audit';
import { Servicio } from '../servicio/servicio.entity';
import { ROLES_REGISTRO } from '../../domain/roles';
import { nuevoCodigoInvitacion } from '../red/red.service';
import { Rol } from '../usuario/rol.enum';
import { Usuario } from '../usuario/usuario.entity';

export type RegisterData = {
  nombre: string;
  username: string;
  email: string;
  password: string;
  password2: string;
  rol?: string | null;
};

export type AuthResult = { token: string; usuario: Usuario };

export class CuentaService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: TokenService,
    /** Failed sign-ins and registrations, per user at an address and per address. */
    private readonly throttle: FailureThrottle,
    private readonly sessions: SessionCache,
    private readonly query: RunQuery,
  ) {}

  private issue(usuario: Usuario): AuthResult {
    const token = this.tokens.sign({
      uid: usuario.id,
      rol: usuario.rol,
      servicio: usuario.servicioId,
      tv: usuario.tokenVersion,
    });
    return { token, usuario };
  }

  /**
   * Creates a servicio and its administrator (same id) and signs them in; with rol ROL_RED, a
   * regional network's account instead (modules/red), with its invitation code.
   */
  async register(data: RegisterData, ip: string): Promise<AuthResult> {
    const username = (data.username ?? '').trim();
    const attempt = await this.throttle.begin(userAtAddress('registro', username, ip));
    try {
      const errors = validateRegister(data);
      const rol = (data.rol || Rol.ROL_SERVICIO) as Rol;
      if (!(ROLES_REGISTRO as readonly string[]).includes(rol)) {
        errors.push({ field: 'rol', msg: MSG.valorNoPermitido });
      }
      assertValid(errors);
      const esRed = rol === Rol.ROL_RED;
      const passwordHash = await hashPassword(data.password);
      const id = randomUUID();
      const usuario = await this.dataSource.transaction(async (manager) => {
        const taken = await manager
          .createQueryBuilder(Usuario, 'u')
          .where('lower(u.username) = lower(:username)', { username })
          .getExists();
        if (taken) throw ValidationError.single('username', MSG.usuarioExistente);
        const servicio = manager.create(Servicio, {
          id,
          nombre: data.nombre.trim(),
          email: data.email.trim(),
          direccion: null,
          telefono: null,
          esRed,
          codigoInvitacion: esRed ? nuevoCodigoInvitacion() : null,
          redId: null,
        });
        await manager.insert(Servicio, servicio);
        const nuevo = manager.create(Usuario, {
          id,
          servicioId: id,
          username,
          passwordHash,
          rol,
          nombre: data.nombre.trim(),
          apellido: null,
          matricula: null,
          email: data.email.trim(),
          telefono: null,
          agentecph: false,
          tokenVersion: 0,
          deletedAt: null,
        });
        await manager.insert(Usuario, nuevo);
        const actor = { uid: id, servicio: id };
        await audit(manager, actor, 'crear', esRed ? 'red' : 'servicio', id, {
          nombre: servicio.nombre,
          email: servicio.email,
        });
        await audit(manager, actor, 'crear', 'usuario', id, { username, rol });
        return nuevo;
      });
      return this.issue(usuario);
    } catch (error) {
      if (isUniqueViolation(error, UNIQUE_INDEX.usuarioUsername)) {
        await attempt.failed();
        throw ValidationError.single('username', MSG.usuarioExistente);
      }
      if (error instanceof ValidationError) await attempt.failed();
      throw error;
    }
  }

  async login(usernameRaw: string, password: string, ip: string): Promise<AuthResult> {
    const username = (usernameRaw ?? '').trim();
    const attempt = await this.throttle.begin(userAtAddress('login', username, ip));
    const usuario = await this.dataSource
      .getRepository(Usuario)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.username) = lower(:username)', { username })
      .andWhere('u.deletedAt IS NULL')
      .getOne();
    const ok = usuario
      ? await verifyPassword(usuario.passwordHash, password ?? '')
      : (await verifyPassword(await dummyPasswordHash(), password ?? ''), false);
    // The same answer, after the same work, for an unknown user and a wrong password.
    if (!usuario || !ok) {
      await attempt.failed();
      throw new UnauthenticatedError(MSG.credencialesInvalidas);
    }
    await attempt.succeeded();
    return this.issue(usuario);
  }

  /** The caller of a token, or null if the token is invalid, old, or its user is gone. */
  async authenticate(token: string): Promise<AuthUser | null> {
    const claims = this.tokens.verify(token);
    if (!claims) return null;
    const row = await this.sessions.get(claims.uid, async () => {
      const [found] = await this.query(
        `SELECT rol, servicio_id, token_version FROM usuario WHERE id = $1 AND deleted_at IS NULL`,
        [claims.uid],
      );
      return found
        ? {
            rol: found.rol as Rol,
            servicio: String(found.servicio_id),
            tokenVersion: Number(found.token_version),
          }
        : null;
    });
    if (!row || row.tokenVersion !== claims.tv || row.servicio !== claims.servicio) return null;
    return { uid: claims.uid, rol: row.rol, servicio: row.servicio };
  }

  async me(auth: AuthUser): Promise<Usuario> {
    const usuario = await this.dataSource
      .getRepository(Usuario)
      .findOneBy({ id: auth.uid, servicioId: auth.servicio });
    if (!usuario || usuario.deletedAt) throw new UnauthenticatedError();
    return usuario;
  }
}
