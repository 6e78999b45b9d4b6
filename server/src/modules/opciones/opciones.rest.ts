import { Router } from 'express';
import { assertOwnServicio, authed, body } from '../../rest/http';
import { panelDeServicio } from '../../domain/resultados';
import { parseMedida, UMBRALES_TAMIZAJE_KEYS } from '../../domain/donacion';
import { checkInput, scalar } from '../../rest/input';
import { opcionesRecord } from '../../rest/records';
import type { Services } from '../../services';
import { OpcionesInput } from './opciones.input';
import { umbralesDe } from './opciones.service';

/** 'NAT_HIV', 'nat hiv', 'NAT-HIV' -> 'NAT_HIV'; anything else goes on for the service to refuse. */
function marcadorCanonico(value: unknown): unknown {
  return typeof value === 'string'
    ? value
        .trim()
        .toUpperCase()
        .replace(/[\s-]+/g, '_')
    : value;
}

/**
 * POST /auth/opciones: the servicio's options; the body's uid must be the caller's servicio.
 * POST /auth/opciones/panel: the NAT tests the servicio adds to its laboratory panel.
 * POST /auth/opciones/umbrales: the servicio's screening thresholds (GraphQL updateUmbralesTamizaje).
 */
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

  router.post(
    '/auth/opciones/panel',
    authed(services, async (req, ctx) => {
      const b = body(req);
      assertOwnServicio(ctx.auth, scalar(b.uid, 'uid'));
      // Not a list: the service refuses it (after the role).
      const marcadores = Array.isArray(b.marcadores) ? b.marcadores.map(marcadorCanonico) : b.marcadores;
      const servicio = await services.opciones.updatePanelResultados(ctx.auth, marcadores);
      return {
        marcadoresAdicionales: servicio.marcadoresAdicionales,
        panel: panelDeServicio(servicio.marcadoresAdicionales),
      };
    }),
  );

  router.post(
    '/auth/opciones/umbrales',
    authed(services, async (req, ctx) => {
      const b = body(req);
      assertOwnServicio(ctx.auth, scalar(b.uid, 'uid'));
      // A number, or its text with a decimal comma ('12,5'); '' or absent keeps the spec's bound.
      const data = Object.fromEntries(
        UMBRALES_TAMIZAJE_KEYS.map((k) => [k, typeof b[k] === 'string' ? parseMedida(b[k]) : b[k]]),
      );
      const servicio = await services.opciones.updateUmbralesTamizaje(ctx.auth, data);
      return { umbralesTamizaje: umbralesDe(servicio) };
    }),
  );
}
