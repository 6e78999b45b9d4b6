import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import express, { ErrorRequestHandler, Express } from 'express';
import helmet from 'helmet';
import { Config } from './config';
import { createContext, Context } from './context';
import { MSG } from './domain/messages';
import { formatError } from './graphql/format-error';
import { queryLimits } from './graphql/limits';
import { getSchema } from './graphql/schema';
import { logger } from './logger';
import { createRestRouter } from './rest/router';
import { rejectUnsafeText } from './input-guard';
import { Services } from './services';

export const BODY_LIMIT = '200kb';

export type App = { app: Express; apollo: ApolloServer<Context> };

/** Builds the express app: /healthz, /graphql, /api, /planillas and the built client. */
export async function createApp(
  services: Services,
  config: Pick<Config, 'clientDir' | 'planillasDir'>,
): Promise<App> {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  app.use((req, res, next) => {
    const incoming = req.headers['x-request-id'];
    req.id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      logger.info(
        {
          requestId: req.id,
          method: req.method,
          url: req.originalUrl.split('?')[0],
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'request',
      );
    });
    next();
  });

  app.use(
    helmet({
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
    }),
  );

  app.get('/healthz', async (_req, res) => {
    try {
      await services.dataSource.query('SELECT 1');
      res.json({ status: 'ok' });
    } catch {
      res.status(503).json({ status: 'error', message: MSG.baseNoDisponible });
    }
  });

  const apollo = new ApolloServer<Context>({
    schema: getSchema(),
    formatError,
    validationRules: [queryLimits()],
    introspection: true,
    includeStacktraceInErrorResponses: false,
    // No HTTP cache hints are used: without this plugin Apollo does not wrap every field resolver.
    plugins: [ApolloServerPluginLandingPageDisabled(), ApolloServerPluginCacheControlDisabled()],
  });
  await apollo.start();

  const json = express.json({ limit: BODY_LIMIT });
  app.use(
    '/graphql',
    json,
    rejectUnsafeText('graphql'),
    expressMiddleware(apollo, { context: async ({ req }) => createContext(req, services) }),
  );
  app.use('/api', json, rejectUnsafeText('rest'), createRestRouter(services));

  // /planillas/{file} is a static file (404 when missing); /planillas itself is the app's screen.
  const planillas = express.static(config.planillasDir, {
    index: false,
    fallthrough: false,
    redirect: false,
  });
  app.use('/planillas', (req, res, next) => (req.path === '/' ? next() : planillas(req, res, next)));

  if (fs.existsSync(path.join(config.clientDir, 'index.html'))) {
    app.use(express.static(config.clientDir, { index: false, maxAge: '1h' }));
    // History-API fallback: every other GET renders the app, which routes on the client.
    app.get(/^\/(?!api\/|graphql).*/, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(config.clientDir, 'index.html'));
    });
  }

  const onError: ErrorRequestHandler = (err: unknown, req, res, _next) => {
    const status = typeof err === 'object' && err !== null && 'status' in err ? Number(err.status) : 500;
    if (status === 413) {
      res.status(413).json({ errors: [{ msg: MSG.cuerpoDemasiadoGrande }] });
    } else if (status === 400) {
      res.status(400).json({ errors: [{ msg: MSG.datosInvalidos }] });
    } else if (status === 404) {
      res.status(404).json({ errors: [{ msg: MSG.noEncontrado }] });
    } else {
      const errorId = randomUUID();
      logger.error({ err, errorId, requestId: req.id }, 'Error inesperado');
      res.status(500).json({ errors: [{ msg: `${MSG.errorInesperado} (código ${errorId})` }] });
    }
  };
  app.use(onError);

  return { app, apollo };
}
