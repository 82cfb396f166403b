/** `loadsmith k8s`: the Kubernetes manifest of a distributed run. */
import { defineCommand } from '../spec.ts';

export const k8sSpec = defineCommand({
  name: 'k8s',
  summary: 'a Kubernetes Job running the plan in N segments (pods), and how to merge them',
  description:
    'Writes a ConfigMap with the plan and its files, and an Indexed Job whose N pods each run one segment (--segment i/N), plus the commands to collect their shards and merge them. Without -o the YAML goes to stdout (pipe it to kubectl apply -f -) and the steps to stderr. Load options for every segment follow --: --vus, --duration, --iterations, --rate, --workers.',
  operands: [
    { name: 'plan', help: 'the plan file', required: true, file: 'plan' },
    { name: 'run options', help: 'after --: load options for every segment', variadic: true },
  ],
  options: {
    parallelism: { type: 'string', short: 'p', value: 'N', help: 'how many pods (segments) share the load (required)' },
    image: {
      type: 'string',
      value: 'IMAGE',
      help: 'the loadsmith image the cluster pulls (build it from deploy/Dockerfile)',
    },
    namespace: { type: 'string', short: 'n', value: 'NS', help: 'the namespace' },
    name: { type: 'string', value: 'NAME', help: "the Job's name (default: loadsmith-<plan name>)" },
    env: {
      type: 'string',
      short: 'e',
      multiple: true,
      value: 'KEY=VALUE',
      help: 'an environment variable of every pod (repeatable)',
    },
    secret: {
      type: 'string',
      multiple: true,
      value: 'NAME',
      help: 'a Secret whose keys become environment variables (repeatable)',
    },
    'start-at': {
      type: 'string',
      value: 'TIME',
      help: 'when every segment starts: +2m (from now) or 2025-03-01T10:00:00Z',
    },
    cpu: { type: 'string', value: 'N', help: 'CPU request and limit per pod (2, 500m)' },
    memory: { type: 'string', value: 'SIZE', help: 'memory request and limit per pod (512Mi, 2Gi)' },
    output: { type: 'string', short: 'o', value: 'DIR', file: true, help: 'write the manifest into DIR' },
  },
  examples: [
    [
      'loadsmith k8s plan.yaml -p 4 --image registry/loadsmith:1 | kubectl apply -f -',
      'four pods, each a quarter of the load',
    ],
    [
      'loadsmith k8s plan.yaml -p 8 --start-at +2m -o k8s/ -- --vus 400 --duration 10m',
      'a manifest file, with another load',
    ],
  ],
  notes: 'More: docs/distributed.md',
});
