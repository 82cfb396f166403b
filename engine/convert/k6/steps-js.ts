/**
 * A step list -> the body of its k6 function: requests (http.request, checks, extractions, failure policy), think
 * times (sleep, uniform between min and max), groups (group()), batches (http.batch, then each response's checks,
 * then each request's policy, once the batch is done, as in Loadsmith) and flow control (flow-js.ts).
 */
import { parseDuration } from '../../base/duration.ts';
import { requestName } from '../../plan/names.ts';
import type { Request, Step } from '../../plan/schema/index.ts';
import { policyOf, verdictLines } from './failure-js.ts';
import { flowJs } from './flow-js.ts';
import { afterResponse, requestArgs } from './request-js.ts';
import { grpcJs } from './grpc-js.ts';
import { indent, str, type StepsAt } from './script.ts';
import { websocketJs } from './websocket-js.ts';

export function stepsJs(at: StepsAt, steps: readonly Step[]): string[] {
  const { plan, s } = at;
  const lines: string[] = [];
  for (const [i, step] of steps.entries()) {
    const here = { ...at, path: [...at.path, i] };
    if ('request' in step) {
      const a = requestArgs(plan, step.request, s);
      const name = requestName(step.request);
      const p = policyOf(plan, at.list, step.request);
      const k = p ? '' : undefined;
      lines.push(
        '{',
        indent(
          [
            `const res = http.request(${a.method}, ${a.url}, ${a.body}, ${a.params});`,
            ...afterResponse(step.request, 'res', name, s, k),
            ...(p ? verdictLines(plan, at.list, step.request, p, 'res', name, '', s) : []),
          ].join('\n'),
        ),
        '}',
      );
    } else if ('think' in step) {
      const t = step.think;
      if (typeof t === 'string') lines.push(`sleep(${seconds(t)});`);
      else lines.push(`sleep(${seconds(t.min)} + Math.random() * ${round(seconds(t.max) - seconds(t.min))});`);
    } else if ('group' in step) {
      const inner = stepsJs({ ...here, path: [...here.path, 'group', 'steps'] }, step.group.steps);
      lines.push(`group(${str(step.group.name)}, () => {`, indent(inner.join('\n')), '});');
    } else if ('websocket' in step) {
      lines.push(...websocketJs(plan, step.websocket, s, at.list));
    } else if ('batch' in step) {
      lines.push(
        '{',
        indent(
          batchJs(
            at,
            step.batch.map((b) => b.request),
          ).join('\n'),
        ),
        '}',
      );
    } else if ('grpc' in step) {
      lines.push(...grpcJs(plan, step.grpc, s, at.list, at.path.includes('group')));
    } else {
      lines.push(...flowJs(here, step, stepsJs));
    }
  }
  return lines;
}

function batchJs(at: StepsAt, requests: Request[]): string[] {
  const { plan, s } = at;
  const items = requests.map((r) => {
    const a = requestArgs(plan, r, s);
    return `{ method: ${a.method}, url: ${a.url}, body: ${a.body}, params: ${a.params} },`;
  });
  const after: string[] = [];
  const verdicts: string[] = [];
  for (const [i, r] of requests.entries()) {
    const p = policyOf(plan, at.list, r);
    const name = requestName(r);
    after.push(...afterResponse(r, `responses[${i}]`, name, s, p ? String(i) : undefined));
    if (p) verdicts.push(...verdictLines(plan, at.list, r, p, `responses[${i}]`, name, String(i), s));
  }
  return ['const responses = http.batch([', ...items.map((x) => `  ${x}`), ']);', ...after, ...verdicts];
}

function seconds(d: string): number {
  return round((parseDuration(d) ?? 0) / 1000);
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
