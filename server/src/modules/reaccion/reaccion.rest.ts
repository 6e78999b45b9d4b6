import { Request, Router } from 'express';
import { claveUsuario } from '../../loaders';
import type { ReaccionData } from '../../domain/reacciones';
import { authed, body } from '../../rest/http';
import { checkInput, scalar } from '../../rest/input';
import type { AuthUser } from '../../auth/context';
import type { Context } from '../../context';
import type { Services } from '../../services';
import type { ReaccionDonante } from './reaccion.entity';
import { ReaccionInput } from './reaccion.input';

/** A reaction as the REST answers list it. */
export type ReaccionRecord = {
  _id: string;
  tipo: string;
  severidad: string;
  hora: string;
  tratamiento: string;
  evolucion: string;
  detalle: string;
  registradaEn: string;
};

const reaccionRecord = (r: ReaccionDonante): ReaccionRecord => ({
  _id: r.id,
  tipo: r.tipo,
  severidad: r.severidad,
  hora: r.hora,
  tratamiento: r.tratamiento ?? '',
  evolucion: r.evolucion ?? '',
  detalle: r.detalle ?? '',
  registradaEn: new Date(r.registradaEn).toISOString(),
});

/** The body's fields; codes are read in capitals ('hematoma' is HEMATOMA). */
function reaccionData(req: Request): ReaccionData {
  const b = body(req);
  const codigo = (name: string) => {
    const value = scalar(b[name], name);
    return typeof value === 'string' ? value.trim().toUpperCase() : value;
  };
  return {
    tipo: codigo('tipo'),
    severidad: codigo('severidad'),
    hora: scalar(b.hora, 'hora'),
    tratamiento: scalar(b.tratamiento, 'tratamiento'),
    evolucion: scalar(b.evolucion, 'evolucion'),
    detalle: scalar(b.detalle, 'detalle'),
  };
}

async function respuesta(ctx: Context & { auth: AuthUser }, donacionId: string) {
  const reacciones = await ctx.loaders.reaccionesDonacion.load(claveUsuario(ctx.auth.servicio, donacionId));
  return { donacionId, reacciones: reacciones.map(reaccionRecord) };
}

/**
 * POST /donacion/:id/reacciones: records a donor reaction at the donation (GraphQL registrarReaccion).
 * PUT /reaccion/:id: corrects one (GraphQL updateReaccion). Both answer the donation's reactions.
 */
export function addReaccionRoutes(router: Router, services: Services): void {
  router.post(
    '/donacion/:id/reacciones',
    authed(services, async (req, ctx) => {
      const data = reaccionData(req);
      await checkInput(ReaccionInput, data);
      const donacionId = await services.reaccion.registrar(ctx.auth, String(req.params.id), data);
      return respuesta(ctx, donacionId);
    }),
  );

  router.put(
    '/reaccion/:id',
    authed(services, async (req, ctx) => {
      const data = reaccionData(req);
      await checkInput(ReaccionInput, data);
      const donacionId = await services.reaccion.corregir(ctx.auth, String(req.params.id), data);
      return respuesta(ctx, donacionId);
    }),
  );
}
