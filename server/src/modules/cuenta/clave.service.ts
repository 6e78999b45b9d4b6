import { DataSource } from 'typeorm';
import { AuthUser } from '../../auth/context';
import { TokenService } from '../../auth/jwt';
import { SessionCache } from '../../auth/session-cache';
import { hashPassword, verifyPassword } from '../../auth/password';
import { FailureThrottle, userAnywhere } from '../../auth/rate-limit';
import { MSG } from '../../domain/messages';
import { validatePasswordChange } from '../../domain/validation';
import { assertValid, UnauthenticatedError, ValidationError } from '../../errors';
import { audit } from '../auditoria/audit';
import { Usuario } from '../usuario/usuario.entity';

export type PasswordChangeData = { oldPassword: string; newPassword: string; newPassword2: string };
export type PasswordChangeResult = { message: string; token: string };

/** Every user changes their own password; older tokens stop working. */
export class ClaveService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: TokenService,
    private readonly sessions: SessionCache,
    /** Wrong old passwords per user: a stolen token cannot be used to guess the password. */
    private readonly throttle: FailureThrottle,
  ) {}

  async change(auth: AuthUser, data: PasswordChangeData): Promise<PasswordChangeResult> {
    assertValid(validatePasswordChange(data));
    const attempt = await this.throttle.begin(userAnywhere('clave', auth.uid));
    try {
      const result = await this.apply(auth, data);
      // Committed: the tokens issued before the change stop working now.
      this.sessions.forget(auth.uid);
      await attempt.succeeded();
      return result;
    } catch (error) {
      if (error instanceof ValidationError) await attempt.failed();
      throw error;
    }
  }

  private apply(auth: AuthUser, data: PasswordChangeData): Promise<PasswordChangeResult> {
    return this.dataSource.transaction(async (manager) => {
      const usuario = await manager
        .getRepository(Usuario)
        .createQueryBuilder('u')
        .addSelect('u.passwordHash')
        .setLock('pessimistic_write')
        .where('u.id = :id AND u.servicioId = :servicio AND u.deletedAt IS NULL', {
          id: auth.uid,
          servicio: auth.servicio,
        })
        .getOne();
      if (!usuario) throw new UnauthenticatedError();
      if (!(await verifyPassword(usuario.passwordHash, data.oldPassword))) {
        throw ValidationError.single('oldPassword', MSG.claveActualIncorrecta);
      }
      const passwordHash = await hashPassword(data.newPassword);
      const tokenVersion = usuario.tokenVersion + 1;
      await manager.update(Usuario, { id: usuario.id }, { passwordHash, tokenVersion });
      // The audit entry says that the password changed, never what it is.
      await audit(manager, auth, 'editar', 'usuario', usuario.id, { clave: 'cambiada' });
      const token = this.tokens.sign({
        uid: usuario.id,
        rol: usuario.rol,
        servicio: usuario.servicioId,
        tv: tokenVersion,
      });
      return { message: MSG.claveActualizada, token };
    });
  }
}
