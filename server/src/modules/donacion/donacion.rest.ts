import { Request, Router } from 'express';
import { Context } from '../../context';
import { AuthUser } from '../../auth/context';
import { parseSerologia, parseSignosVitales, ResultadosData } from '../../domain/donacion';
import { leerNumeroEtiqueta } from '../../domain/etiquetas';
import { MSG } from '../../domain/messages';
import { NotFoundError, ValidationError } from '../../errors';
import { claveUsuario } from '../../loaders';
import { jsonTextTooDeep } from '../../input-guard';
import { assertOwnServicio, authed, body } from '../../rest/http';
import {
  checkInput,
  conCampo,
  entero,
  fechaIso,
  flag,
  ordenFromQuery,
  pageFromQuery,
  queryText,
  scalar,
} from '../../rest/input';
import {
  DonacionRecord,
  donacionRecord,
  donanteConElegibilidad,
  resultadoRecord,
  type DonacionConResultadosRecord,
} from '../../rest/records';
import type { Services } from '../../services';
import { Donacion } from './donacion.entity';
import {
  CreateDonacionInput,
  DonacionFilter,
  DonacionOrdenCampo,
  ResultadosDonacionInput,
} from './donacion.input';
import { CreateDonacionData } from './donacion.service';
import { ConfirmatorioInput, RepeticionInput, TamizajeInput } from './resultado.input';

/** A JSON-string field that may also arrive already parsed; nested too deep it is refused unparsed. */
function jsonText(value: unknown, field: string): string | null | undefined {
  if (typeof value === 'string' && jsonTextTooDeep(value)) {
    throw ValidationError.single(field, MSG.datosDemasiadoAnidados);
  }
  if (value === undefined || value === null || typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** 'positivo', 'Positivo', '+', 'Rh+', true -> 'POSITIVO' (and the negatives); other values go on to be refused. */
function rhCanonico(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 'POSITIVO' : 'NEGATIVO';
  if (typeof value !== 'string') return value;
  const key = value.trim().toLowerCase().replace(/\s+/g, '');
  if (key === '') return '';
  if (['positivo', 'positive', 'pos', '+', 'rh+', '(+)'].includes(key)) return 'POSITIVO';
  if (['negativo', 'negative', 'neg', '-', 'rh-', '(-)'].includes(key)) return 'NEGATIVO';
  return value;
}

/** 'a', 'Ab', '0' -> 'A', 'AB', 'O'. */
function aboCanonico(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const key = value.trim().toUpperCase();
  return key === '0' ? 'O' : key;
}

/** 'Definitiva' / 'Temporal' in any case; true / false as the two radio choices. */
function exclusionCanonica(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 'Definitiva' : 'Temporal';
  if (typeof value !== 'string') return value;
  const key = value.trim().toLowerCase();
  if (key === 'definitiva') return 'Definitiva';
  if (key === 'temporal') return 'Temporal';
  return value.trim();
}

async function records(ctx: Context, items: Donacion[]): Promise<DonacionRecord[]> {
  const donantes = await Promise.all(
    items.map((d) => ctx.loaders.donacionDonante.load(claveUsuario(d.servicioId, d.donanteId))),
  );
  return items.map((d, i) => donacionRecord(d, donantes[i]));
}

/** The donation's record with its per-marker results, as GraphQL's Donacion.resultados lists them. */
async function conResultados(ctx: Context, donacion: Donacion): Promise<DonacionConResultadosRecord> {
  const [[record], resultados] = await Promise.all([
    records(ctx, [donacion]),
    ctx.loaders.resultadosDonacion.load(claveUsuario(donacion.servicioId, donacion.id)),
  ]);
  return { ...record, resultados: resultados.map(resultadoRecord) };
}

/** The text fields of a laboratory step's body; a date may come as YYYYMMDD, as the donations' do. */
function pasoData<K extends string>(
  req: Request,
  campos: readonly K[],
): Record<K, string | null | undefined> {
  const b = body(req);
  const data = {} as Record<K, string | null | undefined>;
  for (const campo of campos) {
    const value = campo === 'fecha' ? fechaIso(b[campo]) : b[campo];
    data[campo] = scalar(value, campo);
  }
  return data;
}

/** The donation named by the path, which must belong to the donor the path also names. */
async function donacionDeDonante(services: Services, auth: AuthUser, req: Request, donorParam: string) {
  const donacion = await services.donacion.get(auth, String(req.params.id ?? req.params._id));
  // A uuid may come in upper case: the same donor.
  if (donacion.donanteId !== String(req.params[donorParam]).toLowerCase()) {
    throw new NotFoundError(MSG.donanteNoEncontrado);
  }
  return donacion;
}

/** A label code sent as numero becomes its number; any other text goes on for validateDonacion to refuse. */
function numeroDeEtiqueta(value: unknown): number | null | undefined {
  if (typeof value !== 'string') return value as number | null | undefined;
  const leido = leerNumeroEtiqueta(value);
  return (leido.ok ? leido.value : value) as number | null;
}

function createData(req: Request, auth: AuthUser): CreateDonacionData {
  const b = body(req);
  assertOwnServicio(auth, scalar(b.servicio, 'servicio'));
  assertOwnServicio(auth, scalar(b.servicioId, 'servicioId'));
  let sv: CreateDonacionData['sv'] = null;
  const svText = jsonText(b.sv, 'sv');
  if (svText) {
    const parsed = parseSignosVitales(svText);
    if (!parsed.ok) throw ValidationError.single('sv', parsed.error);
    sv = parsed.value;
  }
  const tipoBolsa = scalar(b.tipoBolsa, 'tipoBolsa');
  return {
    donanteId: scalar(b.donanteId, 'donanteId') ?? scalar(b.uid, 'uid') ?? '',
    // A number, numeric text, or a label code (validateDonacion reads it and refuses a wrong one).
    numero: numeroDeEtiqueta(entero(b.numero)),
    fecha: fechaIso(b.fecha) as string | null | undefined,
    hora: scalar(b.hora, 'hora'),
    plasmaCovid: flag(b.plasmaCovid, 'plasmaCovid') ?? false,
    sv,
    // Blank means the default bag, as in the new-donation form.
    tipoBolsa: tipoBolsa?.trim() ? tipoBolsa : undefined,
    loteBolsa: scalar(b.loteBolsa, 'loteBolsa'),
    donacionAferesis: flag(b.donacionAferesis, 'donacionAferesis') ?? false,
    visitaId: scalar(b.visitaId, 'visitaId'),
  };
}

function resultadosData(req: Request): ResultadosData {
  const b = body(req);
  const data: ResultadosData = {};
  if (b.abo !== undefined) data.abo = aboCanonico(b.abo) as string | null;
  if (b.rh !== undefined) data.rh = rhCanonico(b.rh) as string | null;
  if (b.serologia !== undefined) {
    const text = jsonText(b.serologia, 'serologia');
    if (text === null) data.serologia = null;
    else {
      const parsed = parseSerologia(text);
      if (!parsed.ok) throw ValidationError.single('serologia', parsed.error);
      data.serologia = parsed.value;
    }
  }
  if (b.exclusionDefinitiva !== undefined) {
    data.exclusionDefinitiva = exclusionCanonica(b.exclusionDefinitiva) as string | null;
  }
  if (b.exclusionTiempo !== undefined) data.exclusionTiempo = entero(b.exclusionTiempo) as number | null;
  if (b.exclusionCodigo !== undefined) data.exclusionCodigo = scalar(b.exclusionCodigo, 'exclusionCodigo');
  if (b.motivo !== undefined) data.motivo = scalar(b.motivo, 'motivo');
  // A group that differs from the donor's earlier donations, confirmed as GraphQL does.
  if (b.confirmarGrupo !== undefined) data.confirmarGrupo = flag(b.confirmarGrupo, 'confirmarGrupo');
  if (b.motivoGrupo !== undefined) data.motivoGrupo = scalar(b.motivoGrupo, 'motivoGrupo');
  return data;
}

/**
 * POST /donacion/, POST /donacion/next-etiqueta-number, GET /donacion/search,
 * GET /donacion/:id, PUT /donacion/:id/donante/:donorId, DELETE /donacion/:_id/donante/:uid, and the
 * laboratory's steps POST /donacion/:id/tamizaje, /repeticion, /confirmatorio and /retipificacion.
 */
export function addDonacionRoutes(router: Router, services: Services): void {
  router.post(
    '/donacion/',
    authed(services, async (req, ctx) => {
      const data = createData(req, ctx.auth);
      await checkInput(CreateDonacionInput, { ...data, sv: undefined });
      await services.donacion.create(ctx.auth, data);
      // The answer is the donor with its donations, oldest first (the new one last).
      const donante = await services.donante.get(ctx.auth, data.donanteId);
      const donaciones = (await services.donacion.deDonante(ctx.auth, donante.id)).reverse();
      return donanteConElegibilidad(
        services,
        ctx.auth,
        donante,
        donaciones.map((d) => donacionRecord(d, donante)),
      );
    }),
  );

  router.post(
    '/donacion/next-etiqueta-number',
    authed(services, async (req, ctx) => {
      const b = body(req);
      assertOwnServicio(ctx.auth, scalar(b.servicioId, 'servicioId'));
      assertOwnServicio(ctx.auth, scalar(b.servicio, 'servicio'));
      // The spec's payload is the servicio alone; a client that names the donor (donanteId, as the
      // new donation's body does) gets no number for a donor who may not donate today.
      const donanteId = scalar(b.donanteId, 'donanteId');
      const aferesis = flag(b.donacionAferesis, 'donacionAferesis');
      return { numero: await services.donacion.nextEtiquetaNumero(ctx.auth, { donanteId, aferesis }) };
    }),
  );

  router.get(
    '/donacion/search',
    authed(services, async (req, ctx) => {
      const numeroText = queryText(req, 'numero')?.trim();
      const fechaText = queryText(req, 'fecha')?.trim();
      // numero is read as the GraphQL search reads codigo (a bare number, or a label code), and
      // its errors name the parameter the client sent.
      const filter = {
        codigo: numeroText || undefined,
        fecha: fechaText ? (fechaIso(fechaText) as string) : undefined,
      };
      const orden = ordenFromQuery(req, Object.values(DonacionOrdenCampo));
      const page = await conCampo('codigo', 'numero', async () => {
        await checkInput(DonacionFilter, filter);
        return services.donacion.search(ctx.auth, filter, await pageFromQuery(req), undefined, orden);
      });
      return {
        donaciones: await records(ctx, page.items),
        total: page.total,
        offset: page.offset,
        limit: page.limit,
      };
    }),
  );

  router.get(
    '/donacion/:id',
    authed(services, async (req, ctx) => {
      const donacion = await services.donacion.get(ctx.auth, String(req.params.id));
      return records(ctx, [donacion]);
    }),
  );

  router.put(
    '/donacion/:id/donante/:donorId',
    authed(services, async (req, ctx) => {
      const data = resultadosData(req);
      await checkInput(ResultadosDonacionInput, { ...data, serologia: undefined });
      const actual = await donacionDeDonante(services, ctx.auth, req, 'donorId');
      const { donacion, message } = await services.donacion.updateResultados(ctx.auth, actual.id, data);
      const [record] = await records(ctx, [donacion]);
      return { donacion: record, message };
    }),
  );

  router.delete(
    '/donacion/:_id/donante/:uid',
    authed(services, async (req, ctx) => {
      const actual = await donacionDeDonante(services, ctx.auth, req, 'uid');
      const donacion = await services.donacion.softDelete(ctx.auth, actual.id);
      const [record] = await records(ctx, [donacion]);
      return { ok: true, msg: MSG.donacionEliminada, donacion: record };
    }),
  );

  router.post(
    '/donacion/:id/tamizaje',
    authed(services, async (req, ctx) => {
      const data = pasoData(req, ['marcador', 'estado', 'tecnica', 'fecha'] as const);
      await checkInput(TamizajeInput, data);
      return conResultados(
        ctx,
        await services.donacion.registrarTamizaje(ctx.auth, String(req.params.id), data),
      );
    }),
  );

  router.post(
    '/donacion/:id/repeticion',
    authed(services, async (req, ctx) => {
      const data = pasoData(req, ['marcador', 'primera', 'segunda', 'tecnica', 'fecha'] as const);
      await checkInput(RepeticionInput, data);
      return conResultados(
        ctx,
        await services.donacion.registrarRepeticion(ctx.auth, String(req.params.id), data),
      );
    }),
  );

  router.post(
    '/donacion/:id/confirmatorio',
    authed(services, async (req, ctx) => {
      const data = pasoData(req, ['marcador', 'resultado', 'tecnica', 'fecha', 'laboratorio'] as const);
      await checkInput(ConfirmatorioInput, data);
      return conResultados(
        ctx,
        await services.donacion.registrarConfirmatorio(ctx.auth, String(req.params.id), data),
      );
    }),
  );

  router.post(
    '/donacion/:id/retipificacion',
    authed(services, async (req, ctx) => {
      const b = body(req);
      const grupo = { abo: scalar(aboCanonico(b.abo), 'abo'), rh: scalar(rhCanonico(b.rh), 'rh') };
      return conResultados(
        ctx,
        await services.donacion.registrarRetipificacion(ctx.auth, String(req.params.id), grupo),
      );
    }),
  );
}
