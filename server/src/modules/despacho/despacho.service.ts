import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../auth/context';
import {
  type EstadoComponente,
  estaVencido,
  identificadorLegible,
  leerIdentificador,
  siguienteEstado,
  type Transicion,
} from '../../domain/componentes';
import {
  cierraDespacho,
  despacha,
  type DestinoData,
  type EstadoUnidadDespacho as EstadoUnidadDespachoName,
  validateDestino,
  validateSolicitud,
  validateUnidadesDespacho,
} from '../../domain/despacho';
import { isTipoComponente } from '../../domain/componentes';
import { Rol } from '../usuario/rol.enum';
import { type FieldError, MSG } from '../../domain/messages';
import { isUuid } from '../../domain/validation';
import { assertValid, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { RunQuery } from '../../database/prepared';
import { type AuditActor, auditStatement } from '../auditoria/audit';
import type { StockService } from '../stock/stock.service';
import { unidad, UNIDAD_COLUMNAS, UNIDAD_FROM, type UnidadFila } from '../stock/stock.service';
import type { UnidadComponente } from '../stock/stock.entity';
import type { TipoComponente } from '../componente/componente.entity';
import {
  Despacho,
  type EstadoUnidadDespacho,
  type EstadoSolicitud,
  PasoUnidad,
  SolicitudTraslado,
  type TipoDestino,
  UnidadDespacho,
} from './despacho.entity';

/** A transition refused: the role's refusal as forbidden, anything else as bad input. */
function rechazo(paso: Extract<Transicion, { ok: false }>): Error {
  return paso.tipo === 'permiso'
    ? new ForbiddenError(paso.errores[0].msg)
    : new ValidationError(paso.errores);
}

type DespachoFila = {
  id: string;
  servicio_id: string;
  destino_tipo: TipoDestino;
  destino_nombre: string;
  destino_referencia: string | null;
  destino_servicio_id: string | null;
  despachado_por: string;
  despachado_en: Date;
  origen: string;
  despachante: string | null;
};

type UnidadDespachoFila = UnidadFila & {
  dc_estado: EstadoUnidadDespachoName;
  cadena_frio: boolean | null;
  detalle: string | null;
  cerrado_en: Date | null;
};

const nombreServicio = (alias: string) => `coalesce(${alias}.nombre_en_red, ${alias}.nombre)`;

/**
 * Dispatch and destination of released units, and transfers between members of a network. Every
 * state change is siguienteEstado's (domain/componentes.ts), under the row locks of the units
 * (taken in id order, as the reactive-result discard takes them), each audited. A unit is held by
 * one servicio (componente.ubicacion_id): the producer until another member receives it. A member
 * reads only the units it holds, the ones in transit to it, and the dispatches it sent or receives.
 */
export class DespachoService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly stock: StockService,
  ) {}

  private readonly run: RunQuery = (sql, params) => this.dataSource.query(sql, params);

  /** The dispatch `id` as the sender or the receiving member reads it, with every unit's fate in it. */
  async leerDespacho(run: RunQuery, servicio: string, id: string): Promise<Despacho | null> {
    const [d] = (await run(
      `SELECT x.*, ${nombreServicio('s')} AS origen, nullif(trim(u.nombre || ' ' || u.apellido), '') AS despachante
         FROM despacho x JOIN servicio s ON s.id = x.servicio_id LEFT JOIN usuario u ON u.id = x.despachado_por
        WHERE x.id = $1 AND (x.servicio_id = $2 OR x.destino_servicio_id = $2)`,
      [id, servicio],
    )) as DespachoFila[];
    if (!d) return null;
    const filas = (await run(
      `SELECT ${UNIDAD_COLUMNAS}, dc.estado AS dc_estado, dc.cadena_frio, dc.detalle, dc.cerrado_en
         FROM despacho_componente dc JOIN ${UNIDAD_FROM} ON c.id = dc.componente_id
        WHERE dc.despacho_id = $1 ORDER BY c.tipo, c.codigo`,
      [id],
    )) as UnidadDespachoFila[];
    const aviso = await this.stock.diasAviso(run, servicio);
    const ahora = new Date();
    return Object.assign(new Despacho(), {
      id: d.id,
      destinoTipo: d.destino_tipo,
      destinoNombre: d.destino_nombre,
      destinoReferencia: d.destino_referencia,
      destinoServicioId: d.destino_servicio_id,
      origen: d.origen,
      despachadoPor: d.despachante ?? '',
      despachadoEn: new Date(d.despachado_en),
      unidades: filas.map((f) =>
        Object.assign(new UnidadDespacho(), {
          unidad: unidad(f, aviso, ahora),
          estado: f.dc_estado as EstadoUnidadDespacho,
          cadenaFrio: f.cadena_frio,
          detalle: f.detalle,
          cerradoEn: f.cerrado_en ? new Date(f.cerrado_en) : null,
        }),
      ),
    });
  }

  /** One dispatch the caller sent or receives; any other is not found. */
  async despacho(auth: AuthUser, id: string): Promise<Despacho> {
    if (!isUuid(id)) throw new NotFoundError();
    const d = await this.leerDespacho(this.run, auth.servicio, id);
    if (!d) throw new NotFoundError();
    return d;
  }

  /** The dispatches the servicio sent, newest first (at most `limite`). */
  async despachos(auth: AuthUser, limite = 50): Promise<Despacho[]> {
    const ids = (await this.run(
      `SELECT id FROM despacho WHERE servicio_id = $1 ORDER BY despachado_en DESC, id DESC LIMIT $2`,
      [auth.servicio, Math.min(100, Math.max(1, Math.trunc(limite)))],
    )) as { id: string }[];
    const out: Despacho[] = [];
    for (const { id } of ids) out.push((await this.leerDespacho(this.run, auth.servicio, id))!);
    return out;
  }

  /**
   * Sends released, unexpired units held by the servicio to a destination (a hospital, another
   * member of its network, or its own transfusion service). All or none: a unit that may not leave
   * refuses the dispatch, naming it. A unit sent to a member travels in transit to it.
   */
  async despachar(auth: AuthUser, ids: readonly string[], destino: DestinoData): Promise<Despacho> {
    if (!despacha(auth.rol)) throw new ForbiddenError(MSG.soloPersonalDespacha);
    assertValid(validateUnidadesDespacho(ids));
    if (ids.some((i) => !isUuid(i))) throw new NotFoundError(MSG.componenteNoEncontrado);
    assertValid(validateDestino(destino));
    const unicos = ids.map((i) => i.toLowerCase());
    // Expired units leave the stock first (a transaction of its own): the dispatch then finds them discarded.
    await this.stock.barrer(auth.servicio);
    const id = await this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      let nombre = (destino.nombre ?? '').trim();
      const referencia = (destino.referencia ?? '').trim() || null;
      let destinoServicio: string | null = null;
      if (destino.tipo === 'MIEMBRO_RED') {
        const [miembro] = (await run(
          `SELECT m.id, ${nombreServicio('m')} AS nombre FROM servicio yo JOIN servicio m ON m.red_id = yo.red_id
            WHERE yo.id = $1 AND m.id = $2 AND m.id <> yo.id AND yo.red_id IS NOT NULL`,
          [auth.servicio, String(destino.servicioId).toLowerCase()],
        )) as { id: string; nombre: string }[];
        if (!miembro) throw ValidationError.single('destino.servicioId', MSG.destinoMiembroAjeno);
        destinoServicio = miembro.id;
        nombre = miembro.nombre;
      } else if (destino.tipo === 'SERVICIO_PROPIO' && nombre === '') {
        nombre = 'Servicio de transfusión propio';
      }
      const filas = (await run(
        `SELECT id, estado, codigo, vence_en FROM componente WHERE id = ANY($1::uuid[]) AND ubicacion_id = $2
          ORDER BY id FOR UPDATE`,
        [unicos, auth.servicio],
      )) as { id: string; estado: EstadoComponente; codigo: string; vence_en: Date }[];
      if (filas.length !== unicos.length) throw new NotFoundError(MSG.componenteNoEncontrado);
      const ahora = new Date();
      const errores: FieldError[] = [];
      const pasos = filas.map((c) => {
        const paso = siguienteEstado(
          c,
          { tipo: 'despachar' },
          { rol: auth.rol, vencido: estaVencido(c.vence_en, ahora) },
        );
        if (!paso.ok)
          for (const e of paso.errores)
            errores.push({
              field: `ids.${unicos.indexOf(c.id)}`,
              msg: MSG.enLaUnidad(identificadorLegible(c.codigo), e.msg),
            });
        return paso;
      });
      assertValid(errores);
      const despachoId = randomUUID();
      await run(
        `INSERT INTO despacho (id, servicio_id, destino_tipo, destino_nombre, destino_referencia, destino_servicio_id,
                               despachado_por)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [despachoId, auth.servicio, destino.tipo, nombre, referencia, destinoServicio, auth.uid],
      );
      const codigos: string[] = [];
      for (const [i, c] of filas.entries()) {
        const paso = pasos[i];
        if (!paso.ok) continue;
        await run(
          `UPDATE componente SET estado = $2, despacho_id = $3, en_transito_a = $4, updated_at = now() WHERE id = $1`,
          [c.id, paso.estado, despachoId, destinoServicio],
        );
        await run(
          `INSERT INTO despacho_componente (despacho_id, componente_id, estado) VALUES ($1, $2, $3)`,
          [despachoId, c.id, destinoServicio ? 'EN_TRANSITO' : 'EN_DESTINO'],
        );
        const entry = auditStatement(auth, 'editar', 'componente', c.id, {
          codigo: c.codigo,
          estado: [c.estado, paso.estado],
          despacho: despachoId,
          destino: nombre,
        });
        await run(entry.sql, entry.params);
        codigos.push(c.codigo);
      }
      const cambios = { destinoTipo: destino.tipo, destino: nombre, referencia, unidades: codigos };
      const entry = auditStatement(auth, 'crear', 'despacho', despachoId, cambios);
      await run(entry.sql, entry.params);
      if (destinoServicio) {
        // The receiving member's trail records what is on its way to it (no user of its own made it).
        const ajeno: AuditActor = { uid: null, servicio: destinoServicio };
        const recibe = auditStatement(ajeno, 'crear', 'despacho', despachoId, cambios);
        await run(recibe.sql, recibe.params);
      }
      return despachoId;
    });
    return (await this.leerDespacho(this.run, auth.servicio, id))!;
  }

  /**
   * Locks a dispatched unit the caller holds, and its fate in its current dispatch. Not found when
   * the caller does not hold it.
   */
  private async bloquearDespachada(run: RunQuery, auth: AuthUser, id: string) {
    if (!isUuid(id)) throw new NotFoundError(MSG.componenteNoEncontrado);
    const [c] = (await run(
      `SELECT id, estado, codigo, vence_en, despacho_id, en_transito_a FROM componente
        WHERE id = $1 AND ubicacion_id = $2 FOR UPDATE`,
      [id, auth.servicio],
    )) as {
      id: string;
      estado: EstadoComponente;
      codigo: string;
      vence_en: Date;
      despacho_id: string | null;
      en_transito_a: string | null;
    }[];
    if (!c) throw new NotFoundError(MSG.componenteNoEncontrado);
    const [dc] = c.despacho_id
      ? ((await run(
          `SELECT estado FROM despacho_componente WHERE despacho_id = $1 AND componente_id = $2 FOR UPDATE`,
          [c.despacho_id, id],
        )) as { estado: EstadoUnidadDespachoName }[])
      : [];
    return { c, final: dc ? cierraDespacho(dc.estado) : false };
  }

  private async unidadDe(run: RunQuery, servicio: string, id: string): Promise<UnidadComponente> {
    const [f] = (await run(`SELECT ${UNIDAD_COLUMNAS} FROM ${UNIDAD_FROM} WHERE c.id = $1`, [
      id,
    ])) as UnidadFila[];
    return unidad(f, await this.stock.diasAviso(run, servicio));
  }

  /**
   * A dispatched unit comes back (from a hospital, or from its way to a member): to stock when the
   * cold chain was kept and it has not expired, else discarded ('Ruptura de la cadena de frío' or
   * 'Vencimiento'). Not once its final destination is recorded.
   */
  async devolver(
    auth: AuthUser,
    id: string,
    cadenaFrio: boolean,
    detalle?: string | null,
  ): Promise<UnidadComponente> {
    if (!despacha(auth.rol)) throw new ForbiddenError(MSG.soloPersonalDespacha);
    const texto = (detalle ?? '').trim() || null;
    if (texto && texto.length > 500) throw ValidationError.single('detalle', MSG.textoDemasiadoLargo(500));
    return this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      const { c, final } = await this.bloquearDespachada(run, auth, id);
      const paso = siguienteEstado(
        c,
        { tipo: 'devolver', cadenaFrio },
        { rol: auth.rol, final, vencido: estaVencido(c.vence_en, new Date()) },
      );
      if (!paso.ok) throw rechazo(paso);
      const descarta = paso.estado === 'DESCARTADO';
      await run(
        `UPDATE componente SET estado = $2, despacho_id = NULL, en_transito_a = NULL, motivo_descarte = $3,
                descartado_por = $4, descartado_en = CASE WHEN $5::boolean THEN now() END, updated_at = now()
          WHERE id = $1`,
        [c.id, paso.estado, paso.motivo ?? null, descarta ? auth.uid : null, descarta],
      );
      await run(
        `UPDATE despacho_componente SET estado = 'DEVUELTO', cadena_frio = $3, detalle = $4, cerrado_por = $5,
                cerrado_en = now()
          WHERE despacho_id = $1 AND componente_id = $2`,
        [c.despacho_id, c.id, cadenaFrio, texto, auth.uid],
      );
      const entry = auditStatement(auth, 'editar', 'componente', c.id, {
        codigo: c.codigo,
        estado: [c.estado, paso.estado],
        devuelto: true,
        cadenaFrio,
        ...(paso.motivo ? { motivoDescarte: [null, paso.motivo] } : {}),
      });
      await run(entry.sql, entry.params);
      return this.unidadDe(run, auth.servicio, c.id);
    });
  }

  /**
   * The fate of a unit at its destination (a hospital or the own transfusion service), recorded by
   * the servicio that sent it: transfused, or discarded there with a coded reason. A unit in
   * transit to a member is not the sender's to record: the member receives it first.
   */
  async registrarDestinoFinal(
    auth: AuthUser,
    id: string,
    destino: string,
    motivo?: string | null,
    detalle?: string | null,
  ): Promise<UnidadComponente> {
    if (!despacha(auth.rol)) throw new ForbiddenError(MSG.soloPersonalDespacha);
    return this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      const { c, final } = await this.bloquearDespachada(run, auth, id);
      const paso = siguienteEstado(
        c,
        { tipo: 'destinoFinal', destino, motivo: motivo ?? null, detalle },
        { rol: auth.rol, final, enTransito: c.en_transito_a !== null },
      );
      if (!paso.ok) throw rechazo(paso);
      if (paso.estado === 'DESCARTADO')
        await run(
          `UPDATE componente SET estado = $2, motivo_descarte = $3, detalle_descarte = $4, descartado_por = $5,
                  descartado_en = now(), updated_at = now()
            WHERE id = $1`,
          [c.id, paso.estado, paso.motivo, paso.detalle ?? null, auth.uid],
        );
      else await run(`UPDATE componente SET updated_at = now() WHERE id = $1`, [c.id]);
      await run(
        `UPDATE despacho_componente SET estado = $3, detalle = $4, cerrado_por = $5, cerrado_en = now()
          WHERE despacho_id = $1 AND componente_id = $2`,
        [c.despacho_id, c.id, destino, paso.detalle ?? null, auth.uid],
      );
      const entry = auditStatement(auth, 'editar', 'componente', c.id, {
        codigo: c.codigo,
        destinoFinal: destino,
        ...(paso.estado !== c.estado ? { estado: [c.estado, paso.estado] } : {}),
        ...(paso.motivo ? { motivoDescarte: [null, paso.motivo] } : {}),
      });
      await run(entry.sql, entry.params);
      return this.unidadDe(run, auth.servicio, c.id);
    });
  }

  /** The units in transit to the caller servicio from other members, nearest expiry first. */
  async enTransito(auth: AuthUser): Promise<UnidadComponente[]> {
    const rows = (await this.run(
      `SELECT ${UNIDAD_COLUMNAS} FROM ${UNIDAD_FROM} WHERE c.en_transito_a = $1 AND c.estado = 'DESPACHADO'
        ORDER BY c.vence_en, c.codigo LIMIT 500`,
      [auth.servicio],
    )) as UnidadFila[];
    const aviso = await this.stock.diasAviso(this.run, auth.servicio);
    return rows.map((f) => unidad(f, aviso));
  }

  /**
   * A member receives a unit in transit to it, by its scanned identifier: the unit joins the
   * receiver's stock with its original identifier. Audited at both members.
   */
  async recibir(auth: AuthUser, codigo: string): Promise<UnidadComponente> {
    if (!despacha(auth.rol)) throw new ForbiddenError(MSG.soloPersonalDespacha);
    const leido = leerIdentificador(codigo);
    if (!leido.ok) throw ValidationError.single('codigo', leido.error);
    return this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      const [c] = (await run(
        `SELECT id, estado, codigo, despacho_id, en_transito_a, ubicacion_id FROM componente
          WHERE codigo = $1 AND en_transito_a = $2 FOR UPDATE`,
        [leido.value.codigo, auth.servicio],
      )) as {
        id: string;
        estado: EstadoComponente;
        codigo: string;
        despacho_id: string;
        en_transito_a: string;
        ubicacion_id: string;
      }[];
      if (!c) throw new NotFoundError(MSG.componenteNoEnTransito);
      const paso = siguienteEstado(c, { tipo: 'recibir' }, { rol: auth.rol, enTransito: true });
      if (!paso.ok) throw rechazo(paso);
      await run(
        `UPDATE componente SET estado = $2, custodia_id = $3, en_transito_a = NULL, despacho_id = NULL,
                updated_at = now()
          WHERE id = $1`,
        [c.id, paso.estado, auth.servicio],
      );
      await run(
        `UPDATE despacho_componente SET estado = 'RECIBIDO', cerrado_por = $3, cerrado_en = now()
          WHERE despacho_id = $1 AND componente_id = $2`,
        [c.despacho_id, c.id, auth.uid],
      );
      const cambios = {
        codigo: c.codigo,
        estado: [c.estado, paso.estado],
        recibido: true,
        despacho: c.despacho_id,
      };
      const aqui = auditStatement(auth, 'editar', 'componente', c.id, cambios);
      await run(aqui.sql, aqui.params);
      const alla = auditStatement(
        { uid: null, servicio: c.ubicacion_id },
        'editar',
        'componente',
        c.id,
        cambios,
      );
      await run(alla.sql, alla.params);
      return this.unidadDe(run, auth.servicio, c.id);
    });
  }

  /**
   * A unit's journey through dispatches, oldest first: from which servicio to which destination and
   * what became of it. Read by a servicio that produced or holds it, or that sent or received it in
   * any dispatch; not found for any other.
   */
  async trayectoria(auth: AuthUser, codigo: string): Promise<PasoUnidad[]> {
    const leido = leerIdentificador(codigo);
    if (!leido.ok) throw ValidationError.single('codigo', leido.error);
    const [c] = (await this.run(
      `SELECT c.id FROM componente c WHERE c.codigo = $1 AND (c.servicio_id = $2 OR c.ubicacion_id = $2
         OR c.en_transito_a = $2 OR EXISTS (SELECT 1 FROM despacho_componente dc JOIN despacho x ON x.id = dc.despacho_id
           WHERE dc.componente_id = c.id AND (x.servicio_id = $2 OR x.destino_servicio_id = $2)))`,
      [leido.value.codigo, auth.servicio],
    )) as { id: string }[];
    if (!c) throw new NotFoundError(MSG.componenteNoEncontrado);
    const rows = (await this.run(
      `SELECT x.id, x.despachado_en, ${nombreServicio('s')} AS origen, x.destino_tipo, x.destino_nombre, dc.estado,
              dc.cerrado_en,
              CASE WHEN x.servicio_id = $2 OR x.destino_servicio_id = $2
                   THEN nullif(trim(u.nombre || ' ' || u.apellido), '') END AS despachante
         FROM despacho_componente dc JOIN despacho x ON x.id = dc.despacho_id JOIN servicio s ON s.id = x.servicio_id
         LEFT JOIN usuario u ON u.id = x.despachado_por
        WHERE dc.componente_id = $1 ORDER BY x.despachado_en, x.id`,
      [c.id, auth.servicio],
    )) as {
      id: string;
      despachado_en: Date;
      origen: string;
      destino_tipo: TipoDestino;
      destino_nombre: string;
      estado: EstadoUnidadDespacho;
      cerrado_en: Date | null;
      despachante: string | null;
    }[];
    return rows.map((r) =>
      Object.assign(new PasoUnidad(), {
        despachoId: r.id,
        despachadoEn: new Date(r.despachado_en),
        origen: r.origen,
        despachadoPor: r.despachante,
        destinoTipo: r.destino_tipo,
        destinoNombre: r.destino_nombre,
        estado: r.estado,
        cerradoEn: r.cerrado_en ? new Date(r.cerrado_en) : null,
      }),
    );
  }

  private async solicitudes(where: string, params: unknown[]): Promise<SolicitudTraslado[]> {
    const rows = (await this.run(
      `SELECT x.*, ${nombreServicio('o')} AS origen, ${nombreServicio('d')} AS destino
         FROM solicitud_traslado x JOIN servicio o ON o.id = x.origen_id JOIN servicio d ON d.id = x.destino_id
        WHERE ${where} ORDER BY x.created_at DESC, x.id LIMIT 200`,
      params,
    )) as {
      id: string;
      origen_id: string;
      origen: string;
      destino_id: string;
      destino: string;
      tipo: TipoComponente;
      abo: string;
      rh: string;
      cantidad: number;
      estado: EstadoSolicitud;
      motivo: string | null;
      nota: string | null;
      created_at: Date;
      respondida_en: Date | null;
    }[];
    return rows.map((r) =>
      Object.assign(new SolicitudTraslado(), {
        id: r.id,
        origenId: r.origen_id,
        origen: r.origen,
        destinoId: r.destino_id,
        destino: r.destino,
        tipo: r.tipo,
        abo: r.abo,
        rh: r.rh,
        cantidad: Number(r.cantidad),
        estado: r.estado,
        motivo: r.motivo,
        nota: r.nota,
        creadaEn: new Date(r.created_at),
        respondidaEn: r.respondida_en ? new Date(r.respondida_en) : null,
      }),
    );
  }

  /** The network's requests (its account), or those a member sends or receives; newest first. */
  async solicitudesTraslado(auth: AuthUser): Promise<SolicitudTraslado[]> {
    return auth.rol === Rol.ROL_RED
      ? this.solicitudes(`x.red_id = $1`, [auth.servicio])
      : this.solicitudes(`(x.origen_id = $1 OR x.destino_id = $1)`, [auth.servicio]);
  }

  /**
   * The network account asks one member to send units (type, ABO/Rh, how many) to another: both
   * its members. Audited at the network and at the member asked.
   */
  async solicitarTraslado(
    auth: AuthUser,
    s: {
      origenId: string;
      destinoId: string;
      tipo: string;
      abo: string;
      rh: string;
      cantidad: number;
      nota?: string | null;
    },
  ): Promise<SolicitudTraslado> {
    if (auth.rol !== Rol.ROL_RED) throw new ForbiddenError();
    const datos = {
      ...s,
      abo: s.abo.trim().toUpperCase(),
      rh: s.rh.trim().toUpperCase(),
      nota: (s.nota ?? '').trim() || null,
    };
    const errors = validateSolicitud(datos);
    if (!isTipoComponente(datos.tipo)) errors.push({ field: 'tipo', msg: MSG.valorNoPermitido });
    assertValid(errors);
    const id = await this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      const miembros = (await run(`SELECT id FROM servicio WHERE red_id = $1 AND id = ANY($2::uuid[])`, [
        auth.servicio,
        [datos.origenId, datos.destinoId],
      ])) as { id: string }[];
      if (miembros.length !== 2) throw ValidationError.single('destinoId', MSG.solicitudMiembros);
      const nuevo = randomUUID();
      await run(
        `INSERT INTO solicitud_traslado (id, red_id, origen_id, destino_id, tipo, abo, rh, cantidad, nota)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          nuevo,
          auth.servicio,
          datos.origenId,
          datos.destinoId,
          datos.tipo,
          datos.abo,
          datos.rh,
          datos.cantidad,
          datos.nota,
        ],
      );
      const cambios = {
        origen: datos.origenId,
        destino: datos.destinoId,
        tipo: datos.tipo,
        abo: datos.abo,
        rh: datos.rh,
        cantidad: datos.cantidad,
        ...(datos.nota ? { nota: datos.nota } : {}),
      };
      for (const actor of [auth, { uid: null, servicio: datos.origenId.toLowerCase() }]) {
        const entry = auditStatement(actor, 'crear', 'solicitudTraslado', nuevo, cambios);
        await run(entry.sql, entry.params);
      }
      return nuevo;
    });
    return (await this.solicitudes(`x.id = $1`, [id]))[0];
  }

  /**
   * The member asked accepts a request (then dispatches the units to the other member) or declines
   * it with a reason. Once. Audited at the member and at the network.
   */
  async responderSolicitud(
    auth: AuthUser,
    id: string,
    acepta: boolean,
    motivo?: string | null,
  ): Promise<SolicitudTraslado> {
    if (!despacha(auth.rol)) throw new ForbiddenError(MSG.soloPersonalDespacha);
    if (!isUuid(id)) throw new NotFoundError(MSG.solicitudNoEncontrada);
    const texto = (motivo ?? '').trim() || null;
    if (!acepta && !texto) throw ValidationError.single('motivo', MSG.solicitudMotivoRequerido);
    if (texto && texto.length > 500) throw ValidationError.single('motivo', MSG.textoDemasiadoLargo(500));
    await this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      const [x] = (await run(
        `SELECT estado, red_id FROM solicitud_traslado WHERE id = $1 AND origen_id = $2 FOR UPDATE`,
        [id, auth.servicio],
      )) as { estado: EstadoSolicitud; red_id: string }[];
      if (!x) throw new NotFoundError(MSG.solicitudNoEncontrada);
      if (x.estado !== 'PENDIENTE') throw ValidationError.single('', MSG.solicitudYaRespondida);
      const estado = acepta ? 'ACEPTADA' : 'RECHAZADA';
      await run(
        `UPDATE solicitud_traslado SET estado = $2, motivo = $3, respondida_por = $4, respondida_en = now()
          WHERE id = $1`,
        [id, estado, texto, auth.uid],
      );
      const cambios = { estado: [x.estado, estado], ...(texto ? { motivo: texto } : {}) };
      for (const actor of [auth, { uid: null, servicio: x.red_id }]) {
        const entry = auditStatement(actor, 'editar', 'solicitudTraslado', id, cambios);
        await run(entry.sql, entry.params);
      }
    });
    return (await this.solicitudes(`x.id = $1`, [id]))[0];
  }
}
