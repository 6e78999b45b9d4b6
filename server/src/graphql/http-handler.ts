import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApolloServer, HeaderMap } from '@apollo/server';
import type { Express, Request, RequestHandler } from 'express';
import { Context, createContext } from '../context';
import { errorAnswer } from '../http-errors';
import { inputProblem, inputProblemAnswer } from '../input-guard';
import { logger } from '../logger';
import type { Services } from '../services';

/**
 * Gives the request its id (the caller's X-Request-Id when well formed, else a
 * new one), returns it in X-Request-Id and logs the request when it finishes.
 */
export function trackRequest(req: IncomingMessage & { id?: string }, res: ServerResponse): void {
  const incoming = req.headers['x-request-id'];
  req.id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', req.id);
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

/** The headers a middleware sets on every response (helmet's are fixed): read once. */
export function headersOf(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  middleware({ headers: {}, method: 'POST', url: '/graphql' } as Request, res as never, () => undefined);
  return [...headers];
}

/** A JSON body in UTF-8, the only kind this path reads; anything else goes to Express. */
const JSON_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

export type GraphqlPostOptions = {
  apollo: ApolloServer<Context>;
  services: Services;
  /** Requests become Express requests (req.ip follows the app's 'trust proxy'). */
  app: Express;
  securityHeaders: [string, string][];
  bodyLimitBytes: number;
};

/**
 * The body as UTF-8 text, or null as soon as it passes `limit` bytes (the
 * answer then closes the connection, which stops the upload).
 */
function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else resolve(null);
    });
    req.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks, size).toString('utf8')));
    // A client that goes away mid-upload: a bad request (as Express's body parser says), not a bug.
    req.on('error', (err) => reject(Object.assign(err, { status: 400 })));
  });
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}

/**
 * POST /graphql with a JSON body, served without the Express pipeline (router,
 * body parser, helmet's chain, res.send), which cost as much CPU per request
 * as Apollo itself: the same headers, limits, checks and answers as the
 * Express route. Returns false for anything else (GET, another content type,
 * a compressed body), which Express then serves.
 */
export function graphqlPost(options: GraphqlPostOptions) {
  const { apollo, services, app, securityHeaders, bodyLimitBytes } = options;
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    const query = url.indexOf('?');
    if (req.method !== 'POST' || (query < 0 ? url : url.slice(0, query)) !== '/graphql') return false;
    if (!JSON_TYPE.test(req.headers['content-type'] ?? '')) return false;
    const encoding = req.headers['content-encoding'];
    if (encoding && encoding.toLowerCase() !== 'identity') return false;

    Object.setPrototypeOf(req, app.request);
    trackRequest(req, res);
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    // As every answer of the app: it carries personal and health data.
    res.setHeader('Cache-Control', 'no-store');
    void serve(req as unknown as Request, res, query < 0 ? '' : url.slice(query)).catch((err: unknown) => {
      const { status, body } = errorAnswer(err, (req as Request).id);
      if (!res.headersSent) answer(res, status, body);
      else res.destroy();
    });
    return true;
  };

  async function serve(req: Request, res: ServerResponse, search: string): Promise<void> {
    const declared = Number(req.headers['content-length']);
    const tooBig = () => {
      res.setHeader('Connection', 'close');
      const { status, body } = errorAnswer({ status: 413 });
      answer(res, status, body);
    };
    if (declared > bodyLimitBytes) {
      req.resume();
      tooBig();
      return;
    }
    const text = await readBody(req, bodyLimitBytes);
    if (text === null) {
      tooBig();
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    // As express.json (strict): only an object or an array.
    if (typeof body !== 'object' || body === null) {
      const invalid = errorAnswer({ status: 400 });
      answer(res, invalid.status, invalid.body);
      return;
    }
    const problem =
      inputProblem(body) ?? (search ? inputProblem(Object.fromEntries(new URLSearchParams(search))) : null);
    if (problem) {
      answer(res, 400, inputProblemAnswer('graphql', problem));
      return;
    }

    const headers = new HeaderMap();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    const response = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: 'POST', headers, search, body },
      context: () => createContext(req, services),
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
}
