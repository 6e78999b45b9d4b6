import { DataSource } from 'typeorm';
import type { AuthUser } from '../../auth/context';
import {
  type EstadoComponente,
  estaVencido,
  identificadorLegible,
  isTipoComponente,
  leerIdentificador,
  siguienteEstado,
  TIPOS_COMPONENTE,
  type TipoComponente,
} from '../../domain/componentes';
import { ABO, RH } from '../../domain/donacion';
import { publicarCuentas } from '../../domain/indicadores';
import { MSG } from '../../domain/messages';
import { AVISO_VENCIMIENTO, diasDeAviso, porVencer, validateDiasAviso } from '../../domain/stock';
import { assertValid, ForbiddenError, ValidationError } from '../../errors';
import type { RunQuery } from '../../database/prepared';
import type { Page } from '../../graphql/pagination';
import { auditStatement } from '../auditoria/audit';
import { Rol } from '../usuario/rol.enum';
import { AvisoVencimiento, StockFila, StockRedFila, UnidadComponente } from './stock.entity';
import type {
  EstadoComponente as EstadoGql,
  TipoComponente as TipoGql,
} from '../componente/componente.entity';

/** How often the server process sweeps expired units out of every stock. */
export const BARRIDO_CADA_MS = 5 * 60_000;
/** How many expired units one sweep's transaction discards at most (the next one goes on). */
const BARRIDO_LOTE = 500;

export type FiltroStockData = {
  tipo?: string | null;
  abo?: string | null;
  rh?: string | null;
  porVencer?: boolean | null;
};

/** The columns a unit is answered with (componente c joined with its donation d and producer p). */
export const UNIDAD_COLUMNAS = `c.id, c.codigo, c.codigo_producto, c.tipo, c.estado, c.volumen, c.vence_en,
  c.servicio_id, c.ubicacion_id, c.en_transito_a, c.despacho_id, d.abo, d.rh,
  coalesce(p.nombre_en_red, p.nombre) AS servicio_origen`;
export const UNIDAD_FROM = `componente c JOIN donacion d ON d.id = c.donacion_id JOIN servicio p ON p.id = c.servicio_id`;

export type UnidadFila = {
  id: string;
  codigo: string;
  codigo_producto: string;
  tipo: TipoComponente;
  estado: EstadoComponente;
  volumen: number;
  vence_en: Date;
  servicio_id: string;
  ubicacion_id: string;
  en_transito_a: string | null;
  despacho_id: string | null;
  abo: string;
  rh: string;
  servicio_origen: string;
};

/** A unit's row as the GraphQL type; `aviso`: the warning days of its holder, by type. */
export function unidad(
  f: UnidadFila,
  aviso: Record<TipoComponente, number>,
  ahora = new Date(),
): UnidadComponente {
  const venceEn = new Date(f.vence_en);
  return Object.assign(new UnidadComponente(), {
    id: f.id,
    codigo: f.codigo,
    codigoLegible: identificadorLegible(f.codigo),
    codigoProducto: f.codigo_producto,
    tipo: f.tipo as TipoGql,
    estado: f.estado as EstadoGql,
    abo: f.abo,
    rh: f.rh,
    volumen: Number(f.volumen),
    venceEn,
    vencido: estaVencido(venceEn, ahora),
    porVencer: porVencer(venceEn, ahora, aviso[f.tipo] ?? AVISO_VENCIMIENTO[f.tipo]),
    servicioOrigen: f.servicio_origen,
    recibido: f.ubicacion_id !== f.servicio_id,
  });
}

/**
 * Expired units leave the stock: each unit in quarantine or released whose expiry has passed
 * becomes DESCARTADO 'Vencimiento' (siguienteEstado 'vencer'), audited in the chain of the servicio
 * that holds it, with no user. Of one servicio (`ubicacion`) or of all. Idempotent, and never
 * waits: a unit another transaction holds is left for the next sweep (the stock reads leave out
 * every expired unit anyway). Gives how many were discarded. Oldest expiry first: the order of the
 * sweep's index (migration 1764930010000), so that a sweep with nothing to do reads no unit.
 */
export async function vencerVencidos(run: RunQuery, ubicacion: string | null): Promise<number> {
  const filas = (await run(
    `SELECT id, estado, codigo, ubicacion_id, vence_en FROM componente
      WHERE estado IN ('CUARENTENA', 'LIBERADO') AND vence_en <= now() ${ubicacion ? 'AND ubicacion_id = $1' : ''}
      ORDER BY vence_en, id LIMIT ${BARRIDO_LOTE} FOR UPDATE SKIP LOCKED`,
    ubicacion ? [ubicacion] : [],
  )) as { id: string; estado: EstadoComponente; codigo: string; ubicacion_id: string; vence_en: Date }[];
  let n = 0;
  const ahora = new Date();
  for (const c of filas) {
    const paso = siguienteEstado(
      c,
      { tipo: 'vencer' },
      { rol: null, vencido: estaVencido(c.vence_en, ahora) },
    );
    if (!paso.ok || !paso.cambia) continue;
    await run(
      `UPDATE componente SET estado = $2, motivo_descarte = $3, detalle_descarte = NULL, descartado_por = NULL,
              descartado_en = now(), updated_at = now()
        WHERE id = $1`,
      [c.id, paso.estado, paso.motivo],
    );
    const entry = auditStatement({ uid: null, servicio: c.ubicacion_id }, 'editar', 'componente', c.id, {
      codigo: c.codigo,
      estado: [c.estado, paso.estado],
      motivoDescarte: [null, paso.motivo],
    });
    await run(entry.sql, entry.params);
    n += 1;
  }
  return n;
}

/** A stock row as the statements below give it ($1 holder, $2 types, $3 their warning days). */
type FilaStockSql = {
  tipo: TipoGql;
  abo: string;
  rh: string;
  cantidad: number;
  proximo: Date;
  por_vencer: number;
  dias: number;
  donantes: number;
  donantes_por_vencer: number;
};

/** Released, not expired, held by $1, of type a.tipo: the stock's units. */
const EN_STOCK = `c.ubicacion_id = $1 AND c.tipo = a.tipo AND c.estado = 'LIBERADO' AND c.vence_en > now()`;

/**
 * The stock read from its units, with the distinct donors of each row (the network's figures).
 * The reference the ledger's statement must agree with.
 */
export const STOCK_POR_UNIDADES = `
  SELECT a.tipo, g.abo, g.rh, g.cantidad, g.proximo, g.por_vencer, a.dias, g.donantes, g.donantes_por_vencer
    FROM unnest($2::text[], $3::int[]) WITH ORDINALITY AS a(tipo, dias, orden)
    CROSS JOIN LATERAL (
      SELECT c.abo, c.rh, count(*)::int AS cantidad, min(c.vence_en) AS proximo,
             count(*) FILTER (WHERE c.vence_en <= now() + make_interval(days => a.dias))::int AS por_vencer,
             count(DISTINCT d.donante_id)::int AS donantes,
             count(DISTINCT d.donante_id)
               FILTER (WHERE c.vence_en <= now() + make_interval(days => a.dias))::int AS donantes_por_vencer
        FROM componente c JOIN donacion d ON d.id = c.donacion_id
       WHERE ${EN_STOCK}
       GROUP BY c.abo, c.rh) g
   ORDER BY a.orden, g.abo, g.rh`;

/**
 * The stock read from the ledger stock_diario (UTC days of expiry, migration 1764950000000). A day
 * before the last one counts whole: its units are all in stock (after today) and all expire
 * within the warning days (before the last day). Today and the last warning day hold units on
 * both sides of 'now' and of the limit, so their units are counted one by one from the stock's
 * index (componente_stock_grupo_idx), and the nearest expiry is that index's first entry.
 */
export const STOCK_POR_LIBRO = `
  SELECT a.tipo, g.abo, g.rh, g.futuros + h.n AS cantidad, p.proximo, g.medio + h.por_vencer + f.n AS por_vencer,
         a.dias, 0 AS donantes, 0 AS donantes_por_vencer
    FROM unnest($2::text[], $3::int[]) WITH ORDINALITY AS a(tipo, dias, orden)
    CROSS JOIN LATERAL (
      SELECT (now() AT TIME ZONE 'UTC')::date AS hoy, now() + make_interval(days => a.dias) AS limite,
             ((now() + make_interval(days => a.dias)) AT TIME ZONE 'UTC')::date AS ultimo) t
    CROSS JOIN LATERAL (
      SELECT s.abo, s.rh, coalesce(sum(s.cantidad) FILTER (WHERE s.dia > t.hoy), 0)::int AS futuros,
             coalesce(sum(s.cantidad) FILTER (WHERE s.dia > t.hoy AND s.dia < t.ultimo), 0)::int AS medio
        FROM stock_diario s
       WHERE s.ubicacion_id = $1 AND s.tipo = a.tipo AND s.dia >= t.hoy
       GROUP BY s.abo, s.rh) g
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS n, count(*) FILTER (WHERE c.vence_en <= t.limite)::int AS por_vencer
        FROM componente c
       WHERE ${EN_STOCK} AND c.abo = g.abo AND c.rh = g.rh
         AND c.vence_en < ((t.hoy + 1)::timestamp AT TIME ZONE 'UTC')) h
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS n
        FROM componente c
       WHERE ${EN_STOCK} AND c.abo = g.abo AND c.rh = g.rh AND t.ultimo > t.hoy
         AND c.vence_en >= (t.ultimo::timestamp AT TIME ZONE 'UTC') AND c.vence_en <= t.limite) f
    CROSS JOIN LATERAL (
      SELECT min(c.vence_en) AS proximo FROM componente c WHERE ${EN_STOCK} AND c.abo = g.abo AND c.rh = g.rh) p
   WHERE g.futuros + h.n > 0
   ORDER BY a.orden, g.abo, g.rh`;

/** A stock row with the donors it rests on (what the network's figures are judged by). */
type FilaStock = StockFila & { servicioId: string; donantes: number; donantesPorVencer: number };

/**
 * The stock of released units: by type and ABO/Rh with counts, nearest expiry and how many expire
 * within the servicio's warning days; the units behind a row; the warning days per type; the
 * network's figures per member; and the expiry sweep (lazily on every read and dispatch, and
 * every BARRIDO_CADA_MS in the server process).
 */
export class StockService {
  constructor(private readonly dataSource: DataSource) {}

  private readonly run: RunQuery = (sql, params) => this.dataSource.query(sql, params);

  /** Sweeps the expired units of one servicio (null: of all) in a transaction of its own. */
  async barrer(ubicacion: string | null): Promise<number> {
    return this.dataSource.transaction((m) =>
      vencerVencidos((sql, params) => m.query(sql, params), ubicacion),
    );
  }

  /**
   * Folds the entries of the ledgers kept by the components' triggers into one per key: the stock
   * (migration 1764950000000) and the components' events of the indicators (migration 1764960000000).
   */
  async compactar(): Promise<void> {
    await this.run(`SELECT stock_compactar(NULL)`, []);
    await this.run(`SELECT componente_diario_compactar(NULL)`, []);
  }

  /** Starts the periodic sweep (and ledger compaction) of every servicio; gives the function that stops it. */
  iniciarBarrido(alFallar: (error: unknown) => void): () => void {
    let enCurso = false;
    const timer = setInterval(() => {
      if (enCurso) return;
      enCurso = true;
      this.barrer(null)
        .then(() => this.compactar())
        .catch(alFallar)
        .finally(() => {
          enCurso = false;
        });
    }, BARRIDO_CADA_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** A servicio's warning days per type (its own where set, else the default). */
  async diasAviso(run: RunQuery, servicio: string): Promise<Record<TipoComponente, number>> {
    const rows = (await run(`SELECT tipo, dias FROM aviso_vencimiento WHERE servicio_id = $1`, [
      servicio,
    ])) as {
      tipo: string;
      dias: number;
    }[];
    return diasDeAviso(Object.fromEntries(rows.map((r) => [r.tipo, Number(r.dias)])));
  }

  async avisoVencimiento(auth: AuthUser): Promise<AvisoVencimiento[]> {
    const dias = await this.diasAviso(this.run, auth.servicio);
    return TIPOS_COMPONENTE.map((tipo) =>
      Object.assign(new AvisoVencimiento(), {
        tipo,
        dias: dias[tipo],
        predeterminado: AVISO_VENCIMIENTO[tipo],
      }),
    );
  }

  /** Sets the warning days of one type. Only the administrator; audited. */
  async updateAvisoVencimiento(auth: AuthUser, tipo: string, dias: number): Promise<AvisoVencimiento[]> {
    if (auth.rol !== Rol.ROL_SERVICIO) throw new ForbiddenError();
    assertValid(validateDiasAviso(tipo, dias));
    await this.dataSource.transaction(async (m) => {
      const run: RunQuery = (sql, params) => m.query(sql, params);
      await run(`SELECT id FROM servicio WHERE id = $1 FOR UPDATE`, [auth.servicio]);
      const antes = (await this.diasAviso(run, auth.servicio))[tipo as TipoComponente];
      await run(
        `INSERT INTO aviso_vencimiento (servicio_id, tipo, dias) VALUES ($1, $2, $3)
         ON CONFLICT (servicio_id, tipo) DO UPDATE SET dias = EXCLUDED.dias, updated_at = now()`,
        [auth.servicio, tipo, dias],
      );
      const entry = auditStatement(auth, 'editar', 'servicio', auth.servicio, {
        [`avisoVencimiento.${tipo}`]: [antes, dias],
      });
      await run(entry.sql, entry.params);
    });
    return this.avisoVencimiento(auth);
  }

  /**
   * The stock rows of the servicios `ubicaciones` (each swept first, with its own warning days).
   * Without `conDonantes` (a servicio's own stock), from the ledger `stock_diario` (migration
   * 1764950000000): the days after today summed, and the units of today and of the last warning
   * day counted exactly, so its cost does not grow with the units in stock. With `conDonantes`
   * (the network's figures), from the units themselves, each row also counting the distinct donors
   * it rests on, which reads each unit's donation. Both give the same rows (stock-diario.test.ts).
   */
  private async filas(ubicaciones: readonly string[], conDonantes = false): Promise<FilaStock[]> {
    const out: FilaStock[] = [];
    for (const ubicacion of ubicaciones) {
      await this.barrer(ubicacion);
      const aviso = await this.diasAviso(this.run, ubicacion);
      out.push(...(await this.filasDe(ubicacion, aviso, conDonantes)));
    }
    return out;
  }

  /** One holder's stock rows (already swept), by the statement `filas` says. */
  private async filasDe(
    ubicacion: string,
    aviso: Record<TipoComponente, number>,
    conDonantes: boolean,
  ): Promise<FilaStock[]> {
    const rows = (await this.run(conDonantes ? STOCK_POR_UNIDADES : STOCK_POR_LIBRO, [
      ubicacion,
      TIPOS_COMPONENTE,
      TIPOS_COMPONENTE.map((t) => aviso[t]),
    ])) as FilaStockSql[];
    return rows.map((r) => ({
      servicioId: ubicacion,
      tipo: r.tipo,
      abo: r.abo,
      rh: r.rh,
      cantidad: Number(r.cantidad),
      proximoVencimiento: new Date(r.proximo),
      porVencer: Number(r.por_vencer),
      diasAviso: Number(r.dias),
      donantes: Number(r.donantes),
      donantesPorVencer: Number(r.donantes_por_vencer),
    }));
  }

  /** The caller servicio's stock by type and ABO/Rh: released units not expired, held by it. */
  async stock(auth: AuthUser): Promise<StockFila[]> {
    const filas = await this.filas([auth.servicio]);
    return filas.map(({ servicioId: _s, donantes: _d, donantesPorVencer: _v, ...f }) =>
      Object.assign(new StockFila(), f),
    );
  }

  /** The units behind the stock (a row, or all), nearest expiry first. */
  async unidades(
    auth: AuthUser,
    filtro: FiltroStockData,
    page: { offset?: number | null; limit?: number | null } = {},
  ): Promise<Page<UnidadComponente>> {
    const errors = [];
    const where = [`c.ubicacion_id = $1`, `c.estado = 'LIBERADO'`, `c.vence_en > now()`];
    const params: unknown[] = [auth.servicio];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filtro.tipo && !isTipoComponente(filtro.tipo))
      errors.push({ field: 'tipo', msg: MSG.valorNoPermitido });
    else if (filtro.tipo) add('c.tipo = ?', filtro.tipo);
    const abo = (filtro.abo ?? '').trim().toUpperCase();
    if (abo && !(ABO as readonly string[]).includes(abo))
      errors.push({ field: 'abo', msg: MSG.valorNoPermitido });
    else if (abo) add('c.abo = ?', abo);
    const rh = (filtro.rh ?? '').trim().toUpperCase();
    if (rh && !(RH as readonly string[]).includes(rh))
      errors.push({ field: 'rh', msg: MSG.valorNoPermitido });
    else if (rh) add('c.rh = ?', rh);
    assertValid(errors);
    await this.barrer(auth.servicio);
    const aviso = await this.diasAviso(this.run, auth.servicio);
    if (filtro.porVencer) {
      params.push(
        TIPOS_COMPONENTE,
        TIPOS_COMPONENTE.map((t) => aviso[t]),
      );
      where.push(
        `c.vence_en <= now() + make_interval(days => (SELECT a.dias FROM unnest($${params.length - 1}::text[],
           $${params.length}::int[]) AS a(tipo, dias) WHERE a.tipo = c.tipo))`,
      );
    }
    const offset = Math.max(0, Math.trunc(page.offset ?? 0));
    const limit = Math.min(100, Math.max(1, Math.trunc(page.limit ?? 20)));
    // The total is the stock rows' own count (from the ledger: no count of the units).
    const total = (await this.filasDe(auth.servicio, aviso, false))
      .filter(
        (f) => (!filtro.tipo || f.tipo === filtro.tipo) && (!abo || f.abo === abo) && (!rh || f.rh === rh),
      )
      .reduce((n, f) => n + (filtro.porVencer ? f.porVencer : f.cantidad), 0);
    const rows = (await this.run(
      `SELECT ${UNIDAD_COLUMNAS} FROM ${UNIDAD_FROM} WHERE ${where.join(' AND ')}
        ORDER BY c.vence_en, c.codigo OFFSET ${offset} LIMIT ${limit}`,
      params,
    )) as UnidadFila[];
    const ahora = new Date();
    return { items: rows.map((f) => unidad(f, aviso, ahora)), total, offset, limit };
  }

  /**
   * A unit by its identifier as the servicio sees it, in the holder-safe shape (group, product,
   * expiry, never the donation nor the donor): one it holds (its own or received from another
   * member), or one it produced that another member holds now, answered DESPACHADO (it left).
   * Null when none (a unit on its way here is received first). What the dispatch panel scans.
   */
  async unidadPorCodigo(auth: AuthUser, codigo: string): Promise<UnidadComponente | null> {
    const leido = leerIdentificador(codigo);
    if (!leido.ok) throw ValidationError.single('codigo', leido.error);
    const [fila] = (await this.run(
      `SELECT ${UNIDAD_COLUMNAS} FROM ${UNIDAD_FROM}
        WHERE c.codigo = $1 AND (c.ubicacion_id = $2 OR c.servicio_id = $2)`,
      [leido.value.codigo, auth.servicio],
    )) as UnidadFila[];
    if (!fila) return null;
    const u = unidad(fila, await this.diasAviso(this.run, auth.servicio));
    if (fila.ubicacion_id !== auth.servicio) u.estado = 'DESPACHADO' as EstadoGql;
    return u;
  }

  /**
   * The network account's view: each member's stock by type and ABO/Rh, figures only, published by
   * publicarCuentas: a row resting on fewer donors than the minimum is suppressed whole (its
   * nearest expiry points to a donation), and so is a count expiring soon from 1 to 4 donors. No
   * network total is given.
   */
  async stockRed(auth: AuthUser): Promise<StockRedFila[]> {
    if (auth.rol !== Rol.ROL_RED) throw new ForbiddenError();
    const miembros = (await this.run(
      `SELECT m.id, coalesce(m.nombre_en_red, m.nombre) AS nombre FROM servicio m WHERE m.red_id = $1
        ORDER BY 2, m.id`,
      [auth.servicio],
    )) as { id: string; nombre: string }[];
    const nombres = new Map(miembros.map((m) => [m.id, m.nombre]));
    const filas = await this.filas(
      miembros.map((m) => m.id),
      true,
    );
    const publicadas = publicarCuentas(
      filas.flatMap((f) => [
        { valor: f.cantidad, base: f.donantes },
        { valor: f.porVencer, base: f.donantesPorVencer },
      ]),
    );
    return filas.map((f, k) => {
      const cantidad = publicadas[2 * k];
      const porVencerPublicada = cantidad === null ? null : publicadas[2 * k + 1];
      return Object.assign(new StockRedFila(), {
        servicioId: f.servicioId,
        servicio: nombres.get(f.servicioId) ?? '',
        tipo: f.tipo,
        abo: f.abo,
        rh: f.rh,
        cantidad,
        proximoVencimiento: cantidad === null ? null : f.proximoVencimiento,
        porVencer: porVencerPublicada,
        diasAviso: f.diasAviso,
        suprimido: cantidad === null || porVencerPublicada === null,
      });
    });
  }
}
