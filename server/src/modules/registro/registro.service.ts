import type { AuthUser } from '../../auth/context';
import { identificadorLegible, instanteDeExtraccion } from '../../domain/componentes';
import { addDays } from '../../domain/dates';
import type { EstadoUnidadDespacho as EstadoUnidadDespachoName } from '../../domain/despacho';
import {
  destinoPosterior,
  motivoEnPalabras,
  numeroDespacho,
  quienDescarto,
  validatePeriodoRegistro,
} from '../../domain/registros';
import { assertValid } from '../../errors';
import type { RunQuery } from '../../database/prepared';
import type { Page } from '../../graphql/pagination';
import type { MotivoDescarte, TipoComponente } from '../componente/componente.entity';
import type { EstadoUnidadDespacho, TipoDestino } from '../despacho/despacho.entity';
import { DescarteRegistro, DespachoRegistro, UnidadRegistroDespacho } from './registro.types';

export type PaginaData = { offset?: number | null; limit?: number | null };

/** The instants a period of Argentina's days covers: [inicio, fin). */
function instantes(desde: string, hasta: string): [Date, Date] {
  assertValid(validatePeriodoRegistro(desde, hasta));
  return [instanteDeExtraccion(desde, '00:00'), instanteDeExtraccion(addDays(hasta, 1), '00:00')];
}

const pagina = (p: PaginaData) => ({
  offset: Math.max(0, Math.trunc(p.offset ?? 0)),
  limit: Math.min(100, Math.max(1, Math.trunc(p.limit ?? 20))),
});

const persona = (alias: string) =>
  `nullif(trim(${alias}.nombre || ' ' || coalesce(${alias}.apellido, '')), '')`;

type DescarteFila = {
  id: string;
  codigo: string;
  codigo_producto: string;
  tipo: string;
  volumen: number;
  motivo_descarte: string | null;
  detalle_descarte: string | null;
  descartado_en: Date;
  abo: string | null;
  rh: string | null;
  descartado_por: string | null;
  destino: string | null;
};

type DespachoFila = {
  id: string;
  destino_tipo: string;
  destino_nombre: string;
  destino_referencia: string | null;
  despachado_en: Date;
  despachante: string | null;
};

type UnidadFila = {
  despacho_id: string;
  id: string;
  codigo: string;
  codigo_producto: string;
  tipo: string;
  volumen: number;
  vence_en: Date;
  abo: string | null;
  rh: string | null;
  estado: EstadoUnidadDespachoName;
  cadena_frio: boolean | null;
  detalle: string | null;
  cerrado_en: Date | null;
  motivo: string | null;
};

/**
 * The discard and dispatch registers of a period: what the servicio's staff print and keep. Each
 * reads the servicio's own rows only (the units it held when discarded, the dispatches it sent),
 * a page at a time, in the order of the events.
 */
export class RegistroService {
  constructor(private readonly query: RunQuery) {}

  /**
   * The units the servicio discarded in the period (in its stock, on a return, at a destination of
   * its dispatches, or by the expiry sweep), oldest first.
   */
  async descartes(
    auth: AuthUser,
    desde: string,
    hasta: string,
    page: PaginaData = {},
  ): Promise<Page<DescarteRegistro>> {
    const [inicio, fin] = instantes(desde, hasta);
    const { offset, limit } = pagina(page);
    const donde = `c.ubicacion_id = $1 AND c.descartado_en >= $2 AND c.descartado_en < $3`;
    const [filas, [{ total }]] = (await Promise.all([
      this.query(
        `SELECT c.id, c.codigo, c.codigo_producto, c.tipo, c.volumen, c.motivo_descarte, c.detalle_descarte,
                c.descartado_en, d.abo, d.rh, ${persona('u')} AS descartado_por, x.destino_nombre AS destino
           FROM componente c JOIN donacion d ON d.id = c.donacion_id
           LEFT JOIN usuario u ON u.id = c.descartado_por
           LEFT JOIN despacho_componente dc ON dc.componente_id = c.id AND dc.estado = 'DESCARTADO'
           LEFT JOIN despacho x ON x.id = dc.despacho_id
          WHERE ${donde}
          ORDER BY c.descartado_en, c.codigo LIMIT $4 OFFSET $5`,
        [auth.servicio, inicio, fin, limit, offset],
      ),
      this.query(`SELECT count(*)::int AS total FROM componente c WHERE ${donde}`, [
        auth.servicio,
        inicio,
        fin,
      ]),
    ])) as [DescarteFila[], { total: number }[]];
    return {
      items: filas.map((f) =>
        Object.assign(new DescarteRegistro(), {
          componenteId: f.id,
          descartadoEn: new Date(f.descartado_en),
          codigo: f.codigo,
          codigoLegible: identificadorLegible(f.codigo),
          codigoProducto: f.codigo_producto,
          tipo: f.tipo as TipoComponente,
          abo: f.abo ?? '',
          rh: f.rh ?? '',
          volumen: Number(f.volumen),
          motivo: f.motivo_descarte as MotivoDescarte | null,
          motivoTexto: motivoEnPalabras(f.motivo_descarte),
          detalle: f.detalle_descarte,
          descartadoPor: quienDescarto(f.descartado_por),
          descartadoEnDestino: f.destino,
        }),
      ),
      total: Number(total),
      offset,
      limit,
    };
  }

  /** The dispatches the servicio sent in the period, oldest first, each with its units and their fate. */
  async despachos(
    auth: AuthUser,
    desde: string,
    hasta: string,
    page: PaginaData = {},
  ): Promise<Page<DespachoRegistro>> {
    const [inicio, fin] = instantes(desde, hasta);
    const { offset, limit } = pagina(page);
    const donde = `x.servicio_id = $1 AND x.despachado_en >= $2 AND x.despachado_en < $3`;
    const [despachos, [{ total }]] = (await Promise.all([
      this.query(
        `SELECT x.id, x.destino_tipo, x.destino_nombre, x.destino_referencia, x.despachado_en,
                ${persona('u')} AS despachante
           FROM despacho x LEFT JOIN usuario u ON u.id = x.despachado_por
          WHERE ${donde}
          ORDER BY x.despachado_en, x.id LIMIT $4 OFFSET $5`,
        [auth.servicio, inicio, fin, limit, offset],
      ),
      this.query(`SELECT count(*)::int AS total FROM despacho x WHERE ${donde}`, [
        auth.servicio,
        inicio,
        fin,
      ]),
    ])) as [DespachoFila[], { total: number }[]];
    const unidades =
      despachos.length === 0
        ? []
        : ((await this.query(
            `SELECT dc.despacho_id, c.id, c.codigo, c.codigo_producto, c.tipo, c.volumen, c.vence_en, d.abo, d.rh,
                    dc.estado, dc.cadena_frio, dc.detalle, dc.cerrado_en,
                    CASE WHEN dc.estado = 'DESCARTADO' THEN c.motivo_descarte END AS motivo
               FROM despacho_componente dc JOIN componente c ON c.id = dc.componente_id
               JOIN donacion d ON d.id = c.donacion_id
              WHERE dc.despacho_id = ANY($1::uuid[])
              ORDER BY c.tipo, c.codigo`,
            [despachos.map((x) => x.id)],
          )) as UnidadFila[]);
    return {
      items: despachos.map((x) =>
        Object.assign(new DespachoRegistro(), {
          id: x.id,
          numero: numeroDespacho(x.id),
          despachadoEn: new Date(x.despachado_en),
          destinoTipo: x.destino_tipo as TipoDestino,
          destinoNombre: x.destino_nombre,
          destinoReferencia: x.destino_referencia,
          despachadoPor: x.despachante ?? '',
          unidades: unidades.filter((u) => u.despacho_id === x.id).map(unidadDe),
        }),
      ),
      total: Number(total),
      offset,
      limit,
    };
  }
}

function unidadDe(u: UnidadFila): UnidadRegistroDespacho {
  return Object.assign(new UnidadRegistroDespacho(), {
    componenteId: u.id,
    codigo: u.codigo,
    codigoLegible: identificadorLegible(u.codigo),
    codigoProducto: u.codigo_producto,
    tipo: u.tipo as TipoComponente,
    abo: u.abo ?? '',
    rh: u.rh ?? '',
    volumen: Number(u.volumen),
    venceEn: new Date(u.vence_en),
    estado: u.estado as EstadoUnidadDespacho,
    cadenaFrio: u.cadena_frio,
    motivo: u.motivo as MotivoDescarte | null,
    detalle: u.detalle,
    cerradoEn: u.cerrado_en ? new Date(u.cerrado_en) : null,
    destinoPosterior: destinoPosterior({ estado: u.estado, cadenaFrio: u.cadena_frio, motivo: u.motivo }),
  });
}
