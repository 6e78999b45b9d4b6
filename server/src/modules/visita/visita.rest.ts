import { Router } from 'express';
import { type RespuestaDada, TIPOS_PREGUNTA, type TipoPregunta } from '../../domain/entrevista';
import { MSG } from '../../domain/messages';
import { parseSignosVitales } from '../../domain/donacion';
import { ValidationError } from '../../errors';
import { jsonTextTooDeep } from '../../input-guard';
import { authed, body } from '../../rest/http';
import { entero, flag, pageFromQuery, queryText, scalar } from '../../rest/input';
import type { Services } from '../../services';
import type { PreguntaCuestionario, Visita } from './visita.entity';

/** A visit as the REST answers carry it: the GraphQL type's fields, dates as ISO 8601. */
export type VisitaRecord = Omit<Visita, 'servicioId' | 'respondidaEn' | 'confirmadaEn' | 'cerradaEn'> & {
  respondidaEn: string | null;
  confirmadaEn: string | null;
  cerradaEn: string | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The record of a visit as the service answered it (already what the caller's role may read). */
export function visitaRecord(v: Visita): VisitaRecord {
  const { servicioId: _servicio, ...rest } = v;
  void _servicio;
  return {
    ...rest,
    respondidaEn: iso(v.respondidaEn),
    confirmadaEn: iso(v.confirmadaEn),
    cerradaEn: iso(v.cerradaEn),
  };
}

const texto = (b: Record<string, unknown>, campo: string) => scalar(b[campo], campo);
const mayusculas = (v: string | null | undefined) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

/** A list field of the body (anything else is a 400 naming it). */
function lista(b: Record<string, unknown>, campo: string): Record<string, unknown>[] {
  const value = b[campo];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((x) => typeof x !== 'object' || x === null || Array.isArray(x))) {
    throw ValidationError.single(campo, MSG.datosInvalidos);
  }
  return value as Record<string, unknown>[];
}

function respuestasDe(b: Record<string, unknown>): RespuestaDada[] {
  return lista(b, 'respuestas').map((r, i) => ({
    preguntaId: scalar(r.preguntaId, `respuestas.${i}.preguntaId`) ?? '',
    valor: mayusculasSiNo(scalar(r.valor, `respuestas.${i}.valor`)),
  }));
}

/** 'si' / 'no' as the stored 'SI' / 'NO'; any other answer as sent. */
const mayusculasSiNo = (v: string | null | undefined) =>
  typeof v === 'string' && ['si', 'no', 'sí'].includes(v.trim().toLowerCase())
    ? v.trim().toUpperCase().replace('Í', 'I')
    : v;

function preguntasDe(b: Record<string, unknown>) {
  return lista(b, 'preguntas').map((p, i) => {
    const tipo = mayusculas(scalar(p.tipo, `preguntas.${i}.tipo`));
    const difiereSi = mayusculas(scalar(p.difiereSi, `preguntas.${i}.difiereSi`));
    return {
      id: scalar(p.id, `preguntas.${i}.id`) || null,
      texto: scalar(p.texto, `preguntas.${i}.texto`) ?? '',
      tipo: ((TIPOS_PREGUNTA as readonly unknown[]).includes(tipo)
        ? tipo
        : String(tipo ?? '')) as TipoPregunta,
      confidencial: flag(p.confidencial, `preguntas.${i}.confidencial`) ?? false,
      activa: flag(p.activa, `preguntas.${i}.activa`) ?? true,
      difiereSi: (difiereSi || null) as 'SI' | 'NO' | null,
      diferimientoDias: Number(entero(p.diferimientoDias) ?? 0),
      definitivo: flag(p.definitivo, `preguntas.${i}.definitivo`) ?? false,
      motivoCodigo: scalar(p.motivoCodigo, `preguntas.${i}.motivoCodigo`) ?? null,
    };
  });
}

const preguntaRecord = (p: PreguntaCuestionario) => ({ ...p });

/**
 * Visits and the interview over REST (the same services as GraphQL; confidential answers only
 * for ROL_MEDICO):
 * - GET /visita?fecha=&donanteId=&estado=&offset=&limit=: the day's (today) or a donor's;
 * - GET /visita/:id; POST /visita { donanteId }: the donor's arrival;
 * - POST /visita/:id/entrevista { respuestas: [{ preguntaId, valor }] };
 * - POST /visita/:id/confirmar (ROL_MEDICO): a deferring answer ends the visit 'No apto';
 * - POST /visita/:id/firmas { declaracionFirmada, testigoDeclaracion, consentimientoFirmado, testigoConsentimiento };
 * - POST /visita/:id/no-apto { motivo, sv?, diferimientoDias?, definitivo? }; POST /visita/:id/abandonar;
 * - GET /cuestionario; PUT /cuestionario { preguntas } (ROL_MEDICO, ROL_SERVICIO).
 * The donation from a visit is POST /donacion with its visitaId.
 */
export function addVisitaRoutes(router: Router, services: Services): void {
  router.get(
    '/cuestionario',
    authed(services, async (_req, ctx) => (await services.visita.cuestionario(ctx.auth)).map(preguntaRecord)),
  );

  router.put(
    '/cuestionario',
    authed(services, async (req, ctx) =>
      (await services.visita.updateCuestionario(ctx.auth, preguntasDe(body(req)))).map(preguntaRecord),
    ),
  );

  router.get(
    '/visita',
    authed(services, async (req, ctx) => {
      const page = await services.visita.search(
        ctx.auth,
        {
          fecha: queryText(req, 'fecha')?.trim() || null,
          donanteId: queryText(req, 'donanteId')?.trim() || null,
          estado: mayusculas(queryText(req, 'estado')) || null,
        },
        await pageFromQuery(req),
      );
      return { ...page, items: page.items.map(visitaRecord) };
    }),
  );

  router.get(
    '/visita/:id',
    authed(services, async (req, ctx) =>
      visitaRecord(await services.visita.get(ctx.auth, String(req.params.id))),
    ),
  );

  router.post(
    '/visita',
    authed(services, async (req, ctx) => {
      const donanteId = texto(body(req), 'donanteId');
      if (!donanteId) throw ValidationError.single('donanteId', MSG.requerido);
      return visitaRecord(await services.visita.iniciar(ctx.auth, donanteId));
    }),
  );

  router.post(
    '/visita/:id/entrevista',
    authed(services, async (req, ctx) =>
      visitaRecord(await services.visita.responder(ctx.auth, String(req.params.id), respuestasDe(body(req)))),
    ),
  );

  router.post(
    '/visita/:id/confirmar',
    authed(services, async (req, ctx) =>
      visitaRecord(await services.visita.confirmar(ctx.auth, String(req.params.id))),
    ),
  );

  router.post(
    '/visita/:id/firmas',
    authed(services, async (req, ctx) => {
      const b = body(req);
      return visitaRecord(
        await services.visita.firmar(ctx.auth, String(req.params.id), {
          declaracionFirmada: flag(b.declaracionFirmada, 'declaracionFirmada') ?? false,
          testigoDeclaracion: texto(b, 'testigoDeclaracion'),
          consentimientoFirmado: flag(b.consentimientoFirmado, 'consentimientoFirmado') ?? false,
          testigoConsentimiento: texto(b, 'testigoConsentimiento'),
        }),
      );
    }),
  );

  router.post(
    '/visita/:id/no-apto',
    authed(services, async (req, ctx) => {
      const b = body(req);
      let sv = null;
      if (b.sv !== undefined && b.sv !== null && b.sv !== '') {
        // Signs as a JSON string (as POST /donacion takes them) or an object; too deep is refused so.
        if (typeof b.sv === 'string' && jsonTextTooDeep(b.sv)) {
          throw ValidationError.single('sv', MSG.datosDemasiadoAnidados);
        }
        const parsed = parseSignosVitales(typeof b.sv === 'string' ? b.sv : JSON.stringify(b.sv));
        if (!parsed.ok) throw ValidationError.single('sv', parsed.error);
        sv = parsed.value;
      }
      const dias = entero(b.diferimientoDias);
      return visitaRecord(
        await services.visita.cerrarNoApto(ctx.auth, String(req.params.id), {
          motivo: texto(b, 'motivo'),
          sv,
          diferimientoDias: dias === undefined || dias === null || dias === '' ? 0 : (dias as number),
          definitivo: flag(b.definitivo, 'definitivo') ?? false,
        }),
      );
    }),
  );

  router.post(
    '/visita/:id/abandonar',
    authed(services, async (req, ctx) =>
      visitaRecord(await services.visita.abandonar(ctx.auth, String(req.params.id))),
    ),
  );
}
