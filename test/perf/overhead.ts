/**
 * `node test/perf/run.cjs overhead [--database-url URL | --data-dir DIR]`: the fixed cost of one
 * GraphQL request in-process (no HTTP client in another process): `{ __typename }` anonymous,
 * the same with a token (JWT check + user lookup), and `donantes` by DNI with and without the
 * `puedeDonar` field (a resolver that reads today's date).
 */
import http from 'node:http';
import { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { createApp } from '../../server/src/app';
import { createDataSource } from '../../server/src/database/data-source';
import { createServices, entities } from '../../server/src/services';
import { openDatabase, ROOT } from './db';
import { parseArgs } from './util';
import { PERF_PASSWORD } from './seed';

export async function main(argv: string[]): Promise<number> {
  const db = await openDatabase(parseArgs(argv));
  const dataSource = createDataSource(db.url, { entities });
  await dataSource.initialize();
  const services = createServices(dataSource, 'x'.repeat(40));
  const { handler, apollo } = await createApp(services, {
    clientDir: path.join(ROOT, 'client', 'dist'),
    planillasDir: path.join(ROOT, 'server', 'planillas'),
  });
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  const c = new Client({ connectionString: db.url });
  await c.connect();
  try {
    const { username } = (
      await c.query(
        `SELECT username FROM usuario WHERE username LIKE 'perf\\_%' ORDER BY created_at DESC LIMIT 1`,
      )
    ).rows[0];
    const { dni } = (await c.query(`SELECT dni FROM donante ORDER BY random() LIMIT 1`)).rows[0];
    const gql = async (query: string, variables: object, token?: string) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query, variables }),
      });
      const json = await res.json();
      if (json.errors) throw new Error(JSON.stringify(json.errors));
      return json.data;
    };
    const { login } = await gql(`mutation ($i: LoginInput!) { login(input: $i) { token } }`, {
      i: { username, password: PERF_PASSWORD },
    });
    const time = async (label: string, fn: () => Promise<unknown>) => {
      for (let i = 0; i < 30; i++) await fn();
      const n = 300;
      const t = performance.now();
      for (let i = 0; i < n; i++) await fn();
      console.log(`${label.padEnd(52)} ${((performance.now() - t) / n).toFixed(2)} ms`);
    };
    const q = (fields: string) =>
      `query ($f: DonanteFilter) { donantes(filter: $f) { total items { ${fields} } } }`;
    await time('{ __typename } sin token', () => gql('{ __typename }', {}));
    await time('{ __typename } con token (JWT + usuario)', () => gql('{ __typename }', {}, login.token));
    await time('donantes por DNI: id dni apellido nombre', () =>
      gql(q('id dni apellido nombre'), { f: { dni } }, login.token),
    );
    await time('donantes por DNI: + puedeDonar', () =>
      gql(q('id dni apellido nombre puedeDonar'), { f: { dni } }, login.token),
    );
    await time('donantes por apellido "gar": id (20 filas)', () =>
      gql(q('id'), { f: { apellido: 'gar' } }, login.token),
    );
    await time('donantes por apellido "gar": id puedeDonar proximaDonacion', () =>
      gql(q('id puedeDonar proximaDonacion'), { f: { apellido: 'gar' } }, login.token),
    );
    await time('SQL: SELECT 1', () => c.query('SELECT 1'));
  } finally {
    await c.end();
    server.close();
    await apollo.stop();
    await services.close();
    await dataSource.destroy();
    await db.stop();
  }
  return 0;
}
