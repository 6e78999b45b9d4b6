import { Request, Router } from 'express';
import { assertOwnServicio, authed, body } from '../../rest/http';
import { checkInput, flag, scalar, sinErroresDe } from '../../rest/input';
import { integranteRecord } from '../../rest/records';
import type { Services } from '../../services';
import { IntegranteInput, IntegrantePasswordInput, IntegranteUpdateInput } from './integrante.input';

/** The member fields, flat or nested under `opciones` as the original's records carry them. */
function memberFields(req: Request) {
  const b = body(req);
  const nested = (typeof b.opciones === 'object' && b.opciones !== null ? b.opciones : {}) as Record<
    string,
    unknown
  >;
  const raw = (name: string): unknown => (b[name] !== undefined ? b[name] : nested[name]);
  const pick = (name: string) => scalar(raw(name), name);
  return {
    b,
    datos: {
      nombre: pick('nombre'),
      apellido: pick('apellido'),
      matricula: pick('matricula'),
      email: pick('email'),
      telefono: pick('telefono'),
      agentecph: flag(raw('agentecph'), 'agentecph'),
      rol: pick('rol') || undefined,
    },
    pick,
  };
}

/**
 * POST and PUT /auth/integrante, PUT /auth/integrante/:_id/password (the administrator sets a
 * member's new password), DELETE /auth/integrante/:_id/user/:uid.
 */
export function addIntegranteRoutes(router: Router, services: Services): void {
  router.post(
    '/auth/integrante',
    authed(services, async (req, ctx) => {
      const { b, datos, pick } = memberFields(req);
      assertOwnServicio(ctx.auth, scalar(b.uid, 'uid'));
      const password = pick('password');
      const data = {
        ...datos,
        username: pick('username'),
        password,
        password2: pick('password2') ?? password,
      };
      await checkInput(IntegranteInput, { ...data, rol: undefined });
      const { integrante } = await services.integrante.create(ctx.auth, data);
      return integranteRecord(integrante);
    }),
  );

  router.put(
    '/auth/integrante',
    authed(services, async (req, ctx) => {
      const { b, datos } = memberFields(req);
      const uid = scalar(b.uid, 'uid');
      const _id = scalar(b._id, '_id');
      // uid is the member; a client that sends the servicio as uid names the member in _id.
      const id = _id && uid === ctx.auth.servicio ? _id : (uid ?? _id ?? '');
      await checkInput(IntegranteUpdateInput, { ...datos, rol: undefined });
      const { integrante } = await services.integrante.update(ctx.auth, id, datos);
      return integranteRecord(integrante);
    }),
  );

  router.put(
    '/auth/integrante/:_id/password',
    authed(services, async (req, ctx) => {
      const b = body(req);
      assertOwnServicio(ctx.auth, scalar(b.uid, 'uid'));
      const newPassword = scalar(b.newPassword, 'newPassword') ?? '';
      const data = {
        newPassword,
        // As /auth/password: a client that sends no repeat gets it copied.
        newPassword2: scalar(b.newPassword2, 'newPassword2') ?? newPassword,
      };
      const copied = b.newPassword2 === undefined ? 'newPassword2' : null;
      const { integrante, message } = await sinErroresDe(copied, async () => {
        await checkInput(IntegrantePasswordInput, data);
        return services.integrante.setPassword(ctx.auth, String(req.params._id), data);
      });
      return { ok: true, msg: message, integrante: integranteRecord(integrante) };
    }),
  );

  router.delete(
    '/auth/integrante/:_id/user/:uid',
    authed(services, async (req, ctx) => {
      assertOwnServicio(ctx.auth, req.params.uid);
      const { integrante, message } = await services.integrante.delete(ctx.auth, String(req.params._id));
      return { ok: true, msg: message, integrante: integranteRecord(integrante) };
    }),
  );
}
