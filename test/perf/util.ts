/** Helpers the perf scripts share: command-line arguments, percentiles, ports (no server code). */
import net from 'node:net';

export type Args = Record<string, string | true>;

/** `--name value`, `--name=value` and bare `--flag` -> { name: value | true }. */
export function parseArgs(argv: string[]): Args {
  const out: Args = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) continue;
    const eq = arg.indexOf('=');
    if (eq > 0) {
      out[arg.slice(2, eq)] = arg.slice(eq + 1);
    } else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) {
      out[arg.slice(2)] = argv[++i];
    } else {
      out[arg.slice(2)] = true;
    }
  }
  return out;
}

export function numberArg(args: Args, name: string, fallback: number): number {
  const raw = args[name];
  if (raw === undefined || raw === true) return fallback;
  const value = Number(String(raw).replace(/_/g, ''));
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`--${name} debe ser un número (se recibió "${raw}")`);
  return value;
}

/** The value at percentile `p` (0-100) of ascending `sorted`, nearest rank; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** A TCP port free on the loopback interface now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
