/**
 * Processes as the harness sees them through /proc: CPU time (user + system, all threads, in seconds), resident
 * memory, and a pinned child run to completion while a sampler records both the generator and the target.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ; 100 on every Linux we run on). */
const TICKS = 100;

/** utime + stime of every thread of a process, in seconds; undefined once it is gone. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start after the last ')'.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / TICKS;
  } catch {
    return undefined;
  }
}

/** VmRSS and VmHWM (peak) in MB; undefined once the process is gone. */
export function memoryMb(pid: number): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** One sampler tick: wall time (s), generator and target CPU seconds, requests the target answered, generator RSS. */
export interface Tick {
  t: number;
  gen: number;
  target: number;
  served: number;
  rssMb: number;
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
  wallS: number;
  /** The generator's CPU seconds over its whole life (last sample before it exited). */
  cpuS: number;
  peakRssMb: number;
  ticks: Tick[];
}

export interface RunOptions {
  /** CPU list for taskset (the generator's core). */
  cpus: string;
  env?: Record<string, string | undefined>;
  /** Seconds after which the child is killed (a tool that hangs must not hang the harness). */
  timeoutS: number;
  /** Samples the target (its pid and request counter) alongside the generator. */
  target?: { pid: number; served(): Promise<number> };
  sampleMs?: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Runs argv pinned to opts.cpus and samples it (and the target) until it exits. */
export async function runPinned(argv: string[], opts: RunOptions): Promise<Finished> {
  const t0 = performance.now();
  const child = spawn('taskset', ['-c', opts.cpus, ...argv], {
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (b: Buffer) => out.push(b));
  child.stderr.on('data', (b: Buffer) => err.push(b));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  let done = false;
  void exited.then(() => {
    done = true;
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutS * 1000);
  const pid = child.pid ?? -1; // taskset execs the tool: same pid
  const ticks: Tick[] = [];
  let cpuS = 0;
  let peakRssMb = 0;
  while (!done) {
    const gen = cpuSeconds(pid);
    const mem = memoryMb(pid);
    if (gen !== undefined) cpuS = gen;
    if (mem) peakRssMb = Math.max(peakRssMb, mem.peak);
    if (gen !== undefined && opts.target) {
      const target = cpuSeconds(opts.target.pid) ?? 0;
      const served = await opts.target.served().catch(() => NaN);
      ticks.push({ t: (performance.now() - t0) / 1000, gen, target, served, rssMb: mem?.rss ?? 0 });
    } else if (gen !== undefined) {
      ticks.push({ t: (performance.now() - t0) / 1000, gen, target: 0, served: 0, rssMb: mem?.rss ?? 0 });
    }
    await Promise.race([sleep(opts.sampleMs ?? 200), exited]);
  }
  clearTimeout(killer);
  const code = await exited;
  return {
    code,
    stdout: Buffer.concat(out).toString('utf8'),
    stderr: Buffer.concat(err).toString('utf8'),
    wallS: (performance.now() - t0) / 1000,
    cpuS,
    peakRssMb,
    ticks,
  };
}

/** Steady state of a run: the ticks while the target served requests, less a warm-up and the last tick. */
export interface Steady {
  seconds: number;
  served: number;
  genCpu: number;
  targetCpu: number;
  usPerReq: number;
}

export function steadyState(ticks: readonly Tick[], warmupS = 1): Steady | undefined {
  const startAt = ticks.findIndex((k, i) => i > 0 && k.served > ticks[0]!.served);
  if (startAt < 0) return undefined;
  const first = ticks.findIndex((k) => k.t >= ticks[startAt]!.t + warmupS);
  // The last tick with progress: after it the generator may be shutting down (summary, reports).
  let last = ticks.length - 1;
  while (last > 0 && ticks[last]!.served === ticks[last - 1]!.served) last--;
  last--; // the tick ending the load is partial
  if (first < 0 || last <= first) return undefined;
  const a = ticks[first]!;
  const b = ticks[last]!;
  const seconds = b.t - a.t;
  const served = b.served - a.served;
  const gen = b.gen - a.gen;
  return {
    seconds,
    served,
    genCpu: gen / seconds,
    targetCpu: (b.target - a.target) / seconds,
    usPerReq: served > 0 ? (gen / served) * 1e6 : NaN,
  };
}
