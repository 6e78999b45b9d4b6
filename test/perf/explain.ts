/**
 * `node test/perf/run.cjs explain [--database-url URL | --data-dir DIR] [--peer]`: EXPLAIN
 * (ANALYZE, BUFFERS) of every statement the searches and the stock the bench measures send, on the newest
 * seeded servicio. With --peer, those of the peer instead (PostGraphile 5, test/perf/peer.ts):
 * each of its bench queries run once, with its own EXPLAIN output (@dataplan/pg's debug log).
 */
import { Client, Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { donacionesDeDonante, searchDonaciones } from '../../server/src/modules/donacion/donacion.search';
import { searchDonantes, type DonanteFilterData } from '../../server/src/modules/donante/donante.search';
import { StockService } from '../../server/src/modules/stock/stock.service';
import { Rol } from '../../server/src/modules/usuario/rol.enum';
import { openDatabase } from './db';
import { installPeer, PEER_QUERIES, startPeer } from './peer';
import { freePort, parseArgs } from './util';

/** Runs each of the peer's bench queries once and prints the plans its executor logs. */
async function explainPeer(url: string, servicio: string, sample: Record<string, unknown>): Promise<void> {
  installPeer((l) => console.log(l));
  const pool = new Pool({ connectionString: url, max: 1 });
  let output = '';
  const peer = await startPeer(pool, url, servicio, await freePort(), {
    extraEnv: { DEBUG: '@dataplan/pg:PgExecutor:explain', DEBUG_COLORS: 'false', FORCE_COLOR: '0' },
    onOutput: (text) => (output += text),
  });
  try {
    const cases: [string, string, Record<string, unknown>][] = [
      ['donantes por DNI', PEER_QUERIES.donantesPorDni, { dni: sample.dni }],
      ['donaciones por fecha', PEER_QUERIES.donacionesPorFecha, { fecha: sample.fecha }],
      ['donación por número', PEER_QUERIES.donacionesPorNumero, { numero: sample.numero }],
      ['donaciones de un donante', PEER_QUERIES.donacionesDeDonante, { id: sample.donante_id }],
    ];
    for (const [label, query, variables] of cases) {
      output = '';
      const res = await fetch(`http://127.0.0.1:${peer.port}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${peer.token}` },
        body: JSON.stringify({ query, variables }),
      });
      const json = (await res.json()) as { errors?: unknown };
      if (json.errors) throw new Error(JSON.stringify(json.errors));
      await new Promise((r) => setTimeout(r, 300)); // the log arrives after the answer
      console.log(`\n=== par: ${label}\n${output}`);
    }
  } finally {
    await peer.stop();
    await pool.end();
  }
}

export async function main(argv: string[]): Promise<number> {
  const db = await openDatabase(parseArgs(argv));
  const c = new Client({ connectionString: db.url });
  await c.connect();
  try {
    const { rows } = await c.query(
      `SELECT servicio_id FROM usuario WHERE username LIKE 'perf\\_%' ORDER BY created_at DESC LIMIT 1`,
    );
    const s = rows[0].servicio_id as string;
    const peer = parseArgs(argv).peer === true;
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
    if (peer) {
      await explainPeer(db.url, s, sample);
      return 0;
    }
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
    // The stock's statements, as StockService sends them (its sweep's transaction on this connection).
    const stock = new StockService({
      query: explain,
      transaction: (fn: (m: { query: typeof explain }) => Promise<unknown>) => fn({ query: explain }),
    } as unknown as DataSource);
    const auth = { uid: '', servicio: s, rol: Rol.ROL_SERVICIO };
    console.log('\n=== stock por tipo y grupo');
    await stock.stock(auth);
    console.log('\n=== stock: unidades, primera página');
    await stock.unidades(auth, {}, { offset: 0, limit: 20 });
  } finally {
    await c.end();
    await db.stop();
  }
  return 0;
}
