/**
 * `node test/perf/run.cjs explain [--database-url URL | --data-dir DIR]`: EXPLAIN (ANALYZE, BUFFERS)
 * of every statement the searches the bench measures send, on the newest seeded servicio.
 */
import { Client } from 'pg';
import { donacionesDeDonante, searchDonaciones } from '../../server/src/modules/donacion/donacion.search';
import { searchDonantes, type DonanteFilterData } from '../../server/src/modules/donante/donante.search';
import { openDatabase } from './db';
import { parseArgs } from './util';

export async function main(argv: string[]): Promise<number> {
  const db = await openDatabase(parseArgs(argv));
  const c = new Client({ connectionString: db.url });
  await c.connect();
  try {
    const { rows } = await c.query(
      `SELECT servicio_id FROM usuario WHERE username LIKE 'perf\\_%' ORDER BY created_at DESC LIMIT 1`,
    );
    const s = rows[0].servicio_id as string;
    const explain = async (sql: string, params: unknown[]) => {
      const r = await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      console.log(`\n${sql.replace(/\s+/g, ' ')}\n${r.rows.map((x) => x['QUERY PLAN']).join('\n')}`);
      return (await c.query(sql, params)).rows;
    };
    const [sample] = (
      await c.query(
        `SELECT d.dni, x.fecha::text AS fecha, x.numero, x.donante_id FROM donacion x JOIN donante d ON d.id = x.donante_id
          WHERE d.servicio_id = $1 LIMIT 1`,
        [s],
      )
    ).rows;
    const searches: [string, DonanteFilterData, number][] = [
      ['DNI exacto', { dni: sample.dni }, 0],
      ['apellido "gonz"', { apellido: 'gonz' }, 0],
      ['apellido "gonz", página 300', { apellido: 'gonz' }, 6000],
      ['nombre "maria"', { nombre: 'maria' }, 0],
      ['apellido "gonzalez" + nombre "maria jose"', { apellido: 'gonzalez', nombre: 'maria jose' }, 0],
      ['apellido "perez" + nombre "luis"', { apellido: 'perez', nombre: 'luis' }, 0],
    ];
    for (const [label, filter, offset] of searches) {
      console.log(`\n=== donantes: ${label}`);
      await searchDonantes(explain, s, filter, offset, 20);
    }
    console.log('\n=== donaciones por fecha');
    await searchDonaciones(explain, s, { fecha: sample.fecha }, 0, 20);
    console.log('\n=== donación por número');
    await searchDonaciones(explain, s, { numero: sample.numero }, 0, 20);
    console.log('\n=== donaciones de un donante');
    await donacionesDeDonante(explain, s, sample.donante_id);
  } finally {
    await c.end();
    await db.stop();
  }
  return 0;
}
