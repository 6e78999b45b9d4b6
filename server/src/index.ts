import 'reflect-metadata';
import http from 'node:http';
import { resolveJwtSecret } from './auth/jwt';
import { ConfigError, loadConfig } from './config';
import { connectDatabase } from './database/data-source';
import { leaveSignalsToServer, startEmbeddedPostgres } from './database/embedded';
import { isDatabaseUnavailable } from './database/unavailable';
import { createApp } from './app';
import { logger } from './logger';
import { createServices, entities } from './services';

/** How long a stopping server waits for the requests under way. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  logger.level = config.logLevel;

  let stopEmbedded: (() => Promise<void>) | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const embedded = await startEmbeddedPostgres(config.dataDir);
    url = embedded.url;
    stopEmbedded = embedded.stop;
    logger.info({ dataDir: config.dataDir }, 'Postgres embebido iniciado');
  }

  const dataSource = await connectDatabase(url, { entities, poolSize: config.dbPoolSize });
  const services = createServices(dataSource, resolveJwtSecret(config.jwtSecret, config.dataDir));
  const { handler, apollo } = await createApp(services, config);
  // Expired units leave every stock even when nobody reads it (the reads also sweep their own).
  const pararBarrido = services.stock.iniciarBarrido((error: unknown) =>
    logger.error({ err: error }, 'Error al descartar las unidades vencidas'),
  );
  let stopping: Promise<void> | undefined;
  const server = http.createServer((req, res) => {
    // While stopping, each answer closes its connection: a client that keeps sending on a
    // keep-alive connection would otherwise hold the shutdown open for ever.
    if (stopping) res.shouldKeepAlive = false;
    handler(req, res);
  });
  server.listen(config.port, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ port }, `Servidor listo en http://localhost:${port}`);
  });

  const shutdown = (signal: string) => {
    stopping ??= (async () => {
      logger.info({ signal }, 'Deteniendo el servidor');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Requests under way get SHUTDOWN_GRACE_MS to finish; then their connections are cut.
      const cut = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await closed;
      clearTimeout(cut);
      pararBarrido();
      await apollo.stop();
      await services.close();
      await dataSource.destroy();
      if (stopEmbedded) await stopEmbedded();
      logger.info('Servidor detenido');
    })()
      .catch((error: unknown) => logger.error({ err: error }, 'Error al detener el servidor'))
      .finally(() => process.exit(0));
    return stopping;
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
  if (stopEmbedded) leaveSignalsToServer();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    logger.fatal(error.message);
  } else if (isDatabaseUnavailable(error)) {
    logger.fatal(
      { err: error },
      'No se pudo conectar con la base de datos: verifique DATABASE_URL y que Postgres esté en marcha',
    );
  } else {
    logger.fatal({ err: error }, 'No se pudo iniciar el servidor');
  }
  process.exit(1);
});
