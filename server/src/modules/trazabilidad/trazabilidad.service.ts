import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../auth/context';
import { type EstadoComponente, siguienteEstado } from '../../domain/componentes';
import { formatDate } from '../../domain/dates';
import { publicarCuentas } from '../../domain/indicadores';
import { MSG } from '../../domain/messages';
import { decideMedicamente } from '../../domain/roles';
import type { SerologiaKey } from '../../domain/donacion';
import {
  accionDeUnidad,
  type AccionTrazabilidad as AccionName,
  CAUSA_INFECCIOSA_LABELS,
  type CausaInfecciosa,
  causaDeSerologia,
  causaInfecciosa,
  detalleRetiro,
  enVentana,
  incluyeLaDonacion,
  MOTIVO_DESCARTE_DE_TRAZABILIDAD,
  type MotivoTrazabilidad,
  faltaNotificar,
  inicioVentana,
  validateNotificacion,
  validateVentanaTrazabilidad,
} from '../../domain/trazabilidad';
import { isUuid } from '../../domain/validation';
import { assertValid, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { RunQuery } from '../../database/prepared';
import { type Actor, auditStatement } from '../auditoria/audit';
import { historialDe } from '../persona/persona.service';
import { Rol } from '../usuario/rol.enum';
import {
  type AccionTrazabilidad,
  type MedioNotificacion,
  NotificacionTrazabilidad,
  Trazabilidad,
  TrazabilidadesMiembro,
  UnidadTrazabilidad,
} from './trazabilidad.entity';
import type {
  EstadoComponente as EstadoGql,
  TipoComponente as TipoGql,
} from '../componente/componente.entity';

const nombre = (alias: string) => `coalesce(${alias}.nombre_en_red, ${alias}.nombre)`;

/** A look-back the servicio may read: it opened it, or it held one of its units. */
const VISIBLE = `(t.servicio_id = $2 OR EXISTS (SELECT 1 FROM trazabilidad_unidad tu
   WHERE tu.trazabilidad_id = t.id AND tu.servicio_id = $2))`;

/**
 * The look-back of a donation, opened once, by the two paths that may open one, inside their
 * transactions after the person's and the donation's locks: a reactive result
 * (modules/componente/componente.service.ts descartarPorSerologia) and a post-donation report
 * (modules/informe-postdonacion). When the donation has no look-back yet: every component
 * of the donor's person's earlier donations within the servicio's window, at any member of its
 * network (the eligibility's identity: persona.historial.ts), is withdrawn at once when in stock,
 * in quarantine or on its way to a member (siguienteEstado 'retirar', under the units' row locks),
 * or marked for its destination to be notified when it left; each withdrawal audited in the chain
 * of the servicio that held the unit. No look-back when no earlier unit exists. Gives its id.
 */
export function abrirTrazabilidad(
  run: RunQuery,
  actor: Actor,
  donacionId: string,
  motivo: 'RESULTADO_REACTIVO' | 'INFORME_POSTDONACION',
): Promise<string | null> {
  return abrir(run, actor, { donacionId }, motivo);
}

/**
 * The look-back of a deferral made definitive, by every path that makes one definitive, inside its
 * transaction after the person's lock: a donation's results (DonacionService.cambiarResultados,
 * GraphQL and REST), a restored donation that carries one (donacion.restore.ts) and a 'No apto'
 * visit (NoAptoService.registrarNoApto). Opens one only when the cause may affect earlier blood
 * (domain/trazabilidad.ts causaInfecciosa), and only when the donor has no open look-back for that
 * cause yet (nor the donation one at all): as abrirTrazabilidad, with the donation's own units
 * too when the deferral was recorded on a donation. Gives its id (null: none opened).
 */
export async function abrirTrazabilidadPorDiferimiento(
  run: RunQuery,
  actor: Actor,
  origen: { donacionId: string } | { noAptoId: string },
  diferimiento: Parameters<typeof causaInfecciosa>[0],
): Promise<string | null> {
  const causa = causaInfecciosa(diferimiento);
  if (!causa) return null;
  return abrir(run, actor, origen, 'DIFERIMIENTO_DEFINITIVO', causa);
}

/** What causaInfecciosa reads of a donation whose deferral is definitive: its serology and code. */
export const definitivaDe = (d: {
  serologia?: Partial<Record<SerologiaKey, boolean | null>> | null;
  exclusionCodigo?: string | null;
}): Parameters<typeof causaInfecciosa>[0] => ({
  definitiva: true,
  serologia: d.serologia ?? null,
  textos: [d.exclusionCodigo],
});

type Origen = {
  donante_id: string;
  fecha: string;
  numero: number | null;
  meses: number;
  serologia: Record<SerologiaKey, boolean> | null;
};

async function abrir(
  run: RunQuery,
  actor: Actor,
  origen: { donacionId: string } | { noAptoId: string },
  motivo: MotivoTrazabilidad,
  causaDada: CausaInfecciosa | null = null,
): Promise<string | null> {
  const donacionId = 'donacionId' in origen ? origen.donacionId.toLowerCase() : null;
  const noAptoId = 'noAptoId' in origen ? origen.noAptoId.toLowerCase() : null;
  const [ya] = (await run(`SELECT id FROM trazabilidad WHERE donacion_id = $1 OR no_apto_id = $2`, [
    donacionId,
    noAptoId,
  ])) as { id: string }[];
  if (ya) return null;
  const [d] = (await run(
    donacionId
      ? `SELECT d.donante_id, d.fecha::text AS fecha, d.numero, s.ventana_trazabilidad_meses AS meses, d.serologia
           FROM donacion d JOIN servicio s ON s.id = d.servicio_id WHERE d.id = $1 AND d.servicio_id = $2`
      : `SELECT v.donante_id, v.fecha::text AS fecha, NULL AS numero, s.ventana_trazabilidad_meses AS meses,
                NULL AS serologia
           FROM visita_no_apto v JOIN servicio s ON s.id = v.servicio_id WHERE v.id = $1 AND v.servicio_id = $2`,
    [donacionId ?? noAptoId, actor.servicio],
  )) as Origen[];
  if (!d) return null;
  // What the look-back is for: given for a deferral, the reactive marker for a result.
  const causa = causaDada ?? (motivo === 'RESULTADO_REACTIVO' ? causaDeSerologia(d.serologia) : null);
  if (motivo === 'DIFERIMIENTO_DEFINITIVO') {
    // One open look-back per donor and cause: a reactive result's for the same marker counts.
    const [abierta] = await run(
      `SELECT 1 FROM trazabilidad WHERE donante_id = $1 AND causa = $2 AND abierta LIMIT 1`,
      [d.donante_id, causa],
    );
    if (abierta) return null;
  }
  const desde = inicioVentana(d.fecha, Number(d.meses));
  const historial = await historialDe(run, actor.servicio, d.donante_id);
  const previas = historial.donaciones
    .filter(
      (x) =>
        (incluyeLaDonacion(motivo) || x.id.toLowerCase() !== donacionId) &&
        enVentana(String(x.fecha), desde, d.fecha),
    )
    .map((x) => x.id);
  if (previas.length === 0) return null;
  const unidades = (await run(
    `SELECT c.id, c.estado, c.codigo, c.ubicacion_id, c.en_transito_a, c.despacho_id, x.destino_nombre
       FROM componente c LEFT JOIN despacho x ON x.id = c.despacho_id
      WHERE c.donacion_id = ANY($1::uuid[]) ORDER BY c.id FOR UPDATE OF c`,
    [previas],
  )) as {
    id: string;
    estado: EstadoComponente;
    codigo: string;
    ubicacion_id: string;
    en_transito_a: string | null;
    despacho_id: string | null;
    destino_nombre: string | null;
  }[];
  if (unidades.length === 0) return null;
  const id = randomUUID();
  await run(
    `INSERT INTO trazabilidad (id, servicio_id, donacion_id, no_apto_id, donante_id, motivo, causa, desde)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, actor.servicio, donacionId, noAptoId, d.donante_id, motivo, causa, desde],
  );
  const numero = d.numero === null ? null : Number(d.numero);
  const detalle = detalleRetiro(motivo, numero, causa);
  for (const c of unidades) {
    const enTransito = c.en_transito_a !== null;
    const accion = accionDeUnidad({ estado: c.estado, enTransito });
    if (accion === 'RETIRADA') {
      const paso = siguienteEstado(
        c,
        { tipo: 'retirar', detalle, motivo: MOTIVO_DESCARTE_DE_TRAZABILIDAD[motivo] },
        { rol: null, enTransito },
      );
      if (paso.ok && paso.cambia) {
        const propio = c.ubicacion_id === actor.servicio;
        await run(
          `UPDATE componente SET estado = $2, motivo_descarte = $3, detalle_descarte = $4, descartado_por = $5,
                  descartado_en = now(), en_transito_a = NULL, updated_at = now()
            WHERE id = $1`,
          [c.id, paso.estado, paso.motivo, paso.detalle ?? null, propio ? actor.uid : null],
        );
        if (enTransito)
          await run(
            `UPDATE despacho_componente SET estado = 'DESCARTADO', detalle = $3, cerrado_en = now()
              WHERE despacho_id = $1 AND componente_id = $2`,
            [c.despacho_id, c.id, detalle],
          );
        const entry = auditStatement(
          { uid: propio ? actor.uid : null, servicio: c.ubicacion_id },
          'editar',
          'componente',
          c.id,
          {
            codigo: c.codigo,
            estado: [c.estado, paso.estado],
            motivoDescarte: [null, paso.motivo],
            trazabilidad: id,
          },
        );
        await run(entry.sql, entry.params);
      }
    }
    await run(
      `INSERT INTO trazabilidad_unidad (trazabilidad_id, componente_id, servicio_id, accion, estado_previo, destino)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        id,
        c.id,
        c.ubicacion_id,
        accion,
        c.estado,
        c.estado === 'DESPACHADO' && !enTransito ? c.destino_nombre : null,
      ],
    );
  }
  const entry = auditStatement(actor, 'crear', 'trazabilidad', id, {
    ...(donacionId ? { donacion: donacionId } : { noApto: noAptoId }),
    motivo,
    causa,
    desde,
    unidades: unidades.map((u) => u.codigo),
  });
  await run(entry.sql, entry.params);
  return id;
}

type TrazabilidadFila = {
  id: string;
  servicio_id: string;
  servicio: string;
  numero: number | null;
  visita_fecha: string | null;
  causa: CausaInfecciosa | null;
  desde: string;
  abierta: boolean;
  created_at: Date;
};

/**
 * Look-backs: the work-list of the open ones a servicio opened or holds units of, the notifications
 * recorded for them, their closing, the window a servicio reads back, and the network's count of
 * open ones per member (figures only).
 */
export class TrazabilidadService {
  constructor(private readonly dataSource: DataSource) {}

  private readonly run: RunQuery = (sql, params) => this.dataSource.query(sql, params);

  private async leer(run: RunQuery, filas: TrazabilidadFila[]): Promise<Trazabilidad[]> {
    if (filas.length === 0) return [];
    const ids = filas.map((f) => f.id);
    const unidades = (await run(
      `SELECT tu.trazabilidad_id, tu.componente_id, c.codigo, c.tipo, c.estado, tu.accion, ${nombre('s')} AS servicio,
              tu.destino,
              EXISTS (SELECT 1 FROM trazabilidad_notificacion n
                       WHERE n.trazabilidad_id = tu.trazabilidad_id AND n.componente_id = tu.componente_id) AS notificada
         FROM trazabilidad_unidad tu JOIN componente c ON c.id = tu.componente_id JOIN servicio s ON s.id = tu.servicio_id
        WHERE tu.trazabilidad_id = ANY($1::uuid[]) ORDER BY c.codigo`,
      [ids],
    )) as {
      trazabilidad_id: string;
      componente_id: string;
      codigo: string;
      tipo: TipoGql;
      estado: EstadoGql;
      accion: AccionTrazabilidad;
      servicio: string;
      destino: string | null;
      notificada: boolean;
    }[];
    const notificaciones = (await run(
      `SELECT n.*, ${nombre('s')} AS servicio, nullif(trim(u.nombre || ' ' || u.apellido), '') AS registrante
         FROM trazabilidad_notificacion n JOIN servicio s ON s.id = n.servicio_id
         LEFT JOIN usuario u ON u.id = n.registrado_por
        WHERE n.trazabilidad_id = ANY($1::uuid[]) ORDER BY n.notificado_en, n.id`,
      [ids],
    )) as {
      id: string;
      trazabilidad_id: string;
      componente_id: string | null;
      notificado: string;
      medio: MedioNotificacion;
      respuesta: string | null;
      notificado_en: Date;
      registrante: string | null;
      servicio: string;
    }[];
    return filas.map((f) =>
      Object.assign(new Trazabilidad(), {
        id: f.id,
        servicio: f.servicio,
        donacionNumero: f.numero === null ? null : Number(f.numero),
        origen:
          f.numero === null
            ? MSG.trazabilidadOrigenVisita(formatDate(String(f.visita_fecha)))
            : MSG.trazabilidadOrigenDonacion(Number(f.numero)),
        causa: f.causa ? CAUSA_INFECCIOSA_LABELS[f.causa] : null,
        desde: String(f.desde),
        abierta: f.abierta,
        creadaEn: new Date(f.created_at),
        unidades: unidades
          .filter((u) => u.trazabilidad_id === f.id)
          .map((u) =>
            Object.assign(new UnidadTrazabilidad(), {
              componenteId: u.componente_id,
              codigo: u.codigo,
              tipo: u.tipo,
              estado: u.estado,
              accion: u.accion,
              servicio: u.servicio,
              destino: u.destino,
              notificada: u.notificada,
            }),
          ),
        notificaciones: notificaciones
          .filter((n) => n.trazabilidad_id === f.id)
          .map((n) =>
            Object.assign(new NotificacionTrazabilidad(), {
              id: n.id,
              componenteId: n.componente_id,
              notificado: n.notificado,
              medio: n.medio,
              respuesta: n.respuesta,
              notificadoEn: new Date(n.notificado_en),
              registradoPor: n.registrante ?? '',
              servicio: n.servicio,
            }),
          ),
      }),
    );
  }

  private filasSql(where: string): string {
    return `SELECT t.id, t.servicio_id, ${nombre('s')} AS servicio, d.numero, v.fecha::text AS visita_fecha, t.causa,
                   t.desde::text AS desde, t.abierta, t.created_at
              FROM trazabilidad t JOIN servicio s ON s.id = t.servicio_id
              LEFT JOIN donacion d ON d.id = t.donacion_id LEFT JOIN visita_no_apto v ON v.id = t.no_apto_id
             WHERE ${where}`;
  }

  /** The look-backs the servicio opened or held units of (open only unless told), newest first. */
  async trazabilidades(auth: AuthUser, todas = false): Promise<Trazabilidad[]> {
    const filas = (await this.run(
      `${this.filasSql(`($1::boolean OR t.abierta)`)} AND ${VISIBLE} ORDER BY t.created_at DESC, t.id LIMIT 200`,
      [todas, auth.servicio],
    )) as TrazabilidadFila[];
    return this.leer(this.run, filas);
  }

  private async una(run: RunQuery, auth: AuthUser, id: string, bloquear = false): Promise<TrazabilidadFila> {
    if (!isUuid(id)) throw new NotFoundError(MSG.trazabilidadNoEncontrada);
    const [f] = (await run(
      `${this.filasSql(`t.id = $1`)} AND ${VISIBLE}${bloquear ? ' FOR UPDATE OF t' : ''}`,
      [id, auth.servicio],
    )) as TrazabilidadFila[];
    if (!f) throw new NotFoundError(MSG.trazabilidadNoEncontrada);
    return f;
  }

  async trazabilidad(auth: AuthUser, id: string): Promise<Trazabilidad> {
    const f = await this.una(this.run, auth, id);
    return (await this.leer(this.run, [f]))[0];
  }

  /**
   * Records a notification of a look-back (of one of its units, or of the whole): whom, how, when
   * and the answer. A doctor or the administrator of the servicio that opened it or held the unit.
   */
  async notificar(
    auth: AuthUser,
    id: string,
    n: {
      componenteId?: string | null;
      notificado: string;
      medio: string;
      respuesta?: string | null;
      notificadoEn?: Date | null;
    },
  ): Promise<Trazabilidad> {
    if (!decideMedicamente(auth.rol)) throw new ForbiddenError(MSG.soloMedicoNotifica);
    assertValid(validateNotificacion(n));
    if (
      n.notificadoEn &&
      (Number.isNaN(n.notificadoEn.getTime()) || n.notificadoEn.getTime() > Date.now() + 60_000)
    )
      throw ValidationError.single('notificadoEn', MSG.fechaInvalida);
    return this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      const f = await this.una(run, auth, id, true);
      if (!f.abierta) throw ValidationError.single('', MSG.trazabilidadCerrada);
      const componente = (n.componenteId ?? '').trim().toLowerCase() || null;
      if (componente) {
        const [u] = (await run(
          `SELECT servicio_id FROM trazabilidad_unidad WHERE trazabilidad_id = $1 AND componente_id::text = $2`,
          [id, componente],
        )) as { servicio_id: string }[];
        if (!u || (f.servicio_id !== auth.servicio && u.servicio_id !== auth.servicio))
          throw new NotFoundError(MSG.componenteNoEncontrado);
      }
      const nid = randomUUID();
      const cuando = n.notificadoEn ?? new Date();
      await run(
        `INSERT INTO trazabilidad_notificacion (id, trazabilidad_id, componente_id, servicio_id, notificado, medio,
                                                respuesta, notificado_en, registrado_por)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          nid,
          id,
          componente,
          auth.servicio,
          n.notificado.trim(),
          n.medio,
          (n.respuesta ?? '').trim() || null,
          cuando,
          auth.uid,
        ],
      );
      const entry = auditStatement(auth, 'crear', 'notificacion', nid, {
        trazabilidad: id,
        componente,
        notificado: n.notificado.trim(),
        medio: n.medio,
        notificadoEn: cuando.toISOString(),
      });
      await run(entry.sql, entry.params);
      return (await this.leer(run, [f]))[0];
    });
  }

  /** Closes a look-back: its servicio's doctor or administrator, once every unit to notify was notified. */
  async cerrar(auth: AuthUser, id: string): Promise<Trazabilidad> {
    if (!decideMedicamente(auth.rol)) throw new ForbiddenError(MSG.soloMedicoNotifica);
    return this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      const f = await this.una(run, auth, id, true);
      if (f.servicio_id !== auth.servicio) throw new ForbiddenError(MSG.trazabilidadSoloQuienAbre);
      if (!f.abierta) throw ValidationError.single('', MSG.trazabilidadCerrada);
      const [t] = await this.leer(run, [f]);
      const falta = faltaNotificar(
        t.unidades.map((u) => ({
          componenteId: u.componenteId,
          accion: u.accion as AccionName,
          codigo: u.codigo,
        })),
        new Set(t.unidades.filter((u) => u.notificada).map((u) => u.componenteId)),
      );
      if (falta.length > 0)
        throw ValidationError.single('', MSG.trazabilidadFaltaNotificar(falta.join(', ')));
      await run(
        `UPDATE trazabilidad SET abierta = false, cerrada_por = $2, cerrada_en = now() WHERE id = $1`,
        [id, auth.uid],
      );
      const entry = auditStatement(auth, 'editar', 'trazabilidad', id, { abierta: [true, false] });
      await run(entry.sql, entry.params);
      return { ...t, abierta: false };
    });
  }

  async ventana(auth: AuthUser): Promise<number> {
    const [s] = (await this.run(`SELECT ventana_trazabilidad_meses AS meses FROM servicio WHERE id = $1`, [
      auth.servicio,
    ])) as { meses: number }[];
    return Number(s?.meses ?? 12);
  }

  /** Sets the window in months a look-back reads back. Only the administrator; audited. */
  async updateVentana(auth: AuthUser, meses: number): Promise<number> {
    if (auth.rol !== Rol.ROL_SERVICIO) throw new ForbiddenError();
    assertValid(validateVentanaTrazabilidad(meses));
    await this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      const [s] = (await run(
        `SELECT ventana_trazabilidad_meses AS meses FROM servicio WHERE id = $1 FOR UPDATE`,
        [auth.servicio],
      )) as { meses: number }[];
      await run(`UPDATE servicio SET ventana_trazabilidad_meses = $2 WHERE id = $1`, [auth.servicio, meses]);
      const entry = auditStatement(auth, 'editar', 'servicio', auth.servicio, {
        ventanaTrazabilidadMeses: [Number(s.meses), meses],
      });
      await run(entry.sql, entry.params);
    });
    return meses;
  }

  /** The network account: open look-backs per member (opened by it, or holding units of one). */
  /**
   * The network account's view: each member's open look-backs (its own, or holding one of their
   * units). A count of 1 to 4 points to a few reactive donors: published by publicarCuentas (a count
   * resting on fewer donors than the minimum is null, `suprimido`). No network total is given, so
   * no subtraction gives a suppressed one back.
   */
  async trazabilidadesRed(auth: AuthUser): Promise<TrazabilidadesMiembro[]> {
    if (auth.rol !== Rol.ROL_RED) throw new ForbiddenError();
    const rows = (await this.run(
      `SELECT m.id, ${nombre('m')} AS nombre, a.abiertas, a.donantes
         FROM servicio m
         CROSS JOIN LATERAL (
           SELECT count(*)::int AS abiertas, count(DISTINCT d.donante_id)::int AS donantes
             FROM trazabilidad t JOIN donacion d ON d.id = t.donacion_id
            WHERE t.abierta AND (t.servicio_id = m.id OR EXISTS (
              SELECT 1 FROM trazabilidad_unidad tu WHERE tu.trazabilidad_id = t.id AND tu.servicio_id = m.id))
         ) a
        WHERE m.red_id = $1 ORDER BY 2, m.id`,
      [auth.servicio],
    )) as { id: string; nombre: string; abiertas: number; donantes: number }[];
    const publicadas = publicarCuentas(
      rows.map((r) => ({ valor: Number(r.abiertas), base: Number(r.donantes) })),
    );
    return rows.map((r, k) =>
      Object.assign(new TrazabilidadesMiembro(), {
        servicioId: r.id,
        servicio: r.nombre,
        abiertas: publicadas[k],
        suprimido: publicadas[k] === null,
      }),
    );
  }
}
