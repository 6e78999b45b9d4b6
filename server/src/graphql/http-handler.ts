import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApolloServer, HeaderMap } from '@apollo/server';
import type { RequestHandler } from 'express';
import { GraphQLError } from 'graphql';
import { Context, createContext } from '../context';
import { AppError, TooManyRequestsError } from '../errors';
import { errorAnswer, sendErrorAnswer } from '../http-errors';
import { inputProblem, inputProblemAnswer } from '../input-guard';
import { logger } from '../logger';
import type { Services } from '../services';

/** A request as the GraphQL path sees it: the body is what the JSON parser left there. */
type GraphqlRequest = IncomingMessage & { id?: string; body?: unknown };

/**
 * Gives the request its id (the caller's X-Request-Id when well formed, else a
 * new one), returns it in X-Request-Id and logs the request when it finishes.
 */
export function trackRequest(req: IncomingMessage & { id?: string }, res: ServerResponse): void {
  const incoming = req.headers['x-request-id'];
  req.id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', req.id);
  // A listener on every response only where its line is written (LOG_LEVEL info or below).
  if (!logger.isLevelEnabled('info')) return;
  const started = process.hrtime.bigint();
  const url = (req.url ?? '').split('?')[0];
  res.on('finish', () => {
    logger.info(
      {
        requestId: req.id,
        method: req.method,
        url,
        status: res.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
      },
      'request',
    );
  });
}

/** Runs one Express-style middleware on a plain request: resolves when it calls next(). */
function run(middleware: RequestHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => {
    // The middlewares given here use only what node's request and response have.
    middleware(req as never, res as never, (err?: unknown) => (err ? reject(err) : resolve()));
  });
}

export type GraphqlHandlerOptions = {
  apollo: ApolloServer<Context>;
  services: Services;
  /**
   * The app's own middleware functions, run in order before Apollo: the very ones the
   * Express app runs for every other path (request id and log, security headers, the JSON
   * body parser with its size limit), not copies of them.
   */
  middleware: RequestHandler[];
  /** The caller's address, by the same proxy-trust rule as the Express app's req.ip. */
  clientIp: (req: IncomingMessage) => string;
};

/**
 * A caller refused while its context is built (an unknown or revoked API key, one past its
 * limit) as Apollo answers a request error: the error's own status and code (401, 429 with
 * Retry-After), never the 500 Apollo gives any other failure there.
 */
function contextError(error: unknown): never {
  if (!(error instanceof AppError)) throw error;
  const headers = new HeaderMap();
  if (error instanceof TooManyRequestsError) headers.set('retry-after', String(error.retryAfterSeconds));
  throw new GraphQLError(error.message, {
    originalError: error,
    extensions: { code: error.code, http: { status: error.status, headers } },
  });
}

/** Whether a request is for /graphql (with or without a query string). */
export function isGraphqlPath(req: IncomingMessage): boolean {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  return (query < 0 ? url : url.slice(0, query)) === '/graphql';
}

/**
 * The one HTTP path of /graphql (every method and content type), served without Express's
 * router and response helpers, which cost as much CPU per request as Apollo itself
 * (PERFORMANCE.md, "What limits each figure"). What it runs before Apollo is the app's own
 * middleware; its errors get the app's one error answer.
 */
export function graphqlHandler(options: GraphqlHandlerOptions) {
  const { apollo, services, middleware, clientIp } = options;

  async function serve(req: GraphqlRequest, res: ServerResponse): Promise<void> {
    for (const step of middleware) await run(step, req, res);
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const search = query < 0 ? '' : url.slice(query);
    const problem =
      inputProblem(req.body) ??
      (search ? inputProblem(Object.fromEntries(new URLSearchParams(search))) : null);
    if (problem) {
      res.statusCode = 400;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(JSON.stringify(inputProblemAnswer('graphql', problem)));
      return;
    }

    const headers = new HeaderMap();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    const response = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: (req.method ?? 'GET').toUpperCase(), headers, search, body: req.body },
      context: () =>
        createContext({ headers: req.headers, id: req.id, ip: clientIp(req) }, services).catch(contextError),
    });
    for (const [key, value] of response.headers) res.setHeader(key, value);
    res.statusCode = response.status ?? 200;
    if (response.body.kind === 'complete') {
      res.end(response.body.string);
      return;
    }
    for await (const chunk of response.body.asyncIterator) res.write(chunk);
    res.end();
  }

  return (req: IncomingMessage, res: ServerResponse): void => {
    serve(req, res).catch((err: unknown) => {
      const answer = errorAnswer(err, (req as GraphqlRequest).id);
      // A body refused for its size may still be arriving: the connection is not kept.
      if (answer.status === 413) res.shouldKeepAlive = false;
      sendErrorAnswer(res, answer);
    });
  };
}
