/**
 * `loadsmith breakpoint <plan> --sla "p(95)<500" [--sla "http_req_failed: rate<0.01"] [--start 10] [--max 100000]
 *  [--step-duration 10s] [--cooldown 5s] [--precision 5%] [--max-vus 2000]`: the highest arrival rate that meets the SLAs.
 */
import { writeFile } from 'node:fs/promises';
import { loadPlanFile } from '../../plan/file.ts';
import { parseSla, type Sla } from '../../plan/sla.ts';
import { ThresholdSyntaxError } from '../../plan/threshold-syntax.ts';
import { fmtMs, fmtPct, fmtRate, paint, useColor } from '../../report/format.ts';
import { searchBreakpoint, type BreakpointStep } from '../../run/breakpoint.ts';
import type { RunHandle } from '../../runtime/run-handle.ts';
import { describeCause, stopSignals } from '../stop-signals.ts';
import { cliDuration, parseEnv } from '../args.ts';
import { parse } from '../parser.ts';
import { breakpointSpec } from '../specs/breakpoint.ts';
import { checkWritable } from './write-reports.ts';
import { EXIT, UsageError } from '../usage.ts';

export async function breakpointCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parse(argv, breakpointSpec);
  if (positionals.length !== 1)
    throw new UsageError('usage: loadsmith breakpoint <plan> --sla "p(95)<500" [--sla ...]');
  const sla: Sla[] = [];
  for (const text of values.sla ?? ['p(95)<500', 'http_req_failed: rate<0.01']) {
    try {
      sla.push(parseSla(text));
    } catch (e) {
      if (e instanceof ThresholdSyntaxError) throw new UsageError(`--sla '${text}': ${e.message}`);
      throw e;
    }
  }
  const num = (name: string, v: string | undefined, dflt: number, min: number): number => {
    if (v === undefined) return dflt;
    const n = Number(v.replace(/%$/, '')) / (v.endsWith('%') ? 100 : 1);
    if (!Number.isFinite(n) || n < min) throw new UsageError(`--${name}: '${v}' is not a number of at least ${min}`);
    return n;
  };
  const secs = (name: string, v: string | undefined, dflt: number): number =>
    v === undefined ? dflt : cliDuration(`--${name}`, v) / 1000;
  const env = parseEnv(values.env ?? []);
  const file = positionals[0] as string;
  const loaded = await loadPlanFile(file);
  await checkWritable({ '--summary-json': values['summary-json'] });
  const p = paint(useColor(process.stdout));
  const options = {
    sla,
    startRate: num('start', values.start, 10, 0.01),
    maxRate: num('max', values.max, 100_000, 0.01),
    stepDurationS: secs('step-duration', values['step-duration'], 10),
    cooldownS: secs('cooldown', values.cooldown, 5),
    precision: num('precision', values.precision, 0.05, 0.001),
    maxVUs: num('max-vus', values['max-vus'], 2000, 1),
    run: {
      baseDir: loaded.baseDir,
      file,
      env: { ...process.env, ...env },
      ...(values.workers ? { workers: num('workers', values.workers, 1, 1) } : {}),
    },
  };
  process.stdout.write(
    `\n  breakpoint search · ${loaded.plan.name} · SLA: ${sla.map((s) => `${s.metric}: ${s.expression}`).join(', ')}\n\n`,
  );
  const signal = { stopped: false };
  let step: RunHandle | undefined;
  // The first stop request ends the search after the current step, the next one stops that step at once.
  const unlisten = stopSignals.listen((r) => {
    signal.stopped = true;
    process.stderr.write(
      `  ${describeCause(r.cause)}: ${r.count === 1 ? 'stopping after the current step (Ctrl-C again to stop it at once)' : 'stopping at once'}\n`,
    );
    if (r.count > 1) step?.abort();
  });
  if (values['ignore-hangup']) stopSignals.ignoreHangups();
  else stopSignals.watchParent();
  let result;
  try {
    result = await searchBreakpoint(loaded.plan, options, {
      signal,
      onRun: (h) => {
        step = h;
      },
      onStep: (s) => process.stdout.write(`${stepLine(s, p)}\n`),
    });
  } finally {
    unlisten();
  }
  const verdict =
    result.maxRate === null
      ? p.red(`  even ${fmtRate(options.startRate)} breaks the SLA: lower --start`)
      : p.bold(
          `  maximum working rate: ${fmtRate(result.maxRate)}${result.firstFailingRate !== null ? ` (${fmtRate(result.firstFailingRate)} failed)` : ` (no failure up to --max ${fmtRate(options.maxRate)})`}`,
        );
  process.stdout.write(`\n${verdict}\n\n`);
  if (values['summary-json']) {
    const json = `${JSON.stringify({ plan: loaded.plan.name, sla, options: { ...options, run: undefined }, ...result }, null, 2)}\n`;
    if (values['summary-json'] === '-') process.stdout.write(json);
    else await writeFile(values['summary-json'], json);
  }
  return result.stopped ? EXIT.interrupted : EXIT.passed;
}

function stepLine(s: BreakpointStep, p: ReturnType<typeof paint>): string {
  const mark = s.ok ? p.green('✓') : p.red('✗');
  const text = `  ${mark} ${fmtRate(s.rate).padStart(10)}  achieved ${fmtRate(s.achievedRate).padStart(10)}  p(95)=${fmtMs(s.p95).padEnd(8)} failed ${fmtPct(s.failedRate).padStart(7)}  dropped ${s.dropped}`;
  return s.reason ? `${text}\n      ${p.dim(s.reason)}` : text;
}
