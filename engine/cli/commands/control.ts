/** `loadsmith pause|resume|scale|status`: mid-run control of a running `loadsmith run` (control/client.ts). */
import { fmtMs } from '../../report/format.ts';
import { describeChange } from '../../report/phase-text.ts';
import type { ControlReply, RunEntry, StatusReply } from '../control/api.ts';
import { findRun, pauseRun, resumeRun, runStatus, scaleRun } from '../control/client.ts';
import { controlDir, runningRuns } from '../control/registry.ts';
import { parse } from '../parser.ts';
import { pauseSpec, resumeSpec, scaleSpec, statusSpec } from '../specs/control.ts';
import { UsageError } from '../usage.ts';

const say = (text: string): void => {
  process.stdout.write(`${text}\n`);
};

function noOperands(positionals: readonly string[]): void {
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
}

/** "from 42s (test time)". */
const from = (r: ControlReply): string => `from ${fmtMs(r.events[0]?.atMs ?? 0)} (test time)`;

export async function pauseCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parse(argv, pauseSpec);
  noOperands(positionals);
  const r = await pauseRun(await findRun(values.run));
  say(
    r.events.length === 0
      ? 'already paused: nothing changed (loadsmith resume goes on)'
      : `paused ${from(r)}: no new iterations start; running ones finish. Go on with: loadsmith resume`,
  );
  return 0;
}

export async function resumeCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parse(argv, resumeSpec);
  noOperands(positionals);
  const r = await resumeRun(await findRun(values.run));
  say(r.events.length === 0 ? 'not paused: nothing changed' : `resumed ${from(r)}`);
  return 0;
}

export async function scaleCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parse(argv, scaleSpec);
  noOperands(positionals);
  if ((values.vus === undefined) === (values.rate === undefined))
    throw new UsageError(
      'give either --vus N (closed-model scenarios) or --rate R (iterations per second, open-model scenarios)',
    );
  const vus = values.vus === undefined ? undefined : Number(values.vus);
  if (vus !== undefined && (!Number.isInteger(vus) || vus < 0))
    throw new UsageError(`--vus: '${values.vus}' is not a whole number of 0 or more`);
  const rate = values.rate === undefined ? undefined : Number(values.rate);
  if (rate !== undefined && (!Number.isFinite(rate) || rate < 0))
    throw new UsageError(`--rate: '${values.rate}' is not a number of 0 or more (iterations per second)`);
  const r = await scaleRun(await findRun(values.run), {
    ...(values.scenario !== undefined ? { scenario: values.scenario } : {}),
    ...(vus !== undefined ? { vus } : { rate: rate as number }),
  });
  say(
    `scaled ${from(r)}, to the end of the scenario: ${r.events.map((e) => describeChange({ kind: 'scale', scenario: e.scenario ?? '', ...(e.vus !== undefined ? { vus: e.vus } : { rate: e.rate ?? 0 }) })).join(', ')}${r.state.paused ? ' (the run is paused: from resume on)' : ''}`,
  );
  return 0;
}

export async function statusCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parse(argv, statusSpec);
  noOperands(positionals);
  const runs = values.run === undefined ? await runningRuns(controlDir()) : [await findRun(values.run)];
  if (runs.length === 0) {
    say('no loadsmith run is going (for this user, with mid-run control on)');
    return 0;
  }
  for (const run of runs) say(statusText(run, await runStatus(run)));
  return 0;
}

function statusText(run: RunEntry, s: StatusReply): string {
  const head = `${run.pid}  ${s.plan || run.file} (${run.file})  ${run.address}  ${s.running ? `running, ${fmtMs(s.elapsedMs ?? 0)}${s.state?.paused ? ', paused' : ''}` : 'not running a test now'}`;
  if (s.refusal) return `${head}\n  ${s.refusal}`;
  const lines = (s.scenarios ?? []).map((sc) => {
    const target = s.state?.targets[sc.name];
    const set = target
      ? 'vus' in target
        ? `${target.vus} VUs (set)`
        : `${target.rate} iterations/s (set)`
      : 'as planned';
    const scale =
      sc.scale && typeof sc.scale === 'object' && 'unit' in sc.scale
        ? sc.scale.unit === 'vus'
          ? 'scale --vus'
          : 'scale --rate'
        : 'pause/resume only';
    return `  ${sc.name}  ${sc.executor}  ${set}  [${scale}]`;
  });
  return [head, ...lines].join('\n');
}
