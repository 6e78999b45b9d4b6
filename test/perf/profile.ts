/**
 * `node test/perf/run.cjs profile FILE.cpuprofile [--top 30]`: where a server's CPU went, from a
 * profile written by `BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" npm run bench`.
 * Prints the busy time (idle excluded) by origin (a package, Node's own code, the product's
 * folders, the garbage collector) and the functions with the most self time.
 */
import fs from 'node:fs';
import { numberArg, parseArgs } from './util';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** The origin of a frame: a package, a folder of the product, Node itself or V8's own entries. */
export function origen(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node';
  const own = /\/server\/(?:dist|src)\/([^/]+)/.exec(url);
  if (own) return `server/${own[1]}`;
  return url;
}

export type Resumen = {
  /** Busy time in ms (samples that are not idle). */
  ocupado: number;
  porOrigen: [string, number][];
  porFuncion: [string, number][];
};

export function resumir(profile: CpuProfile): Resumen {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const porOrigen = new Map<string, number>();
  const porFuncion = new Map<string, number>();
  let ocupado = 0;
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id)?.callFrame;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!frame || frame.functionName === '(idle)') return;
    ocupado += ms;
    const o = origen(frame);
    porOrigen.set(o, (porOrigen.get(o) ?? 0) + ms);
    const f = `${frame.functionName || '(anónima)'} ${o}:${frame.lineNumber + 1}`;
    porFuncion.set(f, (porFuncion.get(f) ?? 0) + ms);
  });
  const ordenar = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return { ocupado, porOrigen: ordenar(porOrigen), porFuncion: ordenar(porFuncion) };
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const file = argv.find((a) => !a.startsWith('--') && a.endsWith('.cpuprofile'));
  if (!file) {
    console.error('Uso: node test/perf/run.cjs profile ARCHIVO.cpuprofile [--top 30]');
    return 2;
  }
  const top = numberArg(args, 'top', 30);
  const r = resumir(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile);
  const pct = (ms: number) => `${((ms / r.ocupado) * 100).toFixed(1).padStart(5)}%`;
  console.log(`Tiempo ocupado: ${r.ocupado.toFixed(0)} ms\n\nPor origen:`);
  for (const [o, ms] of r.porOrigen.slice(0, top))
    console.log(`${pct(ms)} ${ms.toFixed(0).padStart(7)} ms  ${o}`);
  console.log('\nFunciones con más tiempo propio:');
  for (const [f, ms] of r.porFuncion.slice(0, top))
    console.log(`${pct(ms)} ${ms.toFixed(0).padStart(7)} ms  ${f}`);
  return 0;
}
