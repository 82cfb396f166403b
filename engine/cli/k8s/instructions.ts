/** The steps around a generated manifest: apply, wait, collect the shards from the pods' logs, merge, clean up. */
import type { K8sOptions } from './manifest.ts';

/** `manifest`: the file written (-o), or undefined when the YAML went to stdout. */
export function instructions(o: K8sOptions, manifest: string | undefined): string[] {
  const ns = o.namespace ? ` -n ${o.namespace}` : '';
  const wait = Math.ceil(o.activeDeadlineSeconds / 60);
  return [
    `Distributed run '${o.name}': ${o.parallelism} pods, pod i runs segment i+1/${o.parallelism} of the plan (Kubernetes Indexed Job).`,
    '',
    `1. Start it (the image must be pullable by the cluster: docker build -f deploy/Dockerfile -t ${o.image} . && docker push ${o.image}):`,
    manifest
      ? `     kubectl apply -f ${manifest}`
      : `     kubectl apply -f ${o.name}.yaml      (this YAML, saved; or pipe it: loadsmith k8s ... | kubectl apply -f -)`,
    '2. Wait until every segment has finished:',
    `     kubectl${ns} wait --for=condition=complete job/${o.name} --timeout=${wait}m`,
    `   (a failed pod fails the Job and stops the others: kubectl${ns} describe job/${o.name}; kubectl${ns} logs -l job-name=${o.name} --tail=50)`,
    '3. Collect the shards (each pod printed its own as a loadsmith-shard log line):',
    `     kubectl${ns} logs -l job-name=${o.name} --tail=-1 > ${o.name}-shards.log`,
    "4. Merge them: the whole run's summary, its thresholds and exit code (0 passed, 99 a threshold failed):",
    `     loadsmith merge ${o.name}-shards.log -o ${o.name}.json --html ${o.name}.html --junit ${o.name}.xml`,
    "5. Clean up (the pods' logs go with the Job):",
    `     kubectl${ns} delete job/${o.name} configmap/${o.name}-plan`,
    ...(o.startAt
      ? [
          '',
          `Every segment starts at ${o.startAt}: apply before then (a segment started late is noted in the merged summary).`,
        ]
      : []),
  ];
}
