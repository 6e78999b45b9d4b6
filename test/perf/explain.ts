/**
 * `node test/perf/run.cjs explain [--database-url URL | --data-dir DIR]`: EXPLAIN ANALYZE of the
 * searches the bench measures, on the newest seeded servicio (prints the plans).
 */
import { Client } from 'pg';
import { openDatabase, parseArgs } from './db';

const col = (x: string) => `f_unaccent(lower(d.${x}))`;
const match = (x: string, p: string) =>
  `(${col(x)} LIKE f_unaccent(lower(${p})) ESCAPE '\\' OR ${col(x)} LIKE ('% ' || f_unaccent(lower(${p}))) ESCAPE '\\')`;
const ORDER = `ORDER BY ${col('apellido')}, ${col('nombre')}, d.id LIMIT 20`;

export async function main(argv: string[]): Promise<number> {
  const db = await openDatabase(parseArgs(argv));
  const c = new Client({ connectionString: db.url });
  await c.connect();
  try {
    const { rows } = await c.query(
      `SELECT servicio_id FROM usuario WHERE username LIKE 'perf\\_%' ORDER BY created_at DESC LIMIT 1`,
    );
    const s = rows[0].servicio_id as string;
    const [sample] = (
      await c.query(
        `SELECT dni, fecha::text AS fecha, numero FROM donacion x JOIN donante d ON d.id = x.donante_id
        WHERE d.servicio_id = $1 LIMIT 1`,
        [s],
      )
    ).rows;
    const where = `d.servicio_id = $1 AND d.deleted_at IS NULL`;
    const queries: [string, string, unknown[]][] = [
      [
        'DNI exacto',
        `SELECT d.* FROM donante d WHERE ${where} AND d.dni LIKE $2 ESCAPE '\\' ${ORDER}`,
        [s, `${sample.dni}%`],
      ],
      [
        'apellido "gonz" (página)',
        `SELECT d.* FROM donante d WHERE ${where} AND ${match('apellido', '$2')} ${ORDER}`,
        [s, 'gonz%'],
      ],
      [
        'apellido "gonz" (total)',
        `SELECT COUNT(DISTINCT d.id) FROM donante d WHERE ${where} AND ${match('apellido', '$2')}`,
        [s, 'gonz%'],
      ],
      [
        'nombre + apellido',
        `SELECT d.* FROM donante d WHERE ${where} AND ${match('apellido', '$2')} AND ${match('nombre', '$3')} ${ORDER}`,
        [s, 'gonzalez%', 'maria%'],
      ],
      [
        'donaciones por fecha',
        `SELECT d.* FROM donacion d WHERE ${where} AND d.fecha = $2 ORDER BY d.fecha DESC, d.hora DESC, d.numero DESC LIMIT 20`,
        [s, sample.fecha],
      ],
      [
        'donaciones por fecha (total)',
        `SELECT COUNT(DISTINCT d.id) FROM donacion d WHERE ${where} AND d.fecha = $2`,
        [s, sample.fecha],
      ],
      [
        'donación por número',
        `SELECT d.* FROM donacion d WHERE ${where} AND d.numero = $2 ORDER BY d.fecha DESC, d.hora DESC, d.numero DESC LIMIT 20`,
        [s, sample.numero],
      ],
    ];
    for (const [label, sql, params] of queries) {
      const r = await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      console.log(`\n=== ${label}\n${r.rows.map((x) => x['QUERY PLAN']).join('\n')}`);
    }
  } finally {
    await c.end();
    await db.stop();
  }
  return 0;
}
