import fs from 'node:fs';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import express, { ErrorRequestHandler, Express, RequestHandler } from 'express';
import helmet from 'helmet';
import proxyaddr from 'proxy-addr';
import { Config } from './config';
import { Context } from './context';
import { MSG } from './domain/messages';
import { formatError } from './graphql/format-error';
import { introspectionOnlySignedIn } from './graphql/introspection';
import { estadoHttpDeErrores } from './graphql/estado-http';
import { rechazarClavesApi, soloIndicadoresConClaveApi } from './auth/clave-api-acceso';
import { argumentValues } from './graphql/argument-values';
import { etiquetasPorSolicitud } from './graphql/etiquetas-por-solicitud';
import { queryLimitPlugins, queryLimits, queryParseOptions } from './graphql/limits';
import { knownOperationTypes } from './graphql/operation-types';
import { getSchema } from './graphql/schema';
import { graphqlHandler, isGraphqlPath, trackRequest } from './graphql/http-handler';
import { errorAnswer, sendErrorAnswer } from './http-errors';
import { createRestRouter } from './rest/router';
import { rejectBadInput } from './input-guard';
import { resolvers, restRoutes, Services } from './services';
import { clientFiles, compressAnswers, planillaFiles, robotsTxt } from './static-files';

/** Request bodies up to 200 kB (GraphQL and /api). */
export const BODY_LIMIT_BYTES = 200 * 1024;

export type App = {
  app: Express;
  apollo: ApolloServer<Context>;
  /** What the HTTP server runs: /graphql on its own path (graphql/http-handler.ts), the rest through `app`. */
  handler: RequestListener;
};

/** Builds the app: /healthz, /robots.txt, /graphql, /api, /planillas and the built client. */
export async function createApp(
  services: Services,
  config: Pick<Config, 'clientDir' | 'planillasDir'> & Partial<Pick<Config, 'production'>>,
): Promise<App> {
  const app = express();
  app.disable('x-powered-by');
  // req.ip (Express) and the GraphQL path's caller address follow this one rule.
  const trustProxy = proxyaddr.compile('loopback');
  app.set('trust proxy', trustProxy);

  const basics: RequestHandler = (req, res, next) => {
    trackRequest(req, res);
    // Answers carry personal and health data: no cache keeps them (static files set their own).
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
  app.use(basics);
  const compress = compressAnswers();
  app.use(compress);

  const security = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The PDF layout engine (yoga, inside @react-pdf/renderer) compiles WebAssembly.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'blob:', 'data:'],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.use(security);

  app.get('/robots.txt', robotsTxt);

  app.get('/healthz', async (_req, res) => {
    try {
      await services.dataSource.query('SELECT 1');
      res.json({ status: 'ok' });
    } catch {
      res.status(503).json({ status: 'error', message: MSG.baseNoDisponible });
    }
  });

  const apollo = new ApolloServer<Context>({
    schema: getSchema(resolvers),
    formatError,
    validationRules: [queryLimits(), knownOperationTypes, etiquetasPorSolicitud],
    parseOptions: queryParseOptions,
    introspection: true,
    includeStacktraceInErrorResponses: false,
    // server/src/index.ts stops Apollo itself, after the HTTP server has finished its requests.
    stopOnTerminationSignals: false,
    // No HTTP cache hints are used: without this plugin Apollo does not wrap every field resolver.
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      // The schema is a federation subgraph (graphql/federation.ts): Apollo would add the inline
      // trace plugin, giving anyone who sends `apollo-federation-include-trace` per-field timings.
      ApolloServerPluginInlineTraceDisabled(),
      ...queryLimitPlugins(),
      introspectionOnlySignedIn(config.production ?? false),
      soloIndicadoresConClaveApi(),
      // After the API key's check: a key is refused before its arguments are looked at.
      argumentValues(),
      estadoHttpDeErrores(),
    ],
  });
  await apollo.start();

  const json = express.json({ limit: BODY_LIMIT_BYTES });
  // API keys read the indicators over GraphQL only: every /api request of one answers 403, before its
  // body is even parsed.
  app.use('/api', rechazarClavesApi, json, rejectBadInput('rest'), createRestRouter(services, restRoutes));

  // /planillas/{file} is a static file (404 when missing); /planillas itself is the app's screen.
  const planillas = planillaFiles(config.planillasDir);
  app.use('/planillas', (req, res, next) => (req.path === '/' ? next() : planillas(req, res, next)));

  if (fs.existsSync(path.join(config.clientDir, 'index.html'))) {
    // Pre-compressed at build time, hashed assets cached for good, index.html revalidated.
    const client = clientFiles(config.clientDir);
    app.use(client.files);
    // History-API fallback: every other GET renders the app, which routes on the client.
    app.get(/^\/(?!api\/|graphql).*/, client.page);
  }

  const onError: ErrorRequestHandler = (err: unknown, req, res, _next) => {
    sendErrorAnswer(res, errorAnswer(err, req.id));
  };
  app.use(onError);

  const graphql = graphqlHandler({
    apollo,
    services,
    middleware: [basics, compress, security, json],
    clientIp: (req) => proxyaddr(req, trustProxy),
  });
  return { app, apollo, handler: (req, res) => (isGraphqlPath(req) ? graphql(req, res) : app(req, res)) };
}
