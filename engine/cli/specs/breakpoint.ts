/** `loadsmith breakpoint`: the highest arrival rate that meets the SLAs. */
import { defineCommand } from '../spec.ts';
import { RUN_OPTIONS } from './run.ts';

const { env, workers } = RUN_OPTIONS;

export const breakpointSpec = defineCommand({
  name: 'breakpoint',
  summary: 'the highest arrival rate that meets the SLAs',
  description:
    'Runs the plan as an open model at rising rates, doubling from --start until an SLA fails, then bisecting down to --precision: the highest rate that meets every SLA. The first Ctrl-C ends the search after the current step, the second at once.',
  operands: [{ name: 'plan', help: 'the plan file', required: true, file: 'plan' }],
  options: {
    sla: {
      type: 'string',
      multiple: true,
      value: 'SLA',
      help: 'a threshold every step must meet, on http_req_duration unless it names a metric (repeatable; default: "p(95)<500" and "http_req_failed: rate<0.01")',
    },
    start: { type: 'string', value: 'RATE', help: 'the first rate, iterations/s (default 10)' },
    max: { type: 'string', value: 'RATE', help: 'the highest rate tried (default 100000)' },
    'step-duration': { type: 'string', value: 'D', help: 'how long each rate runs (default 10s)' },
    cooldown: { type: 'string', value: 'D', help: 'the pause between steps (default 5s)' },
    precision: { type: 'string', value: 'P', help: 'stop bisecting when the interval is this close (default 5%)' },
    'max-vus': { type: 'string', value: 'N', help: 'VUs a step may use at most (default 2000)' },
    env,
    workers,
    'summary-json': {
      type: 'string',
      value: 'FILE',
      file: true,
      help: 'write every step and the result as JSON (- for stdout)',
    },
    'ignore-hangup': RUN_OPTIONS['ignore-hangup'],
  },
  examples: [
    ['loadsmith breakpoint plan.yaml', 'with the default SLAs'],
    [
      'loadsmith breakpoint plan.yaml --sla "p(95)<500" --sla "http_req_failed: rate<0.01" --start 50',
      'your SLAs, from 50/s',
    ],
  ],
  notes: 'Exit codes: 0 the search ended (its result is printed) · 1 bad plan or usage · 105 stopped',
});
