import { Router } from 'express';
import { MSG } from '../../domain/messages';
import { ValidationError } from '../../errors';
import { authed, body } from '../../rest/http';
import { flag, pageFromQuery, queryText, scalar } from '../../rest/input';
import type { Services } from '../../services';
import type { Citacion } from './citacion.entity';

/** A citación as the REST answers carry it: the GraphQL type's fields, dates as ISO 8601. */
export type CitacionRecord = {
  id: string;
  donanteId: string;
  donacionId: string | null;
  motivo: string | null;
  detalle: string | null;
  motivoTexto: string;
  estado: string;
  cita: string | null;
  asistioEn: string | null;
  informado: string | null;
  derivacion: string | null;
  cerradaEn: string | null;
  motivoCierre: string | null;
  creadaEn: string;
  intentos: {
    id: string;
    fecha: string;
    medio: string;
    resultado: string | null;
    registradoPorId: string | null;
  }[];
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The record of a citación as the service answered it (already what the caller's role may see). */
export function citacionRecord(c: Citacion): CitacionRecord {
  return {
    id: c.id,
    donanteId: c.donanteId,
    donacionId: c.donacionId,
    motivo: c.motivo,
    detalle: c.detalle,
    motivoTexto: c.motivoTexto,
    estado: c.estado,
    cita: c.cita,
    asistioEn: iso(c.asistioEn),
    informado: c.informado,
    derivacion: c.derivacion,
    cerradaEn: iso(c.cerradaEn),
    motivoCierre: c.motivoCierre,
    creadaEn: c.creadaEn.toISOString(),
    intentos: c.intentos.map((i) => ({
      id: i.id,
      fecha: i.fecha,
      medio: i.medio,
      resultado: i.resultado,
      registradoPorId: i.registradoPorId,
    })),
  };
}

const texto = (b: Record<string, unknown>, campo: string) => scalar(b[campo], campo);
const mayusculas = (v: string | null | undefined) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

/**
 * The call-back list over REST (the same services as GraphQL; the reason only for ROL_MEDICO):
 * - GET /citacion?estado=&abiertas=&offset=&limit=: the servicio's, newest first;
 * - GET /citacion/:id;
 * - POST /citacion { donanteId, motivo: 'OTRO', detalle } (ROL_MEDICO);
 * - POST /citacion/:id/intento { fecha, medio, resultado? }; POST /citacion/:id/cita { fecha };
 * - POST /citacion/:id/asistencia { informado, derivacion? } and /citacion/:id/cerrar { motivo }
 *   (ROL_MEDICO).
 */
export function addCitacionRoutes(router: Router, services: Services): void {
  router.get(
    '/citacion',
    authed(services, async (req, ctx) => {
      const estado = mayusculas(queryText(req, 'estado')) || null;
      const abiertas = flag(queryText(req, 'abiertas'), 'abiertas') ?? null;
      const page = await services.citacion.search(ctx.auth, { estado, abiertas }, await pageFromQuery(req));
      return { ...page, items: page.items.map(citacionRecord) };
    }),
  );

  router.get(
    '/citacion/:id',
    authed(services, async (req, ctx) =>
      citacionRecord(await services.citacion.get(ctx.auth, String(req.params.id))),
    ),
  );

  router.post(
    '/citacion',
    authed(services, async (req, ctx) => {
      const b = body(req);
      const donanteId = texto(b, 'donanteId');
      if (!donanteId) throw ValidationError.single('donanteId', MSG.requerido);
      const c = await services.citacion.crear(
        ctx.auth,
        donanteId,
        mayusculas(texto(b, 'motivo')),
        texto(b, 'detalle'),
      );
      return citacionRecord(c);
    }),
  );

  router.post(
    '/citacion/:id/intento',
    authed(services, async (req, ctx) => {
      const b = body(req);
      const c = await services.citacion.registrarIntento(ctx.auth, String(req.params.id), {
        fecha: texto(b, 'fecha'),
        medio: mayusculas(texto(b, 'medio')),
        resultado: texto(b, 'resultado'),
      });
      return citacionRecord(c);
    }),
  );

  router.post(
    '/citacion/:id/cita',
    authed(services, async (req, ctx) => {
      const b = body(req);
      return citacionRecord(
        await services.citacion.registrarCita(ctx.auth, String(req.params.id), texto(b, 'fecha')),
      );
    }),
  );

  router.post(
    '/citacion/:id/asistencia',
    authed(services, async (req, ctx) => {
      const b = body(req);
      const c = await services.citacion.registrarAsistencia(
        ctx.auth,
        String(req.params.id),
        texto(b, 'informado'),
        texto(b, 'derivacion'),
      );
      return citacionRecord(c);
    }),
  );

  router.post(
    '/citacion/:id/cerrar',
    authed(services, async (req, ctx) => {
      const b = body(req);
      return citacionRecord(
        await services.citacion.cerrar(ctx.auth, String(req.params.id), texto(b, 'motivo')),
      );
    }),
  );
}
