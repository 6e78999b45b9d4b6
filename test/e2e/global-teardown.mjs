import fs from 'node:fs';

export default async function globalTeardown() {
  const state = globalThis.__E2E__;
  if (!state) return;
  const { child, dataDir } = state;
  if (child.exitCode === null && child.signalCode === null) {
    // Up to 15 s for a clean shutdown; the timer is cleared so that it does not hold jest open.
    let timer;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 15000)))]);
    clearTimeout(timer);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
