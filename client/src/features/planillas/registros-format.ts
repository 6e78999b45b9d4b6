/**
 * Pure texts of the period's registers (no @react-pdf import): the screen, the PDF and the CSV share
 * the same columns and the same cells, so the paper and the spreadsheet say the same.
 */
import { identificadorLegible, isTipoComponente, TIPO_COMPONENTE_LABELS } from '@domain/componentes';
import { formatDate, formatDateTime, todayIso } from '@domain/dates';
import { isTipoDestino, TIPO_DESTINO_LABELS } from '@domain/despacho';
import type { RegistroClave } from '@domain/planillas';
import { line, textCell, toCsv } from '@/lib/csv';
import { grupoLabel, formatNumero } from '@/imprimibles/reporte-format';

/** A discarded unit as the register prints it (the `registroDescartes` item). */
export type DescarteImprimible = {
  /** ISO date-time */
  descartadoEn: string;
  codigo: string;
  tipo: string;
  codigoProducto: string;
  abo: string;
  rh: string;
  /** ml */
  volumen: number;
  motivoTexto: string;
  detalle?: string | null;
  descartadoPor: string;
  descartadoEnDestino?: string | null;
};

/** A dispatch as the register prints it (the `registroDespachos` item). */
export type DespachoImprimible = {
  numero: string;
  /** ISO date-time */
  despachadoEn: string;
  destinoTipo: string;
  destinoNombre: string;
  destinoReferencia?: string | null;
  despachadoPor: string;
  unidades: {
    codigo: string;
    tipo: string;
    codigoProducto: string;
    abo: string;
    rh: string;
    /** ISO date-time */
    venceEn: string;
    destinoPosterior: string;
  }[];
};

export type RegistroDatos =
  { clave: 'descartes'; filas: DescarteImprimible[] } | { clave: 'despachos'; filas: DespachoImprimible[] };

/** What a register's PDF and CSV print: whose, which period, when, and its rows. */
export type RegistroPdfData = RegistroDatos & {
  servicio: { nombre: string; direccion: string | null; telefono: string | null };
  /** 'YYYY-MM-DD', both inclusive */
  desde: string;
  hasta: string;
  generado: Date;
};

export const TITULO_REGISTRO: Record<RegistroClave, string> = {
  descartes: 'Registro de unidades descartadas',
  despachos: 'Registro de despachos',
};

/** A column: its head, its width in millimetres on the A4 landscape sheet, and whether it is a number. */
export type ColumnaRegistro = { head: string; mm: number; num?: boolean };

export const COLUMNAS_DESCARTES: readonly ColumnaRegistro[] = [
  { head: 'Fecha y hora', mm: 25 },
  { head: 'Identificador', mm: 38 },
  { head: 'Producto', mm: 34 },
  { head: 'ABO/Rh', mm: 20 },
  { head: 'Volumen (ml)', mm: 20, num: true },
  { head: 'Motivo', mm: 32 },
  { head: 'Detalle', mm: 39 },
  { head: 'Descartó', mm: 30 },
  { head: 'Lugar', mm: 29 },
];

export const COLUMNAS_DESPACHOS: readonly ColumnaRegistro[] = [
  { head: 'N.º', mm: 18 },
  { head: 'Fecha y hora', mm: 25 },
  { head: 'Destino', mm: 36 },
  { head: 'Referencia', mm: 20 },
  { head: 'Despachó', mm: 26 },
  { head: 'Identificador', mm: 38 },
  { head: 'Producto', mm: 32 },
  { head: 'ABO/Rh', mm: 19 },
  { head: 'Vence', mm: 25 },
  { head: 'Destino posterior', mm: 28 },
];

export const columnasDe = (clave: RegistroClave) =>
  clave === 'descartes' ? COLUMNAS_DESCARTES : COLUMNAS_DESPACHOS;

/** 'Glóbulos rojos (GR1)'. */
export function productoTexto(tipo: string, codigoProducto: string): string {
  const nombre = isTipoComponente(tipo) ? TIPO_COMPONENTE_LABELS[tipo] : tipo;
  return codigoProducto ? `${nombre} (${codigoProducto})` : nombre;
}

/** 'Hospital o clínica: Hospital Municipal'; the kind alone when the name is the kind's own. */
export function destinoTexto(tipo: string, nombre: string): string {
  const kind = isTipoDestino(tipo) ? TIPO_DESTINO_LABELS[tipo] : tipo;
  return nombre && nombre !== kind ? `${kind}: ${nombre}` : kind;
}

/** Where the unit was discarded: at a dispatch's destination, or in the servicio. */
export const lugarTexto = (destino: string | null | undefined) =>
  destino ? `En el destino: ${destino}` : 'En el servicio';

/** One cell of a row: a text, or a number the product holds (written as a number in the CSV). */
type Celda = string | number;

/** The discard register's rows, one per unit, in the order of COLUMNAS_DESCARTES. */
export function filasDescartes(items: readonly DescarteImprimible[]): Celda[][] {
  return items.map((d) => [
    formatDateTime(d.descartadoEn),
    identificadorLegible(d.codigo),
    productoTexto(d.tipo, d.codigoProducto),
    grupoLabel(d.abo, d.rh),
    d.volumen,
    d.motivoTexto,
    d.detalle ?? '',
    d.descartadoPor,
    lugarTexto(d.descartadoEnDestino),
  ]);
}

/**
 * The dispatch register's rows, one per unit, in the order of COLUMNAS_DESPACHOS: each dispatch's
 * own cells on each of its units' rows (`soloPrimera`: on its first only, as the paper prints them).
 */
export function filasDespachos(items: readonly DespachoImprimible[], soloPrimera = false): Celda[][] {
  return items.flatMap((d) =>
    d.unidades.map((u, i) => {
      const despacho =
        soloPrimera && i > 0
          ? ['', '', '', '', '']
          : [
              d.numero,
              formatDateTime(d.despachadoEn),
              destinoTexto(d.destinoTipo, d.destinoNombre),
              d.destinoReferencia ?? '',
              d.despachadoPor,
            ];
      return [
        ...despacho,
        identificadorLegible(u.codigo),
        productoTexto(u.tipo, u.codigoProducto),
        grupoLabel(u.abo, u.rh),
        formatDateTime(u.venceEn),
        u.destinoPosterior,
      ];
    }),
  );
}

export const filasDe = (datos: RegistroDatos, soloPrimera = false): Celda[][] =>
  datos.clave === 'descartes' ? filasDescartes(datos.filas) : filasDespachos(datos.filas, soloPrimera);

/** 'registro-descartes-2026-03-01-a-2026-03-31.pdf'. */
export const registroFileName = (clave: RegistroClave, desde: string, hasta: string, ext: 'pdf' | 'csv') =>
  `registro-${clave}-${desde}-a-${hasta}.${ext}`;

/** 'Del 01/03/2026 al 31/03/2026'. */
export const periodoRegistro = (desde: string, hasta: string) =>
  `Del ${formatDate(desde)} al ${formatDate(hasta)}`;

/** A cell of the CSV: a number as a number (no thousands separator), a text inert (lib/csv.ts). */
const csvCell = (c: Celda) => (typeof c === 'number' ? formatNumero(c, { agrupar: false }) : textCell(c));

/**
 * A register as CSV (lib/csv.ts: UTF-8 with BOM, ';', CRLF): '#' lines that say what it holds,
 * then the heads and one row per unit.
 */
export function buildRegistroCsv(data: RegistroPdfData): string {
  const columnas = columnasDe(data.clave);
  const filas = filasDe(data);
  return toCsv([
    textCell(`# ${TITULO_REGISTRO[data.clave]} - ${data.servicio.nombre}`),
    textCell(`# Período: ${formatDate(data.desde)} al ${formatDate(data.hasta)} (inclusive)`),
    textCell(`# Generado: ${formatDate(todayIso(data.generado))}`),
    textCell('# Formato: UTF-8, columnas separadas por punto y coma (;)'),
    '',
    line(...columnas.map((c) => textCell(c.head))),
    ...filas.map((f) => line(...f.map(csvCell))),
  ]);
}

/** 'Sin unidades descartadas en el período.' / 'Sin despachos en el período.' */
export const SIN_FILAS: Record<RegistroClave, string> = {
  descartes: 'Sin unidades descartadas en el período.',
  despachos: 'Sin despachos en el período.',
};
