// The benchmark's peer: PostGraphile v5, the GraphQL API a team would most likely generate for
// this database instead, served over HTTP on the bench database. Run by test/perf/peer.ts under
// Node >= 22 (PostGraphile 5's requirement), never by the product.
//
// Tenancy as PostGraphile documents it: the caller's JWT is verified on every request and its
// `servicio` claim becomes the session setting `jwt.claims.servicio` of the role `bench_peer`,
// whose row-level security policies (test/perf/peer.ts, PEER_SETUP_SQL) show only that servicio's
// live rows.
//
// Environment: DATABASE_URL, PORT, PEER_JWT_SECRET, PEER_POOL_SIZE.
import { createServer } from 'node:http';
import jwt from 'jsonwebtoken';
import { postgraphile } from 'postgraphile';
import { makePgService } from 'postgraphile/adaptors/pg';
import { grafserv } from 'postgraphile/grafserv/node';
import { PostGraphileAmberPreset } from 'postgraphile/presets/amber';
import { makeJSONPgSmartTagsPlugin } from 'postgraphile/utils';

const { DATABASE_URL, PORT, PEER_JWT_SECRET, PEER_POOL_SIZE } = process.env;
if (!DATABASE_URL || !PORT || !PEER_JWT_SECRET) {
  console.error('Faltan DATABASE_URL, PORT o PEER_JWT_SECRET');
  process.exit(2);
}

/**
 * PostGraphile offers a column as a condition only when an index it recognises covers it, and it
 * skips partial indexes; the product's are all partial (`WHERE deleted_at IS NULL`) and
 * `servicio_id`-first. The tags tell it the columns are indexed; the plans were checked with
 * EXPLAIN (`node test/perf/run.cjs explain --peer`).
 */
const indexed = { tags: { isIndexed: true } };
const SmartTags = makeJSONPgSmartTagsPlugin({
  version: 1,
  config: {
    class: {
      donante: { attribute: { dni: indexed } },
      donacion: { attribute: { numero: indexed, fecha: indexed, hora: indexed, donante_id: indexed } },
    },
  },
});

/** The verified claims of a request's bearer token, or null (anonymous: RLS shows nothing). */
function claims(authorization) {
  const match = /^Bearer (\S+)$/i.exec(authorization ?? '');
  if (!match) return null;
  try {
    const payload = jwt.verify(match[1], PEER_JWT_SECRET, { algorithms: ['HS256'] });
    return typeof payload === 'object' ? payload : null;
  } catch {
    return null;
  }
}

const preset = {
  extends: [PostGraphileAmberPreset],
  plugins: [SmartTags],
  pgServices: [
    makePgService({
      connectionString: DATABASE_URL,
      schemas: ['public'],
      poolConfig: { max: Number(PEER_POOL_SIZE ?? 8) },
    }),
  ],
  grafast: {
    context(requestContext) {
      const c = claims(requestContext.node?.req?.headers?.authorization);
      return {
        pgSettings: {
          role: 'bench_peer',
          'jwt.claims.servicio': typeof c?.servicio === 'string' ? c.servicio : '',
        },
      };
    },
  },
  grafserv: { graphiql: false, watch: false, maxRequestLength: 200 * 1024 },
};

const pgl = postgraphile(preset);
const serv = pgl.createServ(grafserv);
const server = createServer();
serv.addTo(server).then(
  () =>
    server.listen(Number(PORT), '127.0.0.1', () => {
      console.log(`peer listening on ${PORT}`);
    }),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

const stop = () => {
  server.close();
  Promise.resolve(pgl.release()).finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
