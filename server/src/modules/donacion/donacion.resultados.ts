/**
 * The SQL of a donation's per-marker laboratory results (table resultado, migration
 * 1764400000000) and of the servicio's panel. The rules are domain/resultados.ts.
 */
import type { RunQuery } from '../../database/prepared';
import { MARCADORES, panelDeServicio, type Marcador, type ResultadoMarcador } from '../../domain/resultados';

const COLUMNAS = `r.donacion_id AS "donacionId", r.marcador, r.estado, r.tecnica, r.fecha::text AS fecha,
  r.registrado_por AS "registradoPor", r.repeticion1, r.repeticion2, r.repeticion_tecnica AS "repeticionTecnica",
  r.repeticion_fecha::text AS "repeticionFecha", r.repeticion_por AS "repeticionPor",
  r.confirmatorio_resultado AS "confirmatorioResultado", r.confirmatorio_tecnica AS "confirmatorioTecnica",
  r.confirmatorio_fecha::text AS "confirmatorioFecha", r.confirmatorio_laboratorio AS "confirmatorioLaboratorio",
  r.confirmatorio_por AS "confirmatorioPor"`;

export type ResultadoFila = ResultadoMarcador & { donacionId: string };

const enOrden = <T extends { marcador: Marcador }>(rows: T[]): T[] =>
  [...rows].sort((a, b) => MARCADORES.indexOf(a.marcador) - MARCADORES.indexOf(b.marcador));

/** The results recorded for these donations of the servicio, by donation, in panel order. */
export async function resultadosDeDonaciones(
  run: RunQuery,
  servicio: string,
  ids: readonly string[],
): Promise<Map<string, ResultadoMarcador[]>> {
  const rows = (await run(
    `SELECT ${COLUMNAS} FROM resultado r WHERE r.servicio_id = $1 AND r.donacion_id = ANY($2::uuid[])`,
    [servicio, ids],
  )) as ResultadoFila[];
  const out = new Map<string, ResultadoMarcador[]>(ids.map((id) => [id, []]));
  for (const { donacionId, ...r } of enOrden(rows)) out.get(donacionId)?.push(r);
  return out;
}

/** The servicio's panel: the national screening and the NAT tests it added. */
export async function panelDe(run: RunQuery, servicio: string): Promise<Marcador[]> {
  const [row] = await run(`SELECT marcadores_adicionales FROM servicio WHERE id = $1`, [servicio]);
  return panelDeServicio((row?.marcadores_adicionales as string[] | undefined) ?? []);
}

/** Writes `despues` as the donation's results: markers left out are removed (not tested). */
export async function guardarResultados(
  run: RunQuery,
  servicio: string,
  donacionId: string,
  despues: readonly ResultadoMarcador[],
): Promise<void> {
  await run(`DELETE FROM resultado WHERE donacion_id = $1 AND NOT (marcador = ANY($2::text[]))`, [
    donacionId,
    despues.map((r) => r.marcador),
  ]);
  for (const r of despues) {
    await run(
      `INSERT INTO resultado (servicio_id, donacion_id, marcador, estado, tecnica, fecha, registrado_por,
         repeticion1, repeticion2, repeticion_tecnica, repeticion_fecha, repeticion_por,
         confirmatorio_resultado, confirmatorio_tecnica, confirmatorio_fecha, confirmatorio_laboratorio,
         confirmatorio_por)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
       ON CONFLICT (donacion_id, marcador) DO UPDATE SET estado = excluded.estado,
         tecnica = excluded.tecnica, fecha = excluded.fecha, registrado_por = excluded.registrado_por,
         repeticion1 = excluded.repeticion1, repeticion2 = excluded.repeticion2,
         repeticion_tecnica = excluded.repeticion_tecnica, repeticion_fecha = excluded.repeticion_fecha,
         repeticion_por = excluded.repeticion_por, confirmatorio_resultado = excluded.confirmatorio_resultado,
         confirmatorio_tecnica = excluded.confirmatorio_tecnica, confirmatorio_fecha = excluded.confirmatorio_fecha,
         confirmatorio_laboratorio = excluded.confirmatorio_laboratorio,
         confirmatorio_por = excluded.confirmatorio_por, updated_at = now()
       WHERE (resultado.estado, resultado.tecnica, resultado.fecha, resultado.repeticion1, resultado.repeticion2,
              resultado.confirmatorio_resultado)
             IS DISTINCT FROM (excluded.estado, excluded.tecnica, excluded.fecha, excluded.repeticion1,
              excluded.repeticion2, excluded.confirmatorio_resultado)`,
      [
        servicio,
        donacionId,
        r.marcador,
        r.estado,
        r.tecnica ?? null,
        r.fecha ?? null,
        r.registradoPor ?? null,
        r.repeticion1 ?? null,
        r.repeticion2 ?? null,
        r.repeticionTecnica ?? null,
        r.repeticionFecha ?? null,
        r.repeticionPor ?? null,
        r.confirmatorioResultado ?? null,
        r.confirmatorioTecnica ?? null,
        r.confirmatorioFecha ?? null,
        r.confirmatorioLaboratorio ?? null,
        r.confirmatorioPor ?? null,
      ],
    );
  }
}
