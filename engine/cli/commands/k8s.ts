/**
 * `loadsmith k8s <plan> --parallelism N [--image IMAGE] [--namespace NS] [--name NAME] [-e K=V] [--secret NAME]
 * [--start-at +2m] [--cpu N] [--memory SIZE] [-o DIR] [-- --vus 100 ...]`: the Kubernetes manifest of a distributed
 * run (a ConfigMap with the plan, an Indexed Job of N segments) and the commands to collect and merge its shards.
 * Without -o the YAML goes to stdout (pipe it to kubectl apply -f -) and the steps to stderr.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadPlanFile } from '../../plan/file.ts';
import { planMaxDurationMs } from '../../plan/schedule.ts';
import { instructions } from '../k8s/instructions.ts';
import { k8sObjects, k8sYaml, type K8sOptions } from '../k8s/manifest.ts';
import { defaultName, DEFAULT_IMAGE, parseK8sArgs } from '../k8s/options.ts';
import { planFiles } from '../k8s/plan-files.ts';
import { applyOverrides } from '../overrides.ts';
import { EXIT, UsageError } from '../usage.ts';

/** Time a Job may take beyond the plan's longest duration (image pulls, scheduling, the start wait) before Kubernetes stops it. */
const DEADLINE_MARGIN_S = 900;

export async function k8sCommand(argv: readonly string[]): Promise<number> {
  const args = parseK8sArgs(argv);
  const loaded = await loadPlanFile(args.plan);
  const plan = applyOverrides(loaded.plan, args.run);
  const { files, warnings } = await planFiles(args.plan, loaded.plan, loaded.baseDir);
  const startWaitS = args.startAt ? Math.max(0, Math.ceil((Date.parse(args.startAt) - Date.now()) / 1000)) : 0;
  const options: K8sOptions = {
    name: args.name ?? defaultName(plan.name),
    namespace: args.namespace,
    image: args.image,
    parallelism: args.parallelism,
    env: args.env,
    secrets: args.secrets,
    startAt: args.startAt,
    cpu: args.cpu,
    memory: args.memory,
    runArgs: args.runArgs,
    activeDeadlineSeconds: Math.ceil(planMaxDurationMs(plan) / 1000) + startWaitS + DEADLINE_MARGIN_S,
  };
  if (!args.imageGiven)
    warnings.push(
      `no --image: using ${DEFAULT_IMAGE}; build deploy/Dockerfile, push it to a registry your cluster pulls from and pass --image REGISTRY/loadsmith:TAG`,
    );
  const needed = [...new Map(loaded.env.filter((e) => !e.hasDefault).map((e) => [e.name, e])).keys()].filter(
    (n) => args.env[n] === undefined,
  );
  if (needed.length > 0 && args.secrets.length === 0)
    warnings.push(
      `the plan reads ${needed.join(', ')} from the environment: pass --env NAME=VALUE, or --secret NAME for a Secret holding them`,
    );

  const file = args.output === undefined ? undefined : join(args.output, `${options.name}.yaml`);
  const steps = instructions(options, file);
  const yaml = k8sYaml(k8sObjects(options, files), [`loadsmith k8s ${argv.join(' ')}`, '', ...steps]);
  for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
  if (file === undefined) {
    process.stdout.write(yaml);
    process.stderr.write(`\n${steps.join('\n')}\n`);
    return EXIT.passed;
  }
  try {
    await mkdir(args.output as string, { recursive: true });
    await writeFile(file, yaml);
  } catch (e) {
    throw new UsageError(`-o ${args.output}: cannot write ${file}: ${(e as Error).message}`);
  }
  process.stdout.write(`  manifest: ${file}\n\n${steps.join('\n')}\n`);
  return EXIT.passed;
}
