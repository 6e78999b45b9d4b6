import { Request, Router } from 'express';
import { AuthUser } from '../../auth/context';
import { DONANTE_TEXT_FIELDS, DonanteData } from '../../domain/donante';
import { MSG } from '../../domain/messages';
import { assertOwnServicio, authed, body, jsonField } from '../../rest/http';
import {
  checkInput,
  fechaIso,
  flag,
  ordenFromQuery,
  pageFromQuery,
  queryText,
  scalar,
} from '../../rest/input';
import { donacionRecord, donanteConElegibilidad, donanteRecord, elegibilidades } from '../../rest/records';
import type { Services } from '../../services';
import { DonanteFilter, DonanteOrdenCampo } from './donante.input';

const TEXT_FIELDS = DONANTE_TEXT_FIELDS;

/** The original's donor body -> the service's data: cph parsed from its JSON string. */
function donanteData(req: Request, auth: AuthUser): DonanteData {
  const b = body(req);
  assertOwnServicio(auth, scalar(b.servicio, 'servicio'));
  const data: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) data[field] = scalar(b[field], field);
  data.fechaNacimiento = fechaIso(b.fechaNacimiento);
  for (const field of ['convocado', 'donacionAferesis', 'donacionAnterior'] as const) {
    data[field] = flag(b[field], field);
  }
  // esVoluntario is 'Si'/'No'; a boolean says the same.
  data.esVoluntario =
    typeof b.esVoluntario === 'boolean'
      ? b.esVoluntario
        ? 'Si'
        : 'No'
      : scalar(b.esVoluntario, 'esVoluntario');
  data.cph = jsonField(b.cph, 'cph');
  return data as DonanteData;
}

/** POST /donante/, GET /donante/search, GET, PUT and DELETE /donante/:id. */
export function addDonanteRoutes(router: Router, services: Services): void {
  router.post(
    '/donante/',
    authed(services, async (req, ctx) => {
      const donante = await services.donante.create(ctx.auth, donanteData(req, ctx.auth));
      return donanteConElegibilidad(services, ctx.auth, donante);
    }),
  );

  router.get(
    '/donante/search',
    authed(services, async (req, ctx) => {
      const filter = {
        dni: queryText(req, 'dni'),
        nombre: queryText(req, 'nombre'),
        apellido: queryText(req, 'apellido'),
        abo: queryText(req, 'abo'),
        rh: queryText(req, 'rh'),
        puedeDonar: flag(queryText(req, 'puedeDonar')?.trim() || undefined, 'puedeDonar'),
      };
      await checkInput(DonanteFilter, filter);
      const orden = ordenFromQuery(req, Object.values(DonanteOrdenCampo));
      const page = await services.donante.search(
        ctx.auth,
        filter,
        await pageFromQuery(req),
        undefined,
        orden,
      );
      const e = await elegibilidades(services, ctx.auth, page.items);
      return {
        donantes: page.items.map((d) => donanteRecord(d, e.get(d.id))),
        total: page.total,
        totalExacto: page.totalExacto,
        offset: page.offset,
        limit: page.limit,
      };
    }),
  );

  router.get(
    '/donante/:id',
    authed(services, async (req, ctx) => {
      const id = String(req.params.id);
      const donante = await services.donante.get(ctx.auth, id);
      // Oldest first, as the original's list grew.
      const donaciones = (await services.donacion.deDonante(ctx.auth, id)).reverse();
      return donanteConElegibilidad(
        services,
        ctx.auth,
        donante,
        donaciones.map((d) => donacionRecord(d, donante)),
      );
    }),
  );

  router.put(
    '/donante/:id',
    authed(services, async (req, ctx) => {
      const data = donanteData(req, ctx.auth);
      const donante = await services.donante.update(ctx.auth, String(req.params.id), data);
      return donanteConElegibilidad(services, ctx.auth, donante);
    }),
  );

  router.delete(
    '/donante/:id',
    authed(services, async (req, ctx) => {
      await services.donante.softDelete(ctx.auth, String(req.params.id));
      return { ok: true, msg: MSG.donanteEliminado };
    }),
  );
}
