import { Router } from 'express';
import { assertOwnServicio, authed, body } from '../../rest/http';
import { checkInput, scalar } from '../../rest/input';
import { opcionesRecord } from '../../rest/records';
import type { Services } from '../../services';
import { OpcionesInput } from './opciones.input';

/** POST /auth/opciones: the servicio's options; the body's uid must be the caller's servicio. */
export function addOpcionesRoutes(router: Router, services: Services): void {
  router.post(
    '/auth/opciones',
    authed(services, async (req, ctx) => {
      const b = body(req);
      assertOwnServicio(ctx.auth, scalar(b.uid, 'uid'));
      // The fields come flat; a client that nests them under `opciones` is read too.
      const nested = (typeof b.opciones === 'object' && b.opciones !== null ? b.opciones : {}) as Record<
        string,
        unknown
      >;
      const pick = (name: string) => scalar(b[name] !== undefined ? b[name] : nested[name], name);
      const data = {
        nombre: pick('nombre'),
        direccion: pick('direccion'),
        email: pick('email'),
        telefono: pick('telefono'),
      };
      await checkInput(OpcionesInput, data);
      const { servicio } = await services.opciones.update(ctx.auth, data);
      return opcionesRecord(servicio, await services.integrante.list(ctx.auth));
    }),
  );
}
