/**
 * Bytes a browser actually receives for a page of the built product: headless Chromium, through
 * the DevTools protocol, sums each response's encoded length (headers and compressed body) as it
 * came off the network, with Accept-Encoding: br. A repeat visit (the same browser, its cache
 * kept, a new navigation) shows what the caching saves: immutable assets come from the cache
 * without a request, the page is revalidated (304).
 */
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext } from 'playwright-core';
import { resolveChromium } from './browser-bench';
import type { StoredSession } from './built-server';

/** One response of a visit. */
export type Transfer = {
  url: string;
  /** Chromium's resource type: Document, Script, Fetch, Image, Other... */
  type: string;
  status: number;
  encoding: string | null;
  cacheControl: string | null;
  /** Answered from the browser's cache without a request. */
  fromCache: boolean;
  /** Bytes received: status line, headers and the (compressed) body. */
  bytes: number;
};

export type Visit = {
  page: string;
  /** first: an empty cache; repeat: the same browser again, its cache kept. */
  kind: 'first' | 'repeat';
  transfers: Transfer[];
  bytes: number;
  scriptBytes: number;
  /** Scripts the page used, and how many of them came from the cache. */
  scripts: number;
  scriptsFromCache: number;
};

type Pending = Partial<Transfer> & { url: string };

/** Records every response of the next navigations of a page. */
async function recorder(context: BrowserContext) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // What the bench measures: brotli (Chromium offers it only to HTTPS origins otherwise).
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'br' } });
  let pending = new Map<string, Pending>();
  let done: Transfer[] = [];
  const entry = (id: string, url = '') => {
    const found = pending.get(id) ?? { url };
    pending.set(id, found);
    return found;
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    entry(e.requestId, e.request.url).type = e.type ?? 'Other';
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    entry(e.requestId).fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const t = entry(e.requestId, e.response.url);
    const header = (name: string) => {
      const key = Object.keys(e.response.headers).find((k) => k.toLowerCase() === name);
      return key ? String(e.response.headers[key]) : null;
    };
    t.url = e.response.url;
    t.type = e.type;
    t.status = e.response.status;
    t.encoding = header('content-encoding');
    t.cacheControl = header('cache-control');
    t.fromCache = t.fromCache || e.response.fromDiskCache === true || e.response.fromPrefetchCache === true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const t = pending.get(e.requestId);
    if (!t) return;
    pending.delete(e.requestId);
    done.push({
      url: t.url,
      type: t.type ?? 'Other',
      status: t.status ?? 0,
      encoding: t.encoding ?? null,
      cacheControl: t.cacheControl ?? null,
      fromCache: t.fromCache ?? false,
      bytes: t.fromCache ? 0 : e.encodedDataLength,
    });
  });

  return {
    async visit(url: string, kind: Visit['kind']): Promise<Visit> {
      pending = new Map();
      done = [];
      await page.goto(url, { waitUntil: 'networkidle' });
      const transfers = done.map((t) => ({ ...t, url: t.url.replace(/^https?:\/\/[^/]+/, '') }));
      const scripts = transfers.filter((t) => t.type === 'Script');
      const sum = (list: Transfer[]) => list.reduce((s, t) => s + t.bytes, 0);
      return {
        page: new URL(url).pathname,
        kind,
        transfers,
        bytes: sum(transfers),
        scriptBytes: sum(scripts),
        scripts: scripts.length,
        scriptsFromCache: scripts.filter((t) => t.fromCache).length,
      };
    },
  };
}

async function launch(): Promise<Browser> {
  const { executablePath, args } = await resolveChromium();
  const extra = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];
  return chromium.launch({ executablePath, args: [...new Set([...(args ?? []), ...extra])], headless: true });
}

/** Two visits of a page in a new browser (the bundled single-process Chromium survives no closed context). */
async function visitTwice(url: string, session?: StoredSession): Promise<Visit[]> {
  const browser = await launch();
  try {
    const context = await browser.newContext();
    if (session) {
      await context.addInitScript((s: StoredSession) => {
        localStorage.setItem('token', s.token);
        localStorage.setItem('usuario', s.usuario);
      }, session);
      // The cookie a signed-in user's browser has (set by the app at sign-in).
      await context.addCookies([
        { name: 'inicio', value: encodeURIComponent(session.inicio), url: new URL(url).origin },
      ]);
    }
    const page = await recorder(context);
    return [await page.visit(url, 'first'), await page.visit(url, 'repeat')];
  } finally {
    await browser.close();
  }
}

/**
 * A new user's first page (/auth/login) and a signed-in user's (/donantes), each in a fresh
 * browser, then each again in the same browser.
 */
export async function measureVisits(baseUrl: string, session: StoredSession): Promise<Visit[]> {
  return [
    ...(await visitTwice(`${baseUrl}/auth/login`)),
    ...(await visitTwice(`${baseUrl}/donantes`, session)),
  ];
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

export function formatVisits(visits: Visit[]): string {
  const lines = [
    'Bytes recibidos por Chromium (Accept-Encoding: br, servidor compilado, NODE_ENV=production):',
  ];
  lines.push(
    `  ${'página'.padEnd(14)} ${'visita'.padEnd(8)} ${'total kB'.padStart(9)} ${'JS kB'.padStart(8)} ${'scripts'.padStart(8)} ${'de caché'.padStart(9)} respuestas`,
  );
  for (const v of visits) {
    lines.push(
      `  ${v.page.padEnd(14)} ${(v.kind === 'first' ? 'primera' : 'repetida').padEnd(8)} ${kB(v.bytes).padStart(9)} ${kB(v.scriptBytes).padStart(8)} ${String(v.scripts).padStart(8)} ${String(v.scriptsFromCache).padStart(9)} ${v.transfers.length}`,
    );
  }
  return lines.join('\n');
}
