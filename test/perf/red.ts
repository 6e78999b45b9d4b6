/**
 * `node test/perf/run.cjs red [--data-dir DIR | --database-url URL] [--members 20] [--donors 1000000]
 *   [--concurrency 1,4] [--duration 10] [--server dist|src]`
 *
 * A regional network's year of figures: `indicadoresRed` for the last 365 days by month, every field,
 * as the network's account reads it (its members suppressed together, results recorded before
 * today). The first run seeds `--members` servicios with `--donors` in all (seedPerf, each one its
 * own servicio) into a database of their own (default .data-perf-red) and joins them to a network;
 * later runs reuse them. Prints p50 / p95 / req/s per concurrency.
 */
import 'reflect-metadata';
import path from 'node:path';
import { Client } from 'pg';
import { addDays, todayIso } from '../../server/src/domain/dates';
import { connectDatabase } from '../../server/src/database/data-source';
import { createServices, entities } from '../../server/src/services';
import { GqlClient, load, startServer } from './bench';
import { openDatabase, ROOT } from './db';
import { PERF_PASSWORD, seedPerf } from './seed';
import { numberArg, parseArgs } from './util';

/** The network's account (not 'perf_...': the bench signs in as the newest of those, a servicio). */
const RED_USER = 'red_perf';

const QUERY = `query ($desde: String!, $hasta: String!) {
  indicadoresRed(desde: $desde, hasta: $hasta, agrupacion: MES) {
    total { ...Cifras }
    porServicio { servicio { id nombre } indicadores { ...Cifras } }
  }
}
fragment Cifras on Indicadores {
  suprimido donaciones donantesDistintos atendidos noAptos voluntarias reposicion porcentajeVoluntarias
  primeraVez habituales aferesis
  porGrupo { abo rh cantidad suprimido }
  serologia { marcador analizadas reactivas porcentaje suprimido }
  exclusiones { temporales definitivas suprimido }
  serie { periodo donaciones voluntarias reposicion suprimido }
}`;

/** The network and its members, seeded once. */
async function sembrar(url: string, miembros: number, donantes: number, log: (l: string) => void) {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const hay = await c
      .query(`SELECT 1 FROM usuario WHERE username = $1`, [RED_USER])
      .catch(() => ({ rowCount: 0 }));
    if (hay.rowCount) return;
  } finally {
    await c.end();
  }
  const ids: string[] = [];
  for (let k = 0; k < miembros; k += 1) {
    const r = await seedPerf(url, { donors: Math.round(donantes / miembros), log });
    ids.push(r.servicio);
    log(`miembro ${k + 1} de ${miembros} sembrado`);
  }
  const ds = await connectDatabase(url, { entities });
  try {
    const services = createServices(ds, 'x'.repeat(40));
    const { usuario } = await services.cuenta.register(
      {
        nombre: 'Programa Provincial (bench)',
        username: RED_USER,
        email: `${RED_USER}@salud.test`,
        password: PERF_PASSWORD,
        password2: PERF_PASSWORD,
        rol: 'ROL_RED',
      } as Parameters<typeof services.cuenta.register>[0],
      '127.0.0.1',
    );
    await ds.query(`UPDATE servicio SET red_id = $1 WHERE id = ANY($2::uuid[])`, [usuario.servicioId, ids]);
    await services.close();
  } finally {
    await ds.destroy();
  }
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (!args['data-dir'] && !args['database-url']) args['data-dir'] = path.join(ROOT, '.data-perf-red');
  const log = (l: string) => console.log(l);
  const db = await openDatabase(args);
  try {
    await sembrar(db.url, numberArg(args, 'members', 20), numberArg(args, 'donors', 1_000_000), log);
    const server = await startServer(db.url, args.server === 'src' ? 'src' : 'dist');
    try {
      const login = new GqlClient(server.port, 1);
      const { login: auth } = await login.request<{ login: { token: string } }>(
        `mutation ($input: LoginInput!) { login(input: $input) { token } }`,
        { input: { username: RED_USER, password: PERF_PASSWORD } },
      );
      login.close();
      const hoy = todayIso();
      const variables = { desde: addDays(hoy, -364), hasta: hoy };
      const duracion = numberArg(args, 'duration', 10) * 1000;
      const concurrencias = String(args.concurrency ?? '1,4')
        .split(',')
        .map(Number);
      for (const c of concurrencias) {
        const g = new GqlClient(server.port, c, auth.token);
        await load(c, 300, () => g.request(QUERY, variables).then(() => undefined));
        const s = await load(c, duracion, () => g.request(QUERY, variables).then(() => undefined));
        g.close();
        log(
          `indicadoresRed: un año  c=${c}  p50 ${s.p50} ms  p95 ${s.p95} ms  ${s.rps} req/s  errores ${s.errors}`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await db.stop();
  }
  return 0;
}
