/**
 * Renders every form of the catalogue (server/src/domain/planillas.ts) to a PDF in server/planillas,
 * which the server serves at /planillas/{fileName}.
 *
 *   node -r @swc-node/register scripts/planillas/generate.tsx [--force] [--out <dir>]
 *
 * Without --force only missing files, or files older than these sources, are written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { renderToFile } from '@react-pdf/renderer';
import { PLANILLAS } from '../../src/domain/planillas';
import { checkCatalogue, FORMS } from './forms';

const SOURCES = ['generate.tsx', 'forms.tsx', 'components.tsx'].map((f) => path.join(__dirname, f));
SOURCES.push(path.resolve(__dirname, '..', '..', 'src', 'domain', 'planillas.ts'));
// The interview form prints the default questionnaire.
SOURCES.push(path.resolve(__dirname, '..', '..', 'src', 'domain', 'entrevista.ts'));

export const DEFAULT_OUT = path.resolve(__dirname, '..', '..', 'planillas');

function isFresh(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const built = fs.statSync(file).mtimeMs;
  return SOURCES.every((src) => !fs.existsSync(src) || fs.statSync(src).mtimeMs <= built);
}

export async function generate(outDir = DEFAULT_OUT, force = false): Promise<string[]> {
  checkCatalogue(PLANILLAS);
  fs.mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  for (const entry of PLANILLAS) {
    const file = path.join(outDir, entry.fileName);
    if (!force && isFresh(file)) continue;
    const tmp = `${file}.tmp-${process.pid}`;
    await renderToFile(FORMS[entry.fileName](), tmp);
    fs.renameSync(tmp, file);
    written.push(entry.fileName);
  }
  return written;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const outDir = outAt >= 0 ? path.resolve(args[outAt + 1]) : DEFAULT_OUT;
  const started = Date.now();
  generate(outDir, args.includes('--force')).then(
    (written) => {
      const rel = path.relative(process.cwd(), outDir) || '.';
      console.log(
        written.length
          ? `Planillas: ${written.length} PDF generados en ${rel} (${Date.now() - started} ms)`
          : `Planillas: ${PLANILLAS.length} PDF al día en ${rel}`,
      );
    },
    (err: unknown) => {
      console.error('No se pudieron generar las planillas:', err);
      process.exit(1);
    },
  );
}
