import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Step, type Plan } from '../../../../../engine/plan/index.ts';
import {
  asDraft,
  branchesOf,
  childList,
  childrenOf,
  containerOf,
  entriesOf,
  keysOf,
  listOf,
  objectOf,
  planOf,
  requestAt,
  requestOf,
  scenarioAt,
  scenarioEntries,
  scenarioNames,
  STEP_KIND_NAMES,
  STEP_KINDS,
  stepAt,
  stepKind,
  stepsAt,
  type RequestDraft,
  type ScenarioDraft,
} from './index.ts';
import demoYaml from '../../../../../plans/demo.yaml?raw';

const demo = parse(demoYaml) as Plan;

describe('drafts of a valid plan', () => {
  it('read what the plan holds, typed by the schema', () => {
    const [name, scenario] = Object.entries(demo.scenarios)[0] ?? [];
    expect(scenarioNames(demo)).toEqual(Object.keys(demo.scenarios));
    expect(scenarioAt(demo, name ?? '')).toBe(scenario);
    const steps = stepsAt(demo, ['scenarios', name ?? '', 'steps']);
    expect(steps).toBe(scenario?.steps);
    const first = steps.findIndex((s) => stepKind(s) === 'request');
    const request: RequestDraft | undefined = requestAt(demo, ['scenarios', name ?? '', 'steps', first, 'request']);
    expect(request).toBeDefined();
    expect(typeof request?.url).toBe('string');
    expect(requestOf(stepAt(demo, ['scenarios', name ?? '', 'steps', first]))).toBe(request);
  });

  it('keep the schema names: an unknown key or an unchecked value does not compile', () => {
    const sc: ScenarioDraft = { executor: 'constant-vus', vus: 2 };
    // @ts-expect-error `vu` is not a scenario key
    expect(sc.vu).toBeUndefined();
    // @ts-expect-error a draft's vus may be a stray (text typed in YAML): check it is a number first
    expect(sc.vus + 1).toBe(3);
    expect(typeof sc.vus === 'number' ? sc.vus + 1 : 0).toBe(3);
  });
});

describe('drafts of a plan being typed', () => {
  it('hand out only what is what it claims to be', () => {
    const draft = asDraft<Plan>({
      scenarios: { a: 'not yet', b: { steps: 'none', stages: [1, { target: 'x' }] } },
      defaults: [],
    });
    const plan = planOf(draft);
    expect(scenarioEntries(draft)).toEqual([
      ['a', undefined],
      ['b', { steps: 'none', stages: [1, { target: 'x' }] }],
    ]);
    expect(objectOf(plan.defaults)).toBeUndefined();
    expect(listOf(scenarioAt(draft, 'b')?.steps)).toEqual([]);
    expect(listOf(scenarioAt(draft, 'b')?.stages).map((s) => objectOf(s)?.target)).toEqual([undefined, 'x']);
    expect(stepsAt(draft, ['scenarios', 'a', 'steps'])).toEqual([]);
    expect(requestAt(draft, ['scenarios', 'b', 'steps', 0, 'request'])).toBeUndefined();
    expect(planOf(null)).toEqual({});
    expect(entriesOf('x')).toEqual([]);
    expect(keysOf([1, 2])).toEqual([]);
  });

  it('never throw, whatever the document holds', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(fc.oneof(fc.string(), fc.nat(5)), { maxLength: 6 }), (doc, path) => {
        planOf(doc);
        scenarioEntries(doc);
        stepsAt(doc, path);
        const step = stepAt(doc, path);
        stepKind(step);
        childrenOf(step);
        branchesOf(step);
        requestAt(doc, [...path, 'request']);
        for (const [, sc] of scenarioEntries(doc)) listOf(sc?.steps).forEach((s) => childrenOf(s));
      }),
    );
  });
});

describe('step kinds', () => {
  it('make steps the engine accepts, and know where their children go', () => {
    for (const kind of STEP_KIND_NAMES) {
      const step = STEP_KINDS[kind].create();
      expect(Step.safeParse(step).success, kind).toBe(true);
      expect(stepKind(step)).toBe(kind);
      const list = childList(['scenarios', 's', 'steps', 3], kind);
      const branches = branchesOf(step);
      if (list) {
        expect(containerOf(list)).toEqual({ step: ['scenarios', 's', 'steps', 3], kind });
        expect(childrenOf(step).length).toBeGreaterThan(0);
        expect(branches).toEqual([]);
      } else if (branches.length > 0) {
        // Several lists (an if, a switch): each is a list of this step, and the steps of all of them are its children.
        for (const b of branches)
          expect(containerOf(['scenarios', 's', 'steps', 3, ...b.path]), `${kind} ${b.name}`).toEqual({
            step: ['scenarios', 's', 'steps', 3],
            kind,
          });
        expect(childrenOf(step).length).toBeGreaterThan(0);
      } else {
        expect(childrenOf(step)).toEqual([]);
      }
    }
    expect(stepKind({ wait: '1s' })).toBe('unknown');
    expect(stepKind('think')).toBe('unknown');
    // A scenario's own steps belong to no container, even a scenario named like a container's key.
    expect(containerOf(['scenarios', 'group', 'steps'])).toBeNull();
    expect(containerOf(['scenarios', 'if', 'steps'])).toBeNull();
    expect(containerOf(['scenarios', 's', 'steps', 0, 'if', 'condition'])).toBeNull();
    expect(containerOf(['scenarios', 's', 'steps', 0, 'randomSwitch', 'x', 'steps'])).toBeNull();
  });

  it("name the branches of an if and a switch, with each weighted branch's share", () => {
    expect(
      branchesOf({ if: { condition: 'x', then: [] } }).map((b) => [b.name, b.optional ?? false, b.detail ?? '']),
    ).toEqual([
      ['then', false, ''],
      ['else', true, 'none: add or drop steps here'],
    ]);
    expect(branchesOf({ if: { condition: 'x', then: [], else: [] } })[1]?.detail).toBeUndefined();
    const weighted = branchesOf({
      randomSwitch: [
        { weight: 7, name: 'browse', steps: [] },
        { weight: 3, steps: [] },
        { weight: 'x', steps: [] },
      ],
    });
    expect(weighted.map((b) => [b.path, b.name, b.detail])).toEqual([
      [['randomSwitch', 0, 'steps'], 'browse', 'weight 7 (70 %)'],
      [['randomSwitch', 1, 'steps'], 'branch 2', 'weight 3 (30 %)'],
      [['randomSwitch', 2, 'steps'], 'branch 3', 'weight ?'],
    ]);
    expect(
      branchesOf({ roundRobinSwitch: [{ steps: [] }, { name: 'b', steps: [] }] }).map(
        (b) => `${b.name}: ${b.detail ?? ''}`,
      ),
    ).toEqual(['branch 1: turn 1', 'b: turn 2']);
    expect(branchesOf({ randomSwitch: 'half-typed' })).toEqual([]);
  });
});
