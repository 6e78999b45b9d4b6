/**
 * `node test/perf/run.cjs red [--data-dir DIR | --database-url URL] [--members 20] [--donors 1000000]
 *   [--concurrency 4,16] [--duration 10] [--warmup 2] [--case donantes|indicadoresRed] [--server dist|src]
 *   [--server-root DIR]` (also `npm run bench -- --red ...`)
 *
 * A regional network of `--members` servicios with `--donors` in all, measured in one run:
 *
 * - a member's donor list page with the network's eligibility: a page of 20 donors of a surname
 *   search, with `puedeDonar` and `elegibilidad`, as /donantes asks for it; each page holds donors
 *   who also gave blood at a neighbouring member, so each read looks them up there (the rules, the
 *   access log consulta_red and the member's lookup budget);
 * - `indicadoresRed` for the last 365 days by month, every field, as the network's account reads it
 *   (its members suppressed together, results recorded before today).
 *
 * The first run seeds the members (seedPerf, each one its own servicio) into a database of their own
 * (default .data-perf-red) and joins them to a network; later runs reuse them. Consecutive members
 * share 5% of their donors (the same persons: DNI, name, birth date), as neighbouring hospitals do.
 * Prints p50 / p95 / req/s per case and concurrency.
 */
import 'reflect-metadata';
import path from 'node:path';
import { Client } from 'pg';
import { addDays, todayIso } from '../../server/src/domain/dates';
import { connectDatabase } from '../../server/src/database/data-source';
import { createServices, entities } from '../../server/src/services';
import { GqlClient, load, startServer } from './bench';
import { cpuDeArbol, padreDe } from './cpu';
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

/** The share of a member's donors who are also donors of the next member. */
const COMPARTIDOS = 0.05;

/** A page of /donantes: the fields of its list (the client's DonanteResumen fragment). */
const LISTA = `query ($filter: DonanteFilter, $page: PageInput) {
  donantes(filter: $filter, page: $page) {
    total
    items {
      id nombre apellido dni ultimaDonacion puedeDonar proximaDonacion
      elegibilidad { puedeDonar desde motivos { tipo texto } }
    }
  }
}`;

/**
 * Surname searches for the list case: a reception desk reads the same few pages again and again
 * within a minute (each read is still looked up at the other members and logged). Its pages reveal
 * fewer distinct records of other members than the per-minute budget (CONSULTAS_RED_POR_MINUTO),
 * so the run measures the work of every lookup, not the 429 that a prober gets.
 */
const BUSQUEDAS = 8;

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
  const porMiembro = Math.round(donantes / miembros);
  for (let k = 0; k < miembros; k += 1) {
    const primerDonante = k * Math.round(porMiembro * (1 - COMPARTIDOS));
    const r = await seedPerf(url, { donors: porMiembro, primerDonante, log });
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

/**
 * A member in the middle of the network (it shares donors with the members on both sides), its
 * seeded user and the surnames of the list case: surnames of its donors who are also donors of
 * another member, so every page holds some.
 */
async function miembroDelMedio(url: string) {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const miembros = await c.query<{ username: string; servicio: string }>(
      `SELECT u.username, u.servicio_id AS servicio FROM usuario u JOIN servicio s ON s.id = u.servicio_id
        WHERE s.red_id IS NOT NULL AND u.username LIKE 'perf\\_%' AND u.deleted_at IS NULL
        ORDER BY u.created_at`,
    );
    if (miembros.rowCount === 0) throw new Error('La red de prueba no tiene miembros');
    const { username, servicio } = miembros.rows[Math.floor(miembros.rows.length / 2)];
    const apellidos = await c.query<{ apellido: string }>(
      `SELECT DISTINCT d.apellido_busqueda AS apellido FROM donante d
        WHERE d.servicio_id = $1 AND d.deleted_at IS NULL
          AND EXISTS (SELECT 1 FROM donante o JOIN servicio s ON s.id = o.servicio_id
                       WHERE o.dni = d.dni AND o.servicio_id <> d.servicio_id AND s.red_id IS NOT NULL)
        LIMIT ${BUSQUEDAS}`,
      [servicio],
    );
    return { username, servicio, apellidos: apellidos.rows.map((r) => r.apellido) };
  } finally {
    await c.end();
  }
}

/** The Postgres cluster's main process (a backend's parent), for its CPU time. */
async function postmasterDe(url: string): Promise<number | undefined> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return padreDe((await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid);
  } finally {
    await c.end();
  }
}

/** How many lookups of other members' records the member has made (its access log). */
async function consultasDe(url: string, servicio: string): Promise<number> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM consulta_red WHERE servicio_id = $1`,
      [servicio],
    );
    return r.rows[0].n;
  } finally {
    await c.end();
  }
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (!args['data-dir'] && !args['database-url']) args['data-dir'] = path.join(ROOT, '.data-perf-red');
  const log = (l: string) => console.log(l);
  const db = await openDatabase(args);
  try {
    await sembrar(db.url, numberArg(args, 'members', 20), numberArg(args, 'donors', 1_000_000), log);
    // --server-root DIR: the built server of another checkout (a before/after on the same data).
    const root = typeof args['server-root'] === 'string' ? path.resolve(args['server-root']) : ROOT;
    const server = await startServer(db.url, args.server === 'src' ? 'src' : 'dist', root);
    try {
      const entrar = async (username: string) => {
        const login = new GqlClient(server.port, 1);
        const { login: auth } = await login.request<{ login: { token: string } }>(
          `mutation ($input: LoginInput!) { login(input: $input) { token } }`,
          { input: { username, password: PERF_PASSWORD } },
        );
        login.close();
        return auth.token;
      };
      const miembro = await miembroDelMedio(db.url);
      const tokenMiembro = await entrar(miembro.username);
      const tokenRed = await entrar(RED_USER);
      const hoy = todayIso();
      const variables = { desde: addDays(hoy, -364), hasta: hoy };
      const duracion = numberArg(args, 'duration', 10) * 1000;
      const concurrencias = String(args.concurrency ?? '4,16')
        .split(',')
        .map(Number);
      // CPU ms per request of the server and of Postgres (its postmaster's tree), from /proc.
      const postmaster = await postmasterDe(db.url);
      const medir = async (caso: string, c: number, pedir: () => Promise<void>) => {
        const antes = [cpuDeArbol(server.pid), cpuDeArbol(postmaster)];
        const s = await load(c, duracion, pedir);
        const despues = [cpuDeArbol(server.pid), cpuDeArbol(postmaster)];
        const cpu = (i: number) => {
          const [a, b] = [antes[i], despues[i]];
          return a === null || b === null || s.n === 0 ? '-' : (((b - a) / s.n) as number).toFixed(2);
        };
        log(
          `${caso.padEnd(44)} c=${String(c).padEnd(3)} p50 ${String(s.p50).padStart(6)} ms  ` +
            `p95 ${String(s.p95).padStart(6)} ms  ${String(s.rps).padStart(6)} req/s  errores ${s.errors}  ` +
            `CPU ms/solicitud: Node ${cpu(0)}, Postgres ${cpu(1)}`,
        );
      };

      // A page of the member's donor list, from a few surname searches read again and again.
      let k = 0;
      const pagina = () => ({
        filter: { apellido: miembro.apellidos[k++ % miembro.apellidos.length] },
        page: { offset: 0, limit: 20 },
      });
      const antes = await consultasDe(db.url, miembro.servicio);
      for (let i = 0; i < miembro.apellidos.length; i += 1) {
        const g = new GqlClient(server.port, 1, tokenMiembro);
        await g.request(LISTA, pagina());
        g.close();
      }
      const reveladas = (await consultasDe(db.url, miembro.servicio)) - antes;
      log(
        `${miembro.apellidos.length} páginas de 20 donantes de un miembro: ${reveladas} consultas a registros de otros miembros`,
      );
      const caso = typeof args.case === 'string' ? args.case : '';
      // Each measure follows a warm-up at its concurrency: a server that has been serving (its
      // code compiled by V8, its statements prepared on every connection), as it is after a few
      // seconds of work; 0.3 s left a lone c=16 run measuring the first compilations.
      const calentar = numberArg(args, 'warmup', 2) * 1000;
      for (const c of caso && !'donantes'.includes(caso) ? [] : concurrencias) {
        const g = new GqlClient(server.port, c, tokenMiembro);
        await load(c, calentar, () => g.request(LISTA, pagina()).then(() => undefined));
        await medir('donantes: una página con la elegibilidad de la red', c, () =>
          g.request(LISTA, pagina()).then(() => undefined),
        );
        g.close();
      }
      for (const c of caso && !'indicadoresRed'.includes(caso) ? [] : concurrencias) {
        const g = new GqlClient(server.port, c, tokenRed);
        await load(c, calentar, () => g.request(QUERY, variables).then(() => undefined));
        await medir('indicadoresRed: un año', c, () => g.request(QUERY, variables).then(() => undefined));
        g.close();
      }
    } finally {
      await server.stop();
    }
  } finally {
    await db.stop();
  }
  return 0;
}
