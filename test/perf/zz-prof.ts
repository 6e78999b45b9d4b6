import fs from 'node:fs';
import { resolveChromium } from './browser-bench';
import { inicioCookie, registerSession, startBuiltServer } from './built-server';
const importModule = new Function('s', 'return import(s)') as <T>(s: string) => Promise<T>;
async function main() {
  const page0 = process.argv[2] ?? '/donantes';
  const server = await startBuiltServer();
  try {
    const session = await registerSession(server.url);
    const puppeteer = await importModule<typeof import('puppeteer-core')>('puppeteer-core');
    const { executablePath } = await resolveChromium();
    for (let run = 0; run < 3; run++) {
      const browser = await puppeteer.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
      const page = await browser.newPage();
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
      if (page0 !== '/auth/login') {
        await page.goto(server.url + '/robots.txt');
        await page.evaluate((s, c) => { localStorage.setItem('token', s.token); localStorage.setItem('usuario', s.usuario); document.cookie = c; }, session, inicioCookie(session));
      }
      const cdp = await page.createCDPSession();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(server.url + page0, { waitUntil: 'networkidle0' });
      const { profile } = await cdp.send('Profiler.stop');
      const lcp = await page.evaluate(() => new Promise((r) => new PerformanceObserver((l) => { const e = l.getEntries().at(-1) as any; r({ t: e.startTime, el: e.element?.outerHTML?.slice(0, 200) }); }).observe({ type: 'largest-contentful-paint', buffered: true })));
      const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
      console.log('run', run, 'fcp', fcp, 'lcp', JSON.stringify(lcp));
      fs.writeFileSync(`/tmp/prof/run${run}.cpuprofile`, JSON.stringify(profile));
      await browser.close();
    }
  } finally { await server.stop(); }
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
