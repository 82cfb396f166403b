/**
 * The executors the load profile offers, as a table: each one's fields (what the form shows, in order) and how a
 * scenario switching to it gets its required fields. Adding an executor is one entry here (the form, the switch
 * and the stage editor read the table), plus its curve in schedule.ts if it draws something new.
 */
import { entriesOf, type ScenarioDraft } from '../core/doc/index.ts';
import { arrivalVus, iterationsFrom, keep, keepVus, previousDuration, previousRate, previousVus } from './carry.ts';

export type FieldKind = 'count' | 'rate' | 'duration' | 'stages';

export interface ExecutorField {
  key: string;
  label: string;
  kind: FieldKind;
  /** The engine's default, shown as placeholder (optional fields) — undefined for required ones. */
  placeholder?: string;
  min?: number;
  /** For stages: what a stage's target is (VUs, or an arrival rate), and whether it may have decimals. */
  targetLabel?: string;
  decimalTargets?: boolean;
}

export interface ExecutorSpec {
  name: string;
  summary: string;
  /** What the chart draws for it: VUs over time (closed model) or iterations started per second (open model). */
  draws: 'vus' | 'rate';
  fields: readonly ExecutorField[];
  /** Required fields for a scenario switching to this executor, derived from what it had so the load stays similar. */
  initial(previous: ScenarioDraft): ScenarioDraft;
}

const vus: ExecutorField = { key: 'vus', label: 'VUs', kind: 'count', placeholder: '1', min: 1 };
const maxDuration: ExecutorField = { key: 'maxDuration', label: 'Max duration', kind: 'duration', placeholder: '10m' };

const rate: ExecutorField = { key: 'rate', label: 'Rate per time unit', kind: 'rate', min: 0 };
const timeUnit: ExecutorField = { key: 'timeUnit', label: 'Time unit', kind: 'duration', placeholder: '1s' };
const preAllocatedVUs: ExecutorField = { key: 'preAllocatedVUs', label: 'Pre-allocated VUs', kind: 'count', min: 0 };
const maxVUs: ExecutorField = { key: 'maxVUs', label: 'Max VUs', kind: 'count', placeholder: 'pre-allocated', min: 1 };

/** Scenario keys every executor has; a switch keeps them. */
export const COMMON_KEYS = ['startTime', 'gracefulStop', 'tags', 'steps'] as const;

export const EXECUTORS: readonly ExecutorSpec[] = [
  {
    name: 'constant-vus',
    draws: 'vus',
    summary: 'A fixed number of VUs loop over the steps for a duration.',
    fields: [vus, { key: 'duration', label: 'Duration', kind: 'duration' }],
    initial: (p) => ({ ...keepVus(p), duration: previousDuration(p) ?? '30s' }),
  },
  {
    name: 'ramping-vus',
    draws: 'vus',
    summary: 'The number of VUs follows the stages linearly, one VU at a time.',
    fields: [
      { key: 'startVUs', label: 'Start VUs', kind: 'count', placeholder: '1', min: 0 },
      { key: 'stages', label: 'Stages', kind: 'stages', targetLabel: 'Target VUs' },
      { key: 'gracefulRampDown', label: 'Graceful ramp-down', kind: 'duration', placeholder: '30s' },
    ],
    // Ramp up to the previous level over the first 10 s, then hold it: the same load with a gentle start.
    initial: (p) => {
      const target = previousVus(p) ?? 10;
      return {
        startVUs: 0,
        stages: [
          { duration: '10s', target },
          { duration: previousDuration(p) ?? '30s', target },
        ],
      };
    },
  },
  {
    name: 'per-vu-iterations',
    draws: 'vus',
    summary: 'Each VU runs exactly this many iterations.',
    fields: [
      vus,
      { key: 'iterations', label: 'Iterations per VU', kind: 'count', placeholder: '1', min: 1 },
      maxDuration,
    ],
    // From shared-iterations: the same total, split per VU.
    initial: (p) => ({
      ...keepVus(p),
      ...iterationsFrom(p, 'shared-iterations', (total, n) => Math.max(1, Math.ceil(total / n))),
      ...keep(p, ['maxDuration'], 'string'),
    }),
  },
  {
    name: 'shared-iterations',
    draws: 'vus',
    summary: 'A fixed total of iterations shared by the VUs; faster VUs do more.',
    fields: [
      vus,
      { key: 'iterations', label: 'Total iterations', kind: 'count', placeholder: '1', min: 1 },
      maxDuration,
    ],
    // From per-vu-iterations: the same total (VUs × iterations per VU).
    initial: (p) => ({
      ...keepVus(p),
      ...iterationsFrom(p, 'per-vu-iterations', (perVu, n) => perVu * n),
      ...keep(p, ['maxDuration'], 'string'),
    }),
  },
  {
    name: 'constant-arrival-rate',
    draws: 'rate',
    summary: 'Iterations start at a fixed rate, whether or not earlier ones finished (open model).',
    fields: [rate, timeUnit, { key: 'duration', label: 'Duration', kind: 'duration' }, preAllocatedVUs, maxVUs],
    initial: (p) => ({ rate: previousRate(p) ?? 10, duration: previousDuration(p) ?? '30s', ...arrivalVus(p) }),
  },
  {
    name: 'ramping-arrival-rate',
    draws: 'rate',
    summary: 'The iteration rate follows the stages linearly (open model).',
    fields: [
      { key: 'startRate', label: 'Start rate', kind: 'rate', placeholder: '0', min: 0 },
      timeUnit,
      { key: 'stages', label: 'Stages', kind: 'stages', targetLabel: 'Target rate', decimalTargets: true },
      preAllocatedVUs,
      maxVUs,
    ],
    initial: (p) => {
      const target = previousRate(p) ?? 10;
      return {
        startRate: 0,
        stages: [
          { duration: '10s', target },
          { duration: previousDuration(p) ?? '30s', target },
        ],
        ...arrivalVus(p),
      };
    },
  },
];

export function executorSpec(name: unknown): ExecutorSpec | undefined {
  return EXECUTORS.find((e) => e.name === name);
}

/**
 * The scenario with another executor: steps, startTime, gracefulStop and tags are kept (in their place), the old
 * executor's own fields dropped, the new one's required fields filled.
 */
export function switchExecutor(scenario: ScenarioDraft, to: string): ScenarioDraft {
  const spec = executorSpec(to);
  if (!spec) return scenario;
  const common = entriesOf(scenario).filter(([k]) => (COMMON_KEYS as readonly string[]).includes(k));
  return { executor: to, ...spec.initial(scenario), ...Object.fromEntries(common) };
}
