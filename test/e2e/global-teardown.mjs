import fs from 'node:fs';

export default async function globalTeardown() {
  const state = globalThis.__E2E__;
  if (!state) return;
  const exited = new Promise((resolve) => state.child.once('exit', resolve));
  state.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15000))]);
  fs.rmSync(state.dataDir, { recursive: true, force: true });
}
