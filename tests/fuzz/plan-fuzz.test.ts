/**
 * The seeded plan fuzzer: plan-like documents generated after the schema (as YAML, JSON, or values that never
 * were text) and raw edits of the example plans. Whatever comes in, parsing ends in one of the documented
 * outcomes, in bounded time: a valid plan (which round-trips through YAML), or a PlanError whose every issue has
 * a path and, for text, a line:column inside the text. Anything else thrown is a bug.
 *
 * CI runs a fixed seed. A larger run by hand:
 *   LOADSMITH_FUZZ_RUNS=20000 LOADSMITH_FUZZ_SEED=$RANDOM npx vitest run tests/fuzz
 * (RUNS is per property; a failure prints the seed and the path that replays it.)
 */
import fc from 'fast-check';
import { stringify } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePlan, PlanError, validatePlanValue, type Plan } from '../../engine/plan/index.ts';
import { mutatedPlanDocument } from './plan-arbitrary.ts';
import { EXAMPLES } from './examples.ts';
import { mutatedText } from './text-mutations.ts';

const SEED = Number(process.env.LOADSMITH_FUZZ_SEED ?? 20_260_601);
const RUNS = Number(process.env.LOADSMITH_FUZZ_RUNS ?? 3000);
/** Bound on one case (inputs up to ~100 KB take milliseconds; a super-linear path takes seconds): generous for a loaded CI machine. */
const CASE_MS = 5000;
const FILE = 'plans/fuzzed.yaml';

interface Tally {
  valid: number;
  refused: number;
  slowestMs: number;
}
const tallies = new Map<string, Tally>();

/** Runs one case: `parse` must give a plan or throw a PlanError (checked by `refusal`), within CASE_MS. */
function outcome(property: string, parse: () => Plan, refusal: (e: PlanError) => void): Plan | undefined {
  const tally = tallies.get(property) ?? { valid: 0, refused: 0, slowestMs: 0 };
  tallies.set(property, tally);
  const started = performance.now();
  let plan: Plan | undefined;
  try {
    plan = parse();
    tally.valid++;
  } catch (e) {
    if (!(e instanceof PlanError)) throw e;
    refusal(e);
    tally.refused++;
  }
  const ms = performance.now() - started;
  tally.slowestMs = Math.max(tally.slowestMs, ms);
  expect(ms, 'time for one case').toBeLessThan(CASE_MS);
  return plan;
}

/** Every issue has a path; for text, a line:column inside it; and the message names the file. */
function locatedIn(text: string | undefined): (e: PlanError) => void {
  return (e) => {
    expect(e.issues.length).toBeGreaterThan(0);
    for (const issue of e.issues) {
      expect(Array.isArray(issue.path), e.message).toBe(true);
      expect(issue.message.length, e.message).toBeGreaterThan(0);
      if (text === undefined) continue;
      expect(issue.position, `no line:column for: ${issue.message}`).toBeDefined();
      expect(issue.position?.line).toBeGreaterThanOrEqual(1);
      expect(issue.position?.line).toBeLessThanOrEqual(text.split('\n').length);
      expect(issue.position?.column).toBeGreaterThanOrEqual(1);
    }
    if (text !== undefined) expect(e.message.startsWith(`${FILE}:`), e.message).toBe(true);
  };
}

/** A valid plan is still valid, and the same, after being written as YAML and read again (export -> edit -> import). */
function roundTrips(plan: Plan): void {
  const again = parsePlan(stringify(plan), FILE).plan;
  expect(again).toEqual(plan);
}

const text = (doc: unknown, style: 'block' | 'flow' | 'json' | 'json-pretty'): string =>
  style === 'json'
    ? JSON.stringify(doc)
    : style === 'json-pretty'
      ? JSON.stringify(doc, null, 2)
      : stringify(doc, { collectionStyle: style, lineWidth: 0 });

const params = { seed: SEED, numRuns: RUNS };

describe(`plan fuzzer (seed ${SEED}, ${RUNS} cases per property)`, () => {
  const timeout = Math.max(120_000, RUNS * 100);

  it(
    'documents shaped like the schema, written as YAML or JSON: a valid plan that round-trips, or located issues',
    () => {
      fc.assert(
        fc.property(
          mutatedPlanDocument,
          fc.constantFrom('block' as const, 'flow' as const, 'json' as const, 'json-pretty' as const),
          (doc, style) => {
            const source = text(doc, style);
            const plan = outcome('schema-shaped text', () => parsePlan(source, FILE).plan, locatedIn(source));
            if (plan) roundTrips(plan);
          },
        ),
        params,
      );
    },
    timeout,
  );

  it(
    "the same documents as values (the app's database and API): a valid plan, or issues with a path",
    () => {
      fc.assert(
        fc.property(mutatedPlanDocument, (doc) => {
          outcome('schema-shaped values', () => validatePlanValue(doc).plan, locatedIn(undefined));
        }),
        params,
      );
    },
    timeout,
  );

  it(
    'example plans with raw edits: a valid plan, or located issues',
    () => {
      fc.assert(
        fc.property(mutatedText(EXAMPLES), (source) => {
          const plan = outcome('edited examples', () => parsePlan(source, FILE).plan, locatedIn(source));
          if (plan) roundTrips(plan);
        }),
        params,
      );
    },
    timeout,
  );

  afterAll(() => {
    for (const [property, t] of tallies)
      console.log(
        `plan fuzzer, ${property}: ${t.valid} valid, ${t.refused} refused, slowest ${t.slowestMs.toFixed(0)} ms`,
      );
  });
});
