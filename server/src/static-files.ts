import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Request, type RequestHandler, type Response } from 'express';

/** Hashed file names (client/dist/assets) never change content: kept a year, never revalidated. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current assets: always revalidated (ETag), so a deploy shows at once. */
export const CACHE_REVALIDATE = 'no-cache';
/** Unhashed public files (favicon, robots.txt) and the blank planillas: a day, then revalidated. */
export const CACHE_DAY = 'public, max-age=86400';

/** The encodings written at build time beside each text file (client/vite.config.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

type Encoding = (typeof ENCODINGS)[number];

/** A served file: its path under the folder (posix) and the pre-compressed variants beside it. */
type ClientFile = { rel: string; encodings: Encoding[] };

/** Every file under dir (no dot files or folders: .vite/manifest.json is not served), by URL path. */
function listFiles(dir: string): Map<string, ClientFile> {
  const files = new Map<string, ClientFile>();
  const names = new Set<string>();
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (entry.isFile()) names.add(rel);
    }
  };
  walk('');
  for (const rel of names) {
    if (ENCODINGS.some((e) => rel.endsWith(e.suffix) && names.has(rel.slice(0, -e.suffix.length)))) continue;
    files.set(`/${rel}`, { rel, encodings: ENCODINGS.filter((e) => names.has(rel + e.suffix)) });
  }
  return files;
}

/**
 * Security headers that only a document reads (helmet sets them on every answer): a script or a
 * stylesheet does not carry them, which saves about 600 bytes on each of the app's many script
 * requests. Scripts keep nosniff, Cross-Origin-Resource-Policy and HSTS, which do apply to them;
 * HTML and SVG (a document when opened on its own) keep all of them. No worker is loaded from
 * these files (the PDF code's worker is a blob of the page, under the page's policy).
 */
const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
];

/** Files that are never a document: scripts and stylesheets. */
const SUBRESOURCE = /\.(?:js|mjs|css)$/;

/** The Cache-Control of a built client file. */
export function clientCacheControl(rel: string): string {
  if (rel.startsWith('assets/')) return CACHE_IMMUTABLE;
  if (rel === 'index.html') return CACHE_REVALIDATE;
  return CACHE_DAY;
}

/**
 * The best of `available` (best first) by the request's Accept-Encoding: the highest q-value,
 * ties going to the server's order (brotli before gzip, as browsers list gzip first). `*` stands
 * for any encoding not named. Undefined: the file is sent as it is.
 */
export function chooseEncoding<E extends { name: string }>(
  header: string | undefined,
  available: readonly E[],
): E | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  let best: E | undefined;
  let bestQ = 0;
  for (const encoding of available) {
    const value = q.get(encoding.name) ?? q.get('*') ?? 0;
    if (value > bestQ) {
      best = encoding;
      bestQ = value;
    }
  }
  return best;
}

/** A decoded URL path, or null when it cannot be decoded (then it names no file). */
function decodePath(urlPath: string): string | null {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return null;
  }
}

export type ClientFiles = {
  /** Serves a file of the built client (GET/HEAD), or passes the request on. */
  files: RequestHandler;
  /** The app's page (index.html) for the history-API fallback. */
  page: RequestHandler;
};

/**
 * The cookie the app keeps while a session is stored (client/src/app/inicio-cookie.ts): the path of
 * the user's home (/donantes, /red). Not a credential (the token stays in localStorage and goes in
 * the Authorization header): it only tells the page which scripts to ask for first.
 */
export const INICIO_COOKIE = 'inicio';

/**
 * Written by the build (client/vite.config.ts, sessionPreload): the scripts a signed-in start needs
 * beyond index.html's, under 'sesion' (the app shell) and under each home's path (its screen).
 */
const SESSION_PRELOAD_FILE = path.join('.vite', 'preload-sesion.json');

type SessionPreload = Record<string, string[]>;

/** The build's lists, or none (an older build, a test folder): then the page is sent as built. */
function readSessionPreload(dir: string): SessionPreload {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(dir, SESSION_PRELOAD_FILE), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (e): e is [string, string[]] =>
          Array.isArray(e[1]) &&
          e[1].every((f) => typeof f === 'string' && /^\/assets\/[\w.-]+\.js$/.test(f)),
      ),
    );
  } catch {
    return {};
  }
}

/** The value of the cookie `name` in a Cookie header, decoded, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The scripts to preload for a request of the app's page: none without the session's cookie; with
 * it, the shell's, and the home screen's when the page opened is that home (or '/', which goes
 * there). Only files of the build's lists, never text from the request.
 */
export function sessionPreloads(
  preload: SessionPreload,
  inicio: string | undefined,
  urlPath: string,
): string[] {
  if (!inicio || !preload.sesion) return [];
  const home = Object.hasOwn(preload, inicio) && inicio !== 'sesion' ? preload[inicio] : undefined;
  const files = [...preload.sesion, ...(home && (urlPath === inicio || urlPath === '/') ? home : [])];
  return [...new Set(files)];
}

/** index.html with a <link rel="modulepreload"> for each script, before </head>. */
export function withModulePreloads(html: string, files: readonly string[]): string {
  if (files.length === 0 || !html.includes('</head>')) return html;
  const links = files.map((f) => `    <link rel="modulepreload" crossorigin href="${f}">\n`).join('');
  return html.replace('</head>', `${links}  </head>`);
}

/** How often, at most, the folder is checked for a new build (index.html rewritten). */
const REBUILD_CHECK_MS = 1000;

/**
 * The built client: each file sent as is or as its pre-compressed variant, chosen by the
 * request's Accept-Encoding (always with Vary: Accept-Encoding when variants exist), with the
 * file's own caching. Only the files found under dir are served (listed when the server starts,
 * and again when a new build has replaced index.html): a path that names none (however it is
 * encoded) passes on to the app's page.
 */
export function clientFiles(dir: string): ClientFiles {
  const indexFile = path.join(dir, 'index.html');
  const builtAt = () => fs.statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  let files = listFiles(dir);
  let preload = readSessionPreload(dir);
  let html: string | undefined;
  let listedBuild = builtAt();
  let checkedAt = Date.now();
  // A request for a file not listed, or for the page, notices a new build within a second.
  const current = (): Map<string, ClientFile> => {
    const now = Date.now();
    if (now - checkedAt < REBUILD_CHECK_MS) return files;
    checkedAt = now;
    const build = builtAt();
    if (build !== listedBuild) {
      files = listFiles(dir);
      preload = readSessionPreload(dir);
      html = undefined;
      listedBuild = build;
    }
    return files;
  };

  const send = (req: Request, res: Response, next: (err?: unknown) => void, file: ClientFile) => {
    const encoding = chooseEncoding(req.headers['accept-encoding'], file.encodings);
    if (file.encodings.length) res.vary('Accept-Encoding');
    // The type of the file itself, not of its .br or .gz variant.
    res.type(path.extname(file.rel));
    if (encoding) res.setHeader('Content-Encoding', encoding.name);
    res.setHeader('Cache-Control', clientCacheControl(file.rel));
    if (SUBRESOURCE.test(file.rel)) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
    res.sendFile(file.rel + (encoding?.suffix ?? ''), { root: dir, cacheControl: false }, (err?: unknown) => {
      // A range past the end, a vanished file: the app's JSON error answer (which drops these headers).
      if (err) next(err);
    });
  };

  return {
    files: (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const decoded = decodePath(req.path);
      if (decoded === null) return next();
      const file = files.get(decoded) ?? current().get(decoded);
      if (!file) return next();
      send(req, res, next, file);
    },
    page: (req, res, next) => {
      const index = current().get('/index.html');
      if (!index) return next();
      if (!preload.sesion) return send(req, res, next, index);
      // The page depends on the cookie: a cache keeps each variant apart (its ETag differs too).
      res.vary('Cookie');
      const scripts = sessionPreloads(preload, cookieValue(req.headers.cookie, INICIO_COOKIE), req.path);
      if (scripts.length === 0) return send(req, res, next, index);
      try {
        html ??= fs.readFileSync(path.join(dir, index.rel), 'utf8');
      } catch (err) {
        return next(err);
      }
      // Sent as text (compressed by compressAnswers), with an ETag of its content: a 304 while
      // neither the build nor the cookie change.
      res.setHeader('Cache-Control', CACHE_REVALIDATE);
      res.type('html').send(withModulePreloads(html, scripts));
    },
  };
}

/** The blank planillas (PDF): cacheable for a day, revalidated by ETag; 404 for a missing one. */
export function planillaFiles(dir: string): RequestHandler {
  return express.static(dir, {
    index: false,
    fallthrough: false,
    redirect: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('Cache-Control', CACHE_DAY),
  });
}

/** The product is a private app: no crawler indexes any of it. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

export const robotsTxt: RequestHandler = (_req, res) => {
  res.setHeader('Cache-Control', CACHE_DAY);
  res.type('text/plain').send(ROBOTS_TXT);
};

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses dynamic text answers (JSON of /graphql, /api, /healthz; HTML or text without a
 * pre-compressed file) above the threshold, brotli or gzip as the caller accepts. Skipped for
 * callers that accept no encoding (no per-request cost for them) and for partial answers (206),
 * whose byte range is of the uncompressed file.
 */
export function compressAnswers(): RequestHandler {
  const compress = compression({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    filter: (req, res) => res.statusCode !== 206 && compression.filter(req, res),
  });
  return (req, res, next) => (req.headers['accept-encoding'] ? compress(req, res, next) : next());
}
