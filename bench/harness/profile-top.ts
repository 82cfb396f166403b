/**
 * The heaviest functions of V8 CPU profiles (node --cpu-prof writes one per thread, workers included):
 *   BENCH_LOADSMITH_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" bench/run --quick --tools loadsmith --only closed --connections 50
 *   node bench/harness/profile-top.ts /tmp/prof/*.cpuprofile [--top 40] [--by-package] [--skip 2]
 * Prints self time (and its share) per function and file, per profile; with --by-package per npm package, Node
 * internal module, file of ours, or V8 category (garbage collector, idle); --skip leaves out the first seconds of
 * each profile (start-up).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

const args = process.argv.slice(2);
const valueOf = (flag: string): string | undefined => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};
const top = Number(valueOf('--top') ?? 30);
const skipUs = Number(valueOf('--skip') ?? 0) * 1e6;
const byPackage = args.includes('--by-package');
const files = args.filter((a, i) => !a.startsWith('--') && !['--top', '--skip'].includes(args[i - 1] ?? ''));

/** node_modules/<package>, node:<module>, a file of ours (the worker bundle is one), or V8's own category. */
function packageOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]!}`;
  return basename(url);
}

for (const file of files) {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  const samples = p.samples ?? [];
  const deltas = p.timeDeltas ?? [];
  let at = 0;
  for (let i = 0; i < samples.length; i++) {
    at += deltas[i] ?? 0;
    if (at >= skipUs) self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + (deltas[i] ?? 0));
  }
  const byFn = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const f = n.callFrame;
    const key = byPackage
      ? packageOf(f.url, f.functionName)
      : `${f.functionName || '(anonymous)'} ${f.url ? `${basename(f.url)}:${f.lineNumber + 1}` : ''}`;
    byFn.set(key, (byFn.get(key) ?? 0) + us);
    total += us;
  }
  const idle = byFn.get(byPackage ? '(idle)' : '(idle) ') ?? 0;
  console.log(`\n${basename(file)}: ${(total / 1e6).toFixed(2)} s sampled, ${(idle / 1e6).toFixed(2)} s idle`);
  for (const [k, us] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(
      `${(us / 1e3).toFixed(0).padStart(8)} ms ${((100 * us) / Math.max(1, total - idle)).toFixed(1).padStart(5)} %  ${k}`,
    );
  }
}
