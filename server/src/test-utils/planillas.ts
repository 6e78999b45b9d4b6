import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PLANILLAS } from '../domain/planillas';

const SERVER_ROOT = path.resolve(__dirname, '..', '..');
export const PLANILLAS_DIR = path.join(SERVER_ROOT, 'planillas');

/** Generates the catalogue's PDFs when any is missing, the same way `npm run build` does. */
export function ensurePlanillas(): void {
  if (PLANILLAS.every((p) => fs.existsSync(path.join(PLANILLAS_DIR, p.fileName)))) return;
  execFileSync(process.execPath, ['-r', '@swc-node/register', 'scripts/planillas/generate.tsx'], {
    cwd: SERVER_ROOT,
    stdio: 'pipe',
  });
}
