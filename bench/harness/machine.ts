/** What the numbers were measured on: CPU model, cores, memory, kernel, load, runtimes. */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  kernel: string;
  node: string;
  go: string;
  load: string;
}

function sh(cmd: string, args: string[]): string {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '?';
  }
}

export function machine(): Machine {
  const model = /^Model name:\s+(.*)$/m.exec(sh('lscpu', []))?.[1] ?? cpus()[0]?.model ?? '?';
  const hypervisor = /^Hypervisor vendor:\s+(.*)$/m.exec(sh('lscpu', []))?.[1];
  return {
    cpu: hypervisor ? `${model} (${hypervisor} guest)` : model,
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    kernel: sh('uname', ['-sr']),
    node: process.versions.node,
    go: sh('go', ['version']).split(' ')[2] ?? '?',
    load: loadString(),
  };
}

/** The 1, 5 and 15 minute load averages. */
export function loadString(): string {
  return loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
}

/** Share of the last `ms` the whole machine was busy (0..1 per core), from /proc/stat. */
export async function busyShare(ms: number): Promise<number> {
  const read = (): [number, number] => {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3]! + f[4]!;
    return [f.reduce((a, b) => a + b, 0), idle];
  };
  const [t0, i0] = read();
  await new Promise((r) => setTimeout(r, ms));
  const [t1, i1] = read();
  return t1 > t0 ? 1 - (i1 - i0) / (t1 - t0) : 0;
}
