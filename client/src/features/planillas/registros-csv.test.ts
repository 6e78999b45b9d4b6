/** @jest-environment node */
import { identificadorLegible } from '@domain/componentes';
import { caracterControlIso7064 } from '@domain/etiquetas';
import { cells, FORMULAS, STARTS_FORMULA } from '@/csv-test-utils';
import { BOM } from '@/lib/csv';
import { buildRegistroCsv, type RegistroPdfData } from './registros-format';

const codigo = (n: string, producto: string) => {
  const base = `9000126${n}${producto}`;
  return `${base}${caracterControlIso7064(base)}`;
};
const servicio = { nombre: 'Hemoterapia Central; Rosario', direccion: null, telefono: null };
const generado = new Date('2026-04-02T15:00:00Z');
const periodo = { servicio, desde: '2026-03-01', hasta: '2026-03-31', generado };

const descartes = (typed = 'Marta Gómez'): RegistroPdfData => ({
  ...periodo,
  clave: 'descartes',
  filas: [
    {
      descartadoEn: '2026-03-02T13:35:00.000Z',
      codigo: codigo('000004', 'PQ1'),
      tipo: 'PLAQUETAS',
      codigoProducto: 'PQ1',
      abo: 'A',
      rh: 'POSITIVO',
      volumen: 1055,
      motivoTexto: 'Bolsa rota o pérdida',
      detalle: 'Se rompió; al moverla',
      descartadoPor: typed,
      descartadoEnDestino: null,
    },
    {
      descartadoEn: '2026-03-03T13:30:00.000Z',
      codigo: codigo('000005', 'PF1'),
      tipo: 'PLASMA_FRESCO_CONGELADO',
      codigoProducto: 'PF1',
      abo: '',
      rh: '',
      volumen: 250,
      motivoTexto: 'Hemolizado',
      detalle: null,
      descartadoPor: 'Juan Ríos',
      descartadoEnDestino: typed,
    },
  ],
});

const despachos = (typed = 'Hospital Municipal'): RegistroPdfData => ({
  ...periodo,
  clave: 'despachos',
  filas: [
    {
      numero: '3F2A9C00',
      despachadoEn: '2026-03-01T13:30:00.000Z',
      destinoTipo: 'HOSPITAL',
      destinoNombre: typed,
      destinoReferencia: 'Pedido 12',
      despachadoPor: 'Marta Gómez',
      unidades: [
        {
          codigo: codigo('000007', 'GR1'),
          tipo: 'GLOBULOS_ROJOS',
          codigoProducto: 'GR1',
          abo: 'O',
          rh: 'NEGATIVO',
          venceEn: '2026-04-20T13:30:00.000Z',
          destinoPosterior: 'Transfundida',
        },
        {
          codigo: codigo('000008', 'PF1'),
          tipo: 'PLASMA_FRESCO_CONGELADO',
          codigoProducto: 'PF1',
          abo: 'B',
          rh: 'POSITIVO',
          venceEn: '2027-01-07T13:30:00.000Z',
          destinoPosterior: 'Devuelta, sin la cadena de frío (descartada)',
        },
      ],
    },
  ],
});

/** The file's lines without the BOM and the last line end. */
const lines = (csv: string) => csv.slice(1).replace(/\r\n$/, '').split('\r\n');

describe('the registers as CSV', () => {
  it('the discard register: # lines, the heads, then every column of each unit', () => {
    const csv = buildRegistroCsv(descartes());
    expect(csv.startsWith(BOM)).toBe(true);
    expect(lines(csv).slice(0, 6)).toEqual([
      '"# Registro de unidades descartadas - Hemoterapia Central; Rosario"',
      '# Período: 01/03/2026 al 31/03/2026 (inclusive)',
      '# Generado: 02/04/2026',
      '"# Formato: UTF-8, columnas separadas por punto y coma (;)"',
      '',
      'Fecha y hora;Identificador;Producto;ABO/Rh;Volumen (ml);Motivo;Detalle;Descartó;Lugar',
    ]);
    expect(lines(csv).slice(6)).toEqual([
      `02/03/2026 10:35;${identificadorLegible(codigo('000004', 'PQ1'))};Plaquetas (PQ1);A Positivo;1055;` +
        'Bolsa rota o pérdida;"Se rompió; al moverla";Marta Gómez;En el servicio',
      `03/03/2026 10:30;${identificadorLegible(codigo('000005', 'PF1'))};Plasma fresco congelado (PF1);` +
        'Sin resultado;250;Hemolizado;;Juan Ríos;En el destino: Marta Gómez',
    ]);
  });

  it("the dispatch register: a row per unit, each with its dispatch's cells and its fate", () => {
    const all = lines(buildRegistroCsv(despachos()));
    expect(all).toContain(
      'N.º;Fecha y hora;Destino;Referencia;Despachó;Identificador;Producto;ABO/Rh;Vence;Destino posterior',
    );
    expect(all).toContain(
      `3F2A9C00;01/03/2026 10:30;Hospital o clínica: Hospital Municipal;Pedido 12;Marta Gómez;` +
        `${identificadorLegible(codigo('000007', 'GR1'))};Glóbulos rojos (GR1);O Negativo;20/04/2026 10:30;Transfundida`,
    );
    expect(all).toContain(
      `3F2A9C00;01/03/2026 10:30;Hospital o clínica: Hospital Municipal;Pedido 12;Marta Gómez;` +
        `${identificadorLegible(codigo('000008', 'PF1'))};Plasma fresco congelado (PF1);B Positivo;07/01/2027 10:30;` +
        'Devuelta, sin la cadena de frío (descartada)',
    );
  });

  it.each(FORMULAS)('keeps a typed %j as inert text in both registers', (typed) => {
    for (const csv of [buildRegistroCsv(descartes(typed)), buildRegistroCsv(despachos(typed))]) {
      const all = cells(csv);
      expect(all.filter((c) => STARTS_FORMULA.test(c))).toEqual([]);
      expect(all.filter((c) => c.includes(typed))).not.toEqual([]);
    }
  });
});
