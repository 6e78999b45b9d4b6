import { Router } from 'express';
import { AuthUser } from '../../auth/context';
import { ForbiddenError } from '../../errors';
import { authed, body, route } from '../../rest/http';
import { checkInput, scalar, sinErroresDe } from '../../rest/input';
import { opcionesRecord, UsuarioRecord, usuarioRecord } from '../../rest/records';
import type { Services } from '../../services';
import { LoginInput, RegisterInput } from './cuenta.input';
import { PasswordChangeInput } from './clave.input';
import { Rol } from '../usuario/rol.enum';
import { Usuario } from '../usuario/usuario.entity';

/**
 * The session the original client stores: the servicio's options for every
 * role; as integrantes, the whole staff for the administrator and, for staff
 * (who may not list the staff), the CPH capture agents they print with.
 */
export async function sesion(services: Services, usuario: Usuario): Promise<UsuarioRecord> {
  const auth: AuthUser = { uid: usuario.id, rol: usuario.rol, servicio: usuario.servicioId };
  const [servicio, integrantes] = await Promise.all([
    services.opciones.get(auth),
    auth.rol === Rol.ROL_SERVICIO ? services.integrante.list(auth) : services.integrante.agentesCph(auth),
  ]);
  return usuarioRecord(usuario, opcionesRecord(servicio, integrantes));
}

/** POST /auth/login, /auth/register and /auth/password. */
export function addCuentaRoutes(router: Router, services: Services): void {
  router.post(
    '/auth/login',
    route(services, async (req, ctx) => {
      const b = body(req);
      const data = {
        username: scalar(b.username, 'username') ?? '',
        password: scalar(b.password, 'password') ?? '',
      };
      await checkInput(LoginInput, data);
      const { token, usuario } = await services.cuenta.login(data.username, data.password, ctx.ip);
      return { token, usuario: await sesion(services, usuario) };
    }),
  );

  router.post(
    '/auth/register',
    route(services, async (req, ctx) => {
      const b = body(req);
      const password = scalar(b.password, 'password') ?? '';
      const data = {
        nombre: scalar(b.nombre, 'nombre') ?? '',
        username: scalar(b.username, 'username') ?? '',
        email: scalar(b.email, 'email') ?? '',
        password,
        // The original client sends no repeat.
        password2: scalar(b.password2, 'password2') ?? password,
        rol: scalar(b.rol, 'rol') || undefined,
      };
      const copied = b.password2 === undefined ? 'password2' : null;
      const { token, usuario } = await sinErroresDe(copied, async () => {
        await checkInput(RegisterInput, { ...data, rol: undefined });
        return services.cuenta.register(data, ctx.ip);
      });
      return { token, usuario: await sesion(services, usuario) };
    }),
  );

  router.post(
    '/auth/password',
    authed(
      services,
      async (req, ctx) => {
        const b = body(req);
        const uid = scalar(b.uid, 'uid');
        if (uid && uid !== ctx.auth.uid) throw new ForbiddenError();
        const newPassword = scalar(b.newPassword, 'newPassword') ?? '';
        const data = {
          oldPassword: scalar(b.oldPassword, 'oldPassword') ?? '',
          newPassword,
          newPassword2: scalar(b.newPassword2, 'newPassword2') ?? newPassword,
        };
        const copied = b.newPassword2 === undefined ? 'newPassword2' : null;
        const result = await sinErroresDe(copied, async () => {
          await checkInput(PasswordChangeInput, data);
          return services.clave.change(ctx.auth, data);
        });
        // The status text; the new token replaces the old one, which stops working.
        return { ok: true, msg: result.message, message: result.message, token: result.token };
      },
      { red: true },
    ),
  );
}
