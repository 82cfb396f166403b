/**
 * For tests: the demo's lookup service split into two protos in a temp folder (a service file importing a message
 * file from another import path), and a gRPC step list compiled and run for one VU as a worker would.
 */
import { loadStepPackages } from '../protocol-packages.ts';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MetricsRecorder } from '../../metrics/recorder.ts';
import type { Sample } from '../../metrics/sample.ts';
import type { Plan, Step } from '../../plan/schema/index.ts';
import { flowSettingsOf } from '../compile/flow-settings.ts';
import { compileSteps, type CompiledStep } from '../compile/steps.ts';
import { localPlanFiles } from '../files/plan-files.ts';
import { Dispatchers } from '../http/dispatchers.ts';
import { runIteration, type IterationOutcome, type WorkerContext } from '../vu/interpreter.ts';
import { VirtualUser } from '../vu/virtual-user.ts';
import { loadGrpcFiles } from './plan-files.ts';

/** A folder with protos/lookup.proto (the service) importing messages.proto from shared/ (importPaths: [shared]). */
export function lookupProtoDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'loadsmith-grpc-'));
  mkdirSync(join(dir, 'protos'));
  mkdirSync(join(dir, 'shared'));
  writeFileSync(
    join(dir, 'protos', 'lookup.proto'),
    `syntax = "proto3";
package lookup;
import "messages.proto";
service Lookup {
  rpc Get (LookupRequest) returns (Record);
  rpc Watch (LookupRequest) returns (stream Record);
  rpc Collect (stream LookupRequest) returns (Batch);
  rpc Chat (stream LookupRequest) returns (stream Record);
}
`,
  );
  writeFileSync(
    join(dir, 'shared', 'messages.proto'),
    `syntax = "proto3";
package lookup;
message LookupRequest { string phone = 1; int32 count = 2; }
message Record { string phone = 1; string name = 2; string city = 3; int64 id = 4; }
message Batch { repeated Record records = 1; int32 count = 2; }
`,
  );
  return dir;
}

export interface RunResult {
  outcome: IterationOutcome[];
  sample: Sample;
  vus: VirtualUser[];
}

/**
 * Runs `steps` (scenario `s`) for `vus` VUs, `iterations` each, in this thread, with the plan's failure policies;
 * files relative to `dir`. `compiled` sees the compiled steps before they run, `started` the VUs as they start.
 */
export async function runGrpcSteps(
  steps: Step[],
  dir: string,
  o: {
    vus?: number;
    iterations?: number;
    plan?: Partial<Plan>;
    compiled?: (steps: CompiledStep[]) => void;
    started?: (vus: VirtualUser[]) => void;
  } = {},
): Promise<RunResult> {
  const plan = {
    version: 1,
    name: 't',
    ...o.plan,
    scenarios: { s: { executor: 'per-vu-iterations', steps } },
  } as unknown as Plan;
  const loaded = await loadGrpcFiles(plan, localPlanFiles(dir));
  await loadStepPackages(plan);
  if (loaded.issues.length > 0) throw new Error(loaded.issues.map((i) => i.message).join('; '));
  const recorder = new MetricsRecorder();
  const dispatchers = new Dispatchers(undefined, {
    connections: 1,
    connectTimeoutMs: 5000,
    files: loaded.files,
    env: {},
  });
  const compiled = compileSteps(steps, '', {
    plan,
    scenario: 's',
    scenarioTags: undefined,
    recorder,
    files: loaded.files,
    dispatchers,
    flow: flowSettingsOf(plan)('s'),
  });
  o.compiled?.(compiled);
  const wc: WorkerContext = { dispatcher: dispatchers.default, recorder, userAgent: 'test' };
  const vus = Array.from({ length: o.vus ?? 1 }, (_, i) => new VirtualUser(i + 1, 's', {}, 'iteration'));
  const outcome: IterationOutcome[] = [];
  o.started?.(vus);
  try {
    await Promise.all(
      vus.map(async (vu) => {
        for (let i = 0; i < (o.iterations ?? 1); i++) {
          vu.beginIteration(i);
          outcome.push(await runIteration(vu, compiled, wc));
        }
      }),
    );
  } finally {
    await dispatchers.close();
  }
  return { outcome, sample: recorder.flush(0, 0, true, {}), vus };
}

/** The count of a tagged metric in a sample, over the tag sets that have every tag of `tags`. */
export function countOf(sample: Sample, metric: string, tags: Record<string, string> = {}): number {
  return (sample.tagged ?? [])
    .filter((t) => t.metric === metric && Object.entries(tags).every(([k, v]) => t.tags[k] === v))
    .reduce((n, t) => n + t.count, 0);
}
