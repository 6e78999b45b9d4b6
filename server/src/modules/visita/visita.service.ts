/**
 * Visits: every attendance of a donor, from arrival to a donation or a 'No apto' (domain/visita.ts),
 * with the pre-donation interview of the servicio's questionnaire (domain/entrevista.ts), its
 * confirmation by a doctor and the signatures of the declaration and of the consent.
 *
 * A deferring answer ends the visit 'No apto' when the doctor confirms the interview: the 'No
 * apto' visit is written through modules/no-apto (insertarNoApto), so the eligibility function
 * (domain/elegibilidad.ts) reads its deferral as any other and a donation that day is refused over
 * GraphQL and REST. A donation ends a visit through vincularDonacion (modules/donacion calls it in
 * the donation's transaction).
 *
 * Confidential answers (their value, whether they defer, their reason) are read only by ROL_MEDICO:
 * every answer of this service passes through `vista`.
 */
import { DataSource } from 'typeorm';
import { AuthUser } from '../../auth/context';
import { isValidIsoDate, nowTime, todayIso } from '../../domain/dates';
import {
  diferimientoDeEntrevista,
  difiere,
  PREGUNTAS_MAX,
  PREGUNTAS_PREDONACION,
  type PreguntaConId,
  type PreguntaCuestionario as PreguntaData,
  type RespuestaDada,
  validatePregunta,
  validateRespuestas,
} from '../../domain/entrevista';
import { MSG } from '../../domain/messages';
import type { NoAptoData } from '../../domain/no-apto';
import { decideMedicamente, decideReactivo } from '../../domain/roles';
import { ErrorList, isUuid } from '../../domain/validation';
import {
  type EstadoVisita as EstadoVisitaName,
  type FirmasData,
  pasoVisitaNegado,
  type PasoVisita,
  validateFirmas,
} from '../../domain/visita';
import type { RunQuery } from '../../database/prepared';
import { assertValid, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { Page } from '../../graphql/pagination';
import { auditStatement, diff } from '../auditoria/audit';
import { insertarNoApto } from '../no-apto/no-apto.service';
import { lockPersona } from '../persona/persona.service';
import {
  EstadoVisita,
  PreguntaCuestionario,
  RespuestaEntrevista,
  RespuestaSiNo,
  TipoPregunta,
  Visita,
} from './visita.entity';

type Fila = Record<string, unknown>;

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const fecha = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(String(v)));

const PREGUNTA_COLUMNAS = `id, clave, texto, tipo, confidencial, orden, activa, difiere_si, diferimiento_dias,
  definitivo, motivo_codigo`;

function preguntaDeFila(f: Fila): PreguntaCuestionario {
  return {
    id: String(f.id),
    clave: String(f.clave),
    texto: String(f.texto),
    tipo: f.tipo as TipoPregunta,
    confidencial: f.confidencial === true,
    orden: Number(f.orden),
    activa: f.activa === true,
    difiereSi: (str(f.difiere_si) as RespuestaSiNo | null) ?? null,
    diferimientoDias: Number(f.diferimiento_dias),
    definitivo: f.definitivo === true,
    motivoCodigo: str(f.motivo_codigo),
  };
}

const VISITA_COLUMNAS = `v.id, v.servicio_id, v.donante_id, v.fecha::text AS fecha, to_char(v.hora, 'HH24:MI') AS hora,
  v.recibido_por, v.estado, v.entrevistador_id, v.respondida_en, v.confirmada_por, v.confirmada_en,
  v.declaracion_firmada, v.testigo_declaracion, v.consentimiento_firmado, v.testigo_consentimiento,
  v.donacion_id, d.numero AS donacion_numero, v.no_apto_id, n.motivo AS motivo_no_apto, v.cerrada_en`;
const VISITA_FROM = `visita v LEFT JOIN donacion d ON d.id = v.donacion_id
  LEFT JOIN visita_no_apto n ON n.id = v.no_apto_id`;

type RespuestaCompleta = RespuestaEntrevista & {
  valor: string;
  difiere: boolean;
  diferimientoDias: number;
  definitivo: boolean;
};

function respuestaDeFila(f: Fila): RespuestaCompleta {
  return {
    preguntaId: str(f.pregunta_id),
    orden: Number(f.orden),
    texto: String(f.texto),
    tipo: f.tipo as TipoPregunta,
    confidencial: f.confidencial === true,
    valor: String(f.valor),
    difiere: f.difiere === true,
    diferimientoDias: Number(f.diferimiento_dias),
    definitivo: f.definitivo === true,
    motivoCodigo: str(f.motivo_codigo),
  };
}

function visitaDeFila(f: Fila, respuestas: RespuestaCompleta[]): Visita & { completas: RespuestaCompleta[] } {
  return {
    id: String(f.id),
    servicioId: String(f.servicio_id),
    donanteId: String(f.donante_id),
    fecha: String(f.fecha),
    hora: String(f.hora),
    recibidoPorId: str(f.recibido_por),
    estado: f.estado as EstadoVisita,
    entrevistadorId: str(f.entrevistador_id),
    respondidaEn: fecha(f.respondida_en),
    confirmadaPorId: str(f.confirmada_por),
    confirmadaEn: fecha(f.confirmada_en),
    declaracionFirmada: f.declaracion_firmada === true,
    testigoDeclaracion: str(f.testigo_declaracion),
    consentimientoFirmado: f.consentimiento_firmado === true,
    testigoConsentimiento: str(f.testigo_consentimiento),
    donacionId: str(f.donacion_id),
    donacionNumero:
      f.donacion_numero === null || f.donacion_numero === undefined ? null : Number(f.donacion_numero),
    noAptoId: str(f.no_apto_id),
    motivoNoApto: str(f.motivo_no_apto),
    cerradaEn: fecha(f.cerrada_en),
    respuestas,
    diferimiento: null,
    completas: respuestas,
  };
}

/**
 * A visit as `rol` may read it: a confidential answer's value, whether it defers and its reason
 * only for ROL_MEDICO; the deferral the answers impose, of the answers the role reads.
 */
export function vista(v: Visita & { completas: RespuestaCompleta[] }, rol: string): Visita {
  const medico = decideReactivo(rol);
  const legibles = v.completas.filter((r) => medico || !r.confidencial);
  const diferimiento = diferimientoDeEntrevista(legibles);
  const { completas, ...visita } = v;
  return {
    ...visita,
    respuestas: completas.map((r) =>
      medico || !r.confidencial
        ? {
            preguntaId: r.preguntaId,
            orden: r.orden,
            texto: r.texto,
            tipo: r.tipo,
            confidencial: r.confidencial,
            valor: r.valor,
            difiere: r.difiere,
            motivoCodigo: r.motivoCodigo,
          }
        : {
            preguntaId: r.preguntaId,
            orden: r.orden,
            texto: r.texto,
            tipo: r.tipo,
            confidencial: true,
            valor: null,
            difiere: null,
            motivoCodigo: null,
          },
    ),
    diferimiento: diferimiento
      ? { dias: diferimiento.dias, definitivo: diferimiento.definitivo, motivo: diferimiento.motivo }
      : null,
  };
}

/** The rules' view of a visit row. */
const estadoDe = (f: Fila, respondida: boolean) => ({
  estado: f.estado as EstadoVisitaName,
  respondida,
  confirmada: f.confirmada_en !== null && f.confirmada_en !== undefined,
  declaracionFirmada: f.declaracion_firmada === true,
  consentimientoFirmado: f.consentimiento_firmado === true,
});

/** Refuses `paso` on the visit row `f` (ValidationError with the reason). */
function assertPaso(f: Fila, respondida: boolean, paso: PasoVisita, rol: string): void {
  const negado = pasoVisitaNegado(estadoDe(f, respondida), paso, rol);
  if (negado === MSG.soloMedicoConfirmaEntrevista) throw new ForbiddenError(negado);
  if (negado) throw ValidationError.single('estado', negado);
}

/** Locks a visit of the servicio (FOR UPDATE) and gives its row; NotFoundError when there is none. */
async function lockVisita(run: RunQuery, servicio: string, id: string): Promise<Fila> {
  if (!isUuid(id)) throw new NotFoundError(MSG.visitaNoEncontrada);
  const [f] = await run(
    `SELECT *, fecha::text AS fecha_iso, to_char(hora, 'HH24:MI') AS hora_hm FROM visita
      WHERE id = $1 AND servicio_id = $2 FOR UPDATE`,
    [id, servicio],
  );
  if (!f) throw new NotFoundError(MSG.visitaNoEncontrada);
  return f as Fila;
}

/**
 * Ends a visit in the donation just written in the same transaction (which holds the person's
 * lock): the visit `visitaId` when given (the donor's, in progress, interview confirmed and both
 * documents signed), else a visit that ended so is recorded; a donation without its visit is
 * refused while the donor has a visit in progress today (its interview comes first).
 */
export async function vincularDonacion(
  run: RunQuery,
  auth: AuthUser,
  donacion: { id: string; donanteId: string; fecha: string; hora: string },
  visitaId?: string | null,
): Promise<void> {
  if (visitaId !== undefined && visitaId !== null && visitaId !== '') {
    const f = await lockVisita(run, auth.servicio, visitaId);
    if (String(f.donante_id) !== donacion.donanteId.toLowerCase()) {
      throw ValidationError.single('visitaId', MSG.visitaDeOtroDonante);
    }
    assertPaso(f, true, 'donar', auth.rol);
    await run(
      `UPDATE visita SET estado = 'DONACION', donacion_id = $2, cerrada_en = now(), updated_at = now() WHERE id = $1`,
      [f.id, donacion.id],
    );
    const entry = auditStatement(auth, 'editar', 'visita', String(f.id), {
      estado: ['EN_CURSO', 'DONACION'],
      donacionId: [null, donacion.id],
    });
    await run(entry.sql, entry.params);
    return;
  }
  const [abierta] = await run(
    `SELECT id FROM visita WHERE donante_id = $1 AND servicio_id = $2 AND estado = 'EN_CURSO' AND fecha = $3 LIMIT 1`,
    [donacion.donanteId, auth.servicio, todayIso()],
  );
  if (abierta) throw ValidationError.single('visitaId', MSG.visitaEnCursoDonacion);
  await run(
    `INSERT INTO visita (servicio_id, donante_id, fecha, hora, recibido_por, estado, donacion_id, cerrada_en)
     VALUES ($1, $2, $3, $4, $5, 'DONACION', $6, now())`,
    [auth.servicio, donacion.donanteId, donacion.fecha, donacion.hora, auth.uid, donacion.id],
  );
}

/** How many visits a page shows at most. */
const VISITAS_PAGINA_MAX = 100;

export type VisitaSearchData = { fecha?: string | null; donanteId?: string | null; estado?: string | null };

export class VisitaService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly query: RunQuery,
  ) {}

  private transaction<T>(fn: (run: RunQuery) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((m) => fn((sql, params) => m.query(sql, params)));
  }

  /** The servicio's questionnaire, filled with the default questions the first time it is read. */
  private async preguntas(
    run: RunQuery,
    servicio: string,
    soloActivas = false,
  ): Promise<PreguntaCuestionario[]> {
    const leer = () =>
      run(
        `SELECT ${PREGUNTA_COLUMNAS} FROM cuestionario_pregunta WHERE servicio_id = $1
          ${soloActivas ? 'AND activa' : ''} ORDER BY orden, clave`,
        [servicio],
      );
    let filas = await leer();
    if (filas.length === 0) {
      const [{ hay }] = await run(
        `SELECT EXISTS (SELECT 1 FROM cuestionario_pregunta WHERE servicio_id = $1) AS hay`,
        [servicio],
      );
      if (hay === true) return [];
      await run(
        `INSERT INTO cuestionario_pregunta (servicio_id, clave, texto, tipo, confidencial, orden, activa, difiere_si,
           diferimiento_dias, definitivo, motivo_codigo)
         SELECT $1, p.clave, p.texto, p.tipo, p.confidencial, p.orden, p.activa, p.difiere_si, p.diferimiento_dias,
                p.definitivo, p.motivo_codigo
           FROM jsonb_to_recordset($2::jsonb) AS p(clave text, texto text, tipo text, confidencial boolean, orden int,
                activa boolean, difiere_si text, diferimiento_dias int, definitivo boolean, motivo_codigo text)
         ON CONFLICT (servicio_id, clave) DO NOTHING`,
        [
          servicio,
          JSON.stringify(
            PREGUNTAS_PREDONACION.map((p) => ({
              clave: p.clave,
              texto: p.texto,
              tipo: p.tipo,
              confidencial: p.confidencial,
              orden: p.orden,
              activa: p.activa,
              difiere_si: p.difiereSi,
              diferimiento_dias: p.diferimientoDias,
              definitivo: p.definitivo,
              motivo_codigo: p.motivoCodigo,
            })),
          ),
        ],
      );
      filas = await leer();
    }
    return filas.map(preguntaDeFila);
  }

  /** The servicio's questionnaire (every question, the inactive ones too), in order. */
  cuestionario(auth: AuthUser): Promise<PreguntaCuestionario[]> {
    return this.transaction((run) => this.preguntas(run, auth.servicio));
  }

  /**
   * Replaces the servicio's questionnaire with `preguntas`, in their order: a question with an id
   * is edited, one without is added, one left out is deactivated (past answers keep the question
   * as it was asked). A doctor's or the administrator's decision, audited.
   */
  async updateCuestionario(
    auth: AuthUser,
    preguntas: (Omit<PreguntaData, 'clave' | 'orden'> & { id?: string | null })[],
  ): Promise<PreguntaCuestionario[]> {
    if (!decideMedicamente(auth.rol)) throw new ForbiddenError(MSG.soloMedicoCuestionario);
    const list = new ErrorList();
    if (preguntas.length > PREGUNTAS_MAX) list.add('preguntas', MSG.cuestionarioDemasiadas(PREGUNTAS_MAX));
    if (!preguntas.some((p) => p.activa)) list.add('preguntas', MSG.cuestionarioVacio);
    preguntas.forEach((p, i) => {
      for (const e of validatePregunta(p, `preguntas.${i}.`)) list.add(e.field, e.msg);
      if (p.id && !isUuid(p.id)) list.add(`preguntas.${i}.id`, MSG.preguntaNoEncontrada);
    });
    const ids = preguntas.map((p) => p.id).filter((id): id is string => Boolean(id));
    if (new Set(ids).size !== ids.length) list.add('preguntas', MSG.preguntaRepetida);
    assertValid(list.errors);
    return this.transaction(async (run) => {
      const antes = await this.preguntas(run, auth.servicio);
      await run(`SELECT id FROM cuestionario_pregunta WHERE servicio_id = $1 FOR UPDATE`, [auth.servicio]);
      const porId = new Map(antes.map((p) => [p.id, p]));
      preguntas.forEach((p, i) => {
        if (p.id && !porId.has(p.id.toLowerCase())) list.add(`preguntas.${i}.id`, MSG.preguntaNoEncontrada);
      });
      assertValid(list.errors);
      let nuevas = antes.filter((p) => p.clave.startsWith('U')).length;
      const cambios: Record<string, unknown> = {};
      const quedan = new Set<string>();
      for (const [i, p] of preguntas.entries()) {
        const valores = {
          texto: p.texto.trim(),
          tipo: p.tipo,
          confidencial: p.confidencial === true,
          orden: i + 1,
          activa: p.activa !== false,
          difiereSi: p.difiereSi ?? null,
          diferimientoDias: p.difiereSi && !p.definitivo ? p.diferimientoDias : 0,
          definitivo: Boolean(p.difiereSi) && p.definitivo === true,
          motivoCodigo: p.difiereSi ? (p.motivoCodigo?.trim() ?? null) : null,
        };
        const params = [
          valores.texto,
          valores.tipo,
          valores.confidencial,
          valores.orden,
          valores.activa,
          valores.difiereSi,
          valores.diferimientoDias,
          valores.definitivo,
          valores.motivoCodigo,
        ];
        if (p.id) {
          const previa = porId.get(p.id.toLowerCase())!;
          quedan.add(previa.id);
          const { id: _id, clave, ...antesValores } = previa;
          void _id;
          const cambio = diff(antesValores, valores);
          if (Object.keys(cambio).length === 0) continue;
          cambios[clave] = cambio;
          await run(
            `UPDATE cuestionario_pregunta SET texto = $1, tipo = $2, confidencial = $3, orden = $4, activa = $5,
               difiere_si = $6, diferimiento_dias = $7, definitivo = $8, motivo_codigo = $9, updated_at = now()
             WHERE id = $10`,
            [...params, previa.id],
          );
        } else {
          const clave = `U${String((nuevas += 1)).padStart(2, '0')}`;
          cambios[clave] = diff(null, valores);
          await run(
            `INSERT INTO cuestionario_pregunta (texto, tipo, confidencial, orden, activa, difiere_si, diferimiento_dias,
               definitivo, motivo_codigo, servicio_id, clave)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
            [...params, auth.servicio, clave],
          );
        }
      }
      for (const p of antes) {
        if (quedan.has(p.id) || !p.activa) continue;
        cambios[p.clave] = { activa: [true, false] };
        await run(`UPDATE cuestionario_pregunta SET activa = false, updated_at = now() WHERE id = $1`, [
          p.id,
        ]);
      }
      if (Object.keys(cambios).length > 0) {
        const entry = auditStatement(auth, 'editar', 'cuestionario', auth.servicio, cambios);
        await run(entry.sql, entry.params);
      }
      return this.preguntas(run, auth.servicio);
    });
  }

  private async respuestasDe(
    run: RunQuery,
    servicio: string,
    ids: string[],
  ): Promise<Map<string, RespuestaCompleta[]>> {
    const out = new Map<string, RespuestaCompleta[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return out;
    const filas = await run(
      `SELECT visita_id, pregunta_id, orden, texto, tipo, confidencial, valor, difiere, diferimiento_dias, definitivo,
              motivo_codigo
         FROM visita_respuesta WHERE servicio_id = $1 AND visita_id = ANY($2::uuid[]) ORDER BY visita_id, orden`,
      [servicio, ids],
    );
    for (const f of filas) out.get(String(f.visita_id))?.push(respuestaDeFila(f));
    return out;
  }

  private async leer(run: RunQuery, auth: AuthUser, id: string): Promise<Visita> {
    if (!isUuid(id)) throw new NotFoundError(MSG.visitaNoEncontrada);
    const [f] = await run(
      `SELECT ${VISITA_COLUMNAS} FROM ${VISITA_FROM} WHERE v.id = $1 AND v.servicio_id = $2`,
      [id, auth.servicio],
    );
    if (!f) throw new NotFoundError(MSG.visitaNoEncontrada);
    const respuestas = await this.respuestasDe(run, auth.servicio, [String(f.id)]);
    return vista(visitaDeFila(f, respuestas.get(String(f.id)) ?? []), auth.rol);
  }

  /** A visit of the servicio, as the caller's role may read it. */
  get(auth: AuthUser, id: string): Promise<Visita> {
    return this.leer(this.query, auth, id);
  }

  /** The servicio's visits of a day (today by default) or of a donor, newest first. */
  async search(
    auth: AuthUser,
    filtro: VisitaSearchData,
    page: { offset?: number | null; limit?: number | null } = {},
  ): Promise<Page<Visita>> {
    const where = ['v.servicio_id = $1'];
    const params: unknown[] = [auth.servicio];
    const list = new ErrorList();
    if (filtro.donanteId) {
      if (!isUuid(filtro.donanteId)) throw new NotFoundError(MSG.donanteNoEncontrado);
      params.push(filtro.donanteId);
      where.push(`v.donante_id = $${params.length}`);
    }
    if (filtro.fecha || !filtro.donanteId) {
      const dia = filtro.fecha || todayIso();
      if (!isValidIsoDate(dia)) list.add('fecha', MSG.fechaInvalida);
      params.push(dia);
      where.push(`v.fecha = $${params.length}`);
    }
    if (filtro.estado) {
      if (!['EN_CURSO', 'DONACION', 'NO_APTO', 'ABANDONADA'].includes(filtro.estado)) {
        list.add('estado', MSG.valorNoPermitido);
      }
      params.push(filtro.estado);
      where.push(`v.estado = $${params.length}`);
    }
    assertValid(list.errors);
    const offset = Math.max(0, Math.trunc(page.offset ?? 0));
    const limit = Math.min(VISITAS_PAGINA_MAX, Math.max(1, Math.trunc(page.limit ?? 20)));
    const [{ total }] = await this.query(
      `SELECT count(*)::int AS total FROM visita v WHERE ${where.join(' AND ')}`,
      params,
    );
    const filas = await this.query(
      `SELECT ${VISITA_COLUMNAS} FROM ${VISITA_FROM} WHERE ${where.join(' AND ')}
        ORDER BY v.fecha DESC, v.hora DESC, v.id DESC OFFSET ${offset} LIMIT ${limit}`,
      params,
    );
    const respuestas = await this.respuestasDe(
      this.query,
      auth.servicio,
      filas.map((f) => String(f.id)),
    );
    return {
      items: filas.map((f) => vista(visitaDeFila(f, respuestas.get(String(f.id)) ?? []), auth.rol)),
      total: Number(total),
      offset,
      limit,
    };
  }

  /** Records the donor's arrival: a visit in progress, received by the caller, now. */
  async iniciar(auth: AuthUser, donanteId: string): Promise<Visita> {
    return this.transaction(async (run) => {
      if (!isUuid(donanteId) || !(await lockPersona(run, donanteId, auth.servicio))) {
        throw new NotFoundError(MSG.donanteNoEncontrado);
      }
      const hoy = todayIso();
      const [abierta] = await run(
        `SELECT id FROM visita WHERE donante_id = $1 AND servicio_id = $2 AND estado = 'EN_CURSO' AND fecha = $3 LIMIT 1`,
        [donanteId, auth.servicio, hoy],
      );
      if (abierta) throw ValidationError.single('donanteId', MSG.visitaEnCurso);
      const hora = nowTime();
      const [{ id }] = await run(
        `INSERT INTO visita (servicio_id, donante_id, fecha, hora, recibido_por) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [auth.servicio, donanteId.toLowerCase(), hoy, hora, auth.uid],
      );
      const entry = auditStatement(auth, 'crear', 'visita', String(id), {
        donanteId: [null, donanteId.toLowerCase()],
        fecha: [null, hoy],
        hora: [null, hora],
        estado: [null, 'EN_CURSO'],
      });
      await run(entry.sql, entry.params);
      return this.leer(run, auth, String(id));
    });
  }

  /**
   * Records the interview's answers (all the active questions, each valid for its kind), replacing
   * earlier ones until a doctor confirms it. Each answer keeps the question as it was asked. The
   * audit entry counts the answers and never copies them (some are confidential).
   */
  async responder(auth: AuthUser, id: string, respuestas: RespuestaDada[]): Promise<Visita> {
    return this.transaction(async (run) => {
      const f = await lockVisita(run, auth.servicio, id);
      assertPaso(f, false, 'responder', auth.rol);
      const preguntas = (await this.preguntas(run, auth.servicio, true)) as PreguntaConId[];
      const dadas = respuestas.map((r) => ({ ...r, preguntaId: String(r.preguntaId).toLowerCase() }));
      if (!decideReactivo(auth.rol))
        dadas.push(...(await this.confidencialesGuardadas(run, f, preguntas, dadas)));
      assertValid(validateRespuestas(preguntas, dadas));
      const valores = new Map(dadas.map((r) => [r.preguntaId, String(r.valor).trim()]));
      await run(`DELETE FROM visita_respuesta WHERE visita_id = $1`, [f.id]);
      const filas = preguntas.map((p) => {
        const valor = valores.get(p.id)!;
        const difiereRespuesta = difiere(p, valor);
        return {
          pregunta_id: p.id,
          orden: p.orden,
          texto: p.texto,
          tipo: p.tipo,
          confidencial: p.confidencial,
          valor,
          difiere: difiereRespuesta,
          diferimiento_dias: difiereRespuesta ? p.diferimientoDias : 0,
          definitivo: difiereRespuesta && p.definitivo,
          motivo_codigo: difiereRespuesta ? p.motivoCodigo : null,
        };
      });
      await run(
        `INSERT INTO visita_respuesta (servicio_id, visita_id, pregunta_id, orden, texto, tipo, confidencial, valor,
           difiere, diferimiento_dias, definitivo, motivo_codigo)
         SELECT $1, $2, r.pregunta_id, r.orden, r.texto, r.tipo, r.confidencial, r.valor, r.difiere,
                r.diferimiento_dias, r.definitivo, r.motivo_codigo
           FROM jsonb_to_recordset($3::jsonb) AS r(pregunta_id uuid, orden int, texto text, tipo text,
                confidencial boolean, valor text, difiere boolean, diferimiento_dias int, definitivo boolean,
                motivo_codigo text)`,
        [auth.servicio, f.id, JSON.stringify(filas)],
      );
      await run(
        `UPDATE visita SET entrevistador_id = $2, respondida_en = now(), updated_at = now() WHERE id = $1`,
        [f.id, auth.uid],
      );
      const entry = auditStatement(auth, 'editar', 'visita', String(f.id), {
        respuestas: [null, filas.length],
      });
      await run(entry.sql, entry.params);
      return this.leer(run, auth, String(f.id));
    });
  }

  /**
   * The stored answers to confidential questions that a caller who may not read them (not a doctor)
   * left out when answering again: they are kept, never erased by someone who could not see them.
   */
  private async confidencialesGuardadas(
    run: RunQuery,
    f: Fila,
    preguntas: readonly PreguntaConId[],
    dadas: readonly RespuestaDada[],
  ): Promise<RespuestaDada[]> {
    const dadasIds = new Set(dadas.map((r) => r.preguntaId));
    const faltan = preguntas
      .filter((p) => p.activa && p.confidencial && !dadasIds.has(p.id))
      .map((p) => p.id);
    if (faltan.length === 0) return [];
    const guardadas = (await run(
      `SELECT pregunta_id, valor FROM visita_respuesta WHERE visita_id = $1 AND pregunta_id = ANY($2::uuid[])`,
      [f.id, faltan],
    )) as { pregunta_id: string; valor: string }[];
    return guardadas.map((g) => ({ preguntaId: String(g.pregunta_id).toLowerCase(), valor: g.valor }));
  }

  /**
   * A doctor confirms the interview. When an answer defers, the visit ends 'No apto' with the
   * strictest deferral of its answers (domain/entrevista.ts), under the person's lock.
   */
  async confirmar(auth: AuthUser, id: string): Promise<Visita> {
    if (!decideReactivo(auth.rol)) throw new ForbiddenError(MSG.soloMedicoConfirmaEntrevista);
    return this.transaction(async (run) => {
      const donante = await this.donanteDe(run, auth, id);
      await lockPersona(run, donante, auth.servicio);
      const f = await lockVisita(run, auth.servicio, id);
      const respuestas =
        (await this.respuestasDe(run, auth.servicio, [String(f.id)])).get(String(f.id)) ?? [];
      assertPaso(f, respuestas.length > 0, 'confirmar', auth.rol);
      await run(
        `UPDATE visita SET confirmada_por = $2, confirmada_en = now(), updated_at = now() WHERE id = $1`,
        [f.id, auth.uid],
      );
      const cambios: Record<string, unknown> = { confirmada: [false, true] };
      const diferimiento = diferimientoDeEntrevista(respuestas);
      if (diferimiento) {
        const noApto = await insertarNoApto(run, auth, donante, {
          fecha: String(f.fecha_iso),
          hora: String(f.hora_hm),
          motivo: diferimiento.motivo,
          diferimientoDias: diferimiento.dias,
          definitivo: diferimiento.definitivo,
        });
        await run(
          `UPDATE visita SET estado = 'NO_APTO', no_apto_id = $2, cerrada_en = now(), updated_at = now() WHERE id = $1`,
          [f.id, noApto.id],
        );
        cambios.estado = ['EN_CURSO', 'NO_APTO'];
        cambios.noAptoId = [null, noApto.id];
      }
      const entry = auditStatement(auth, 'editar', 'visita', String(f.id), cambios);
      await run(entry.sql, entry.params);
      return this.leer(run, auth, String(f.id));
    });
  }

  /** Records that the donor signed the declaration and the consent, and who witnessed each. */
  async firmar(auth: AuthUser, id: string, data: FirmasData): Promise<Visita> {
    return this.transaction(async (run) => {
      const f = await lockVisita(run, auth.servicio, id);
      assertPaso(f, false, 'firmar', auth.rol);
      assertValid(validateFirmas(data));
      const antes = {
        declaracionFirmada: f.declaracion_firmada === true,
        testigoDeclaracion: str(f.testigo_declaracion),
        consentimientoFirmado: f.consentimiento_firmado === true,
        testigoConsentimiento: str(f.testigo_consentimiento),
      };
      const despues = {
        declaracionFirmada: data.declaracionFirmada === true,
        testigoDeclaracion: data.declaracionFirmada ? data.testigoDeclaracion!.trim() : null,
        consentimientoFirmado: data.consentimientoFirmado === true,
        testigoConsentimiento: data.consentimientoFirmado ? data.testigoConsentimiento!.trim() : null,
      };
      await run(
        `UPDATE visita SET declaracion_firmada = $2, testigo_declaracion = $3, consentimiento_firmado = $4,
           testigo_consentimiento = $5, firmas_por = $6, updated_at = now() WHERE id = $1`,
        [f.id, ...Object.values(despues), auth.uid],
      );
      const cambios = diff(antes, despues);
      if (Object.keys(cambios).length > 0) {
        const entry = auditStatement(auth, 'editar', 'visita', String(f.id), cambios);
        await run(entry.sql, entry.params);
      }
      return this.leer(run, auth, String(f.id));
    });
  }

  /**
   * Ends the visit 'No apto' (the 'No apto' form started from the visit): the reason, the measured
   * values and the deferral, on the visit's date and time, through modules/no-apto.
   */
  async cerrarNoApto(auth: AuthUser, id: string, data: Omit<NoAptoData, 'fecha' | 'hora'>): Promise<Visita> {
    return this.transaction(async (run) => {
      const donante = await this.donanteDe(run, auth, id);
      await lockPersona(run, donante, auth.servicio);
      const f = await lockVisita(run, auth.servicio, id);
      assertPaso(f, false, 'noApto', auth.rol);
      const noApto = await insertarNoApto(run, auth, donante, {
        ...data,
        fecha: String(f.fecha_iso),
        hora: String(f.hora_hm),
      });
      await run(
        `UPDATE visita SET estado = 'NO_APTO', no_apto_id = $2, cerrada_en = now(), updated_at = now() WHERE id = $1`,
        [f.id, noApto.id],
      );
      const entry = auditStatement(auth, 'editar', 'visita', String(f.id), {
        estado: ['EN_CURSO', 'NO_APTO'],
        noAptoId: [null, noApto.id],
      });
      await run(entry.sql, entry.params);
      return this.leer(run, auth, String(f.id));
    });
  }

  /** The donor left before donating: the visit ends abandoned. */
  async abandonar(auth: AuthUser, id: string): Promise<Visita> {
    return this.transaction(async (run) => {
      const f = await lockVisita(run, auth.servicio, id);
      assertPaso(f, false, 'abandonar', auth.rol);
      await run(
        `UPDATE visita SET estado = 'ABANDONADA', cerrada_en = now(), updated_at = now() WHERE id = $1`,
        [f.id],
      );
      const entry = auditStatement(auth, 'editar', 'visita', String(f.id), {
        estado: ['EN_CURSO', 'ABANDONADA'],
      });
      await run(entry.sql, entry.params);
      return this.leer(run, auth, String(f.id));
    });
  }

  /** The donor of a visit of the servicio (NotFoundError when there is none). */
  private async donanteDe(run: RunQuery, auth: AuthUser, id: string): Promise<string> {
    if (!isUuid(id)) throw new NotFoundError(MSG.visitaNoEncontrada);
    const [f] = await run(`SELECT donante_id FROM visita WHERE id = $1 AND servicio_id = $2`, [
      id,
      auth.servicio,
    ]);
    if (!f) throw new NotFoundError(MSG.visitaNoEncontrada);
    return String(f.donante_id);
  }
}
