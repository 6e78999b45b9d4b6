/**
 * CPU time of processes, from Linux's /proc: what a request costs each side (the Node server,
 * the peer, Postgres) whatever else the machine is doing, which throughput alone cannot tell on
 * a shared 2-core VM. Elsewhere (no /proc) every reading is null.
 */
import fs from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux architecture Node supports.

type Proc = { pid: number; ppid: number; comm: string; ms: number };

/**
 * Every process: pid, parent, command name and CPU time in ms: its own (user + system) plus that
 * of its children that ended and were waited for (cutime + cstime), so a Postgres backend that
 * exits during a measurement still counts, through its postmaster.
 */
function procesos(): Proc[] {
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
  const out: Proc[] = [];
  for (const pid of pids) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // "pid (comm) state ppid ... utime stime ..." — comm may hold spaces and parentheses.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const f = stat.slice(close + 2).split(' ');
    out.push({
      pid: Number(pid),
      ppid: Number(f[1]),
      comm,
      ms: ((Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 1000) / TICKS_PER_SECOND,
    });
  }
  return out;
}

/** CPU ms of a process and all its descendants (npx -> node, a server -> its workers). */
export function cpuDeArbol(rootPid: number | undefined): number | null {
  if (!rootPid) return null;
  const all = procesos();
  if (all.length === 0) return null;
  const hijos = new Map<number, Proc[]>();
  for (const p of all) hijos.set(p.ppid, [...(hijos.get(p.ppid) ?? []), p]);
  const raiz = all.find((p) => p.pid === rootPid);
  if (!raiz) return null;
  let total = 0;
  const pendientes = [raiz];
  while (pendientes.length) {
    const p = pendientes.pop()!;
    total += p.ms;
    pendientes.push(...(hijos.get(p.pid) ?? []));
  }
  return total;
}

/** The parent of a process (a Postgres backend's parent is its postmaster), or undefined. */
export function padreDe(pid: number): number | undefined {
  return procesos().find((p) => p.pid === pid)?.ppid;
}
