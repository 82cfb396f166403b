/**
 * The Kubernetes objects of a distributed run: a ConfigMap with the plan and its files, and an Indexed Job
 * (completionMode: Indexed) whose pod with index i (JOB_COMPLETION_INDEX, 0-based) runs segment i+1 of N
 * (`--segment i/N` numbers segments from 1, as k6's 1/4 is the first quarter). Each pod prints its shard as one log
 * line (`--shard-log`), collected with `kubectl logs` and merged with `loadsmith merge`. No coordinator: every pod
 * computes its own share of the plan from its index (k6's execution segments).
 */
import { stringify } from 'yaml';
import type { PlanFile } from './plan-files.ts';

export interface K8sOptions {
  name: string;
  namespace: string | undefined;
  image: string;
  parallelism: number;
  env: Record<string, string>;
  secrets: string[];
  /** ISO time all segments start at (--start-at), resolved when the manifest is made. */
  startAt: string | undefined;
  cpu: string | undefined;
  memory: string | undefined;
  /** Further `run` options for every segment (--vus, --duration, ...), already checked. */
  runArgs: string[];
  activeDeadlineSeconds: number;
}

export type K8sObject = Record<string, unknown>;

/** Single quotes for the shell, and `$` doubled: Kubernetes expands $(VAR) in args and env values first. */
export function shellWord(word: string): string {
  const quoted = /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
  return quoted.replaceAll('$', '$$$$');
}

/** The command each pod runs (in /bin/sh, for the index arithmetic). */
export function podCommand(o: K8sOptions, planPath: string): string {
  const words = ['run', `/plan/${planPath}`];
  const tail = ['--summary-json', '/results/shard.json', '--shard-log', '--quiet', '--no-color'];
  if (o.startAt) tail.push('--start-at', o.startAt);
  // $$ is Kubernetes' escape for $: the shell sees $((JOB_COMPLETION_INDEX + 1)), the 1-based segment number.
  return `exec loadsmith ${words.map(shellWord).join(' ')} --segment "$$((JOB_COMPLETION_INDEX + 1))/${o.parallelism}" ${[...tail, ...o.runArgs].map(shellWord).join(' ')}`;
}

export function k8sObjects(o: K8sOptions, files: readonly PlanFile[]): { configMap: K8sObject; job: K8sObject } {
  const labels = { 'app.kubernetes.io/name': 'loadsmith', 'app.kubernetes.io/instance': o.name };
  const meta = (name: string): K8sObject => ({ name, ...(o.namespace ? { namespace: o.namespace } : {}), labels });
  const text = files.filter((f) => f.text !== undefined);
  const binary = files.filter((f) => f.base64 !== undefined);
  const configMap: K8sObject = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: meta(`${o.name}-plan`),
    data: Object.fromEntries(text.map((f) => [f.key, f.text])),
    ...(binary.length ? { binaryData: Object.fromEntries(binary.map((f) => [f.key, f.base64])) } : {}),
  };
  const planPath = (files[0] as PlanFile).path;
  const resources =
    o.cpu || o.memory
      ? {
          resources: {
            requests: { ...(o.cpu ? { cpu: o.cpu } : {}), ...(o.memory ? { memory: o.memory } : {}) },
            limits: { ...(o.cpu ? { cpu: o.cpu } : {}), ...(o.memory ? { memory: o.memory } : {}) },
          },
        }
      : {};
  const container = {
    name: 'loadsmith',
    image: o.image,
    command: ['/bin/sh', '-c'],
    args: [podCommand(o, planPath)],
    env: [
      // Kubernetes sets it for Indexed Jobs; declared too, from the same annotation, for clusters before 1.22.
      {
        name: 'JOB_COMPLETION_INDEX',
        valueFrom: { fieldRef: { fieldPath: "metadata.annotations['batch.kubernetes.io/job-completion-index']" } },
      },
      ...Object.entries(o.env).map(([name, value]) => ({ name, value: value.replaceAll('$', '$$$$') })),
    ],
    ...(o.secrets.length ? { envFrom: o.secrets.map((name) => ({ secretRef: { name } })) } : {}),
    volumeMounts: [
      { name: 'plan', mountPath: '/plan', readOnly: true },
      { name: 'results', mountPath: '/results' },
    ],
    ...resources,
    securityContext: { runAsNonRoot: true, allowPrivilegeEscalation: false },
  };
  const job: K8sObject = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: meta(o.name),
    spec: {
      completionMode: 'Indexed',
      completions: o.parallelism,
      parallelism: o.parallelism,
      // A failed segment fails the run: no retry (a segment run twice would count twice), the other pods stop.
      backoffLimit: 0,
      activeDeadlineSeconds: o.activeDeadlineSeconds,
      template: {
        metadata: { labels },
        spec: {
          restartPolicy: 'Never',
          containers: [container],
          volumes: [
            {
              name: 'plan',
              configMap: { name: `${o.name}-plan`, items: files.map((f) => ({ key: f.key, path: f.path })) },
            },
            { name: 'results', emptyDir: {} },
          ],
        },
      },
    },
  };
  return { configMap, job };
}

/** The objects as one YAML stream, after a comment saying what it is and how to use it. */
export function k8sYaml(objects: { configMap: K8sObject; job: K8sObject }, header: readonly string[]): string {
  const comment = header.map((l) => (l ? `# ${l}` : '#')).join('\n');
  return `${comment}\n---\n${stringify(objects.configMap, { lineWidth: 0, aliasDuplicateObjects: false })}---\n${stringify(objects.job, { lineWidth: 0, aliasDuplicateObjects: false })}`;
}
