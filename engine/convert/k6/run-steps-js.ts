/**
 * What the run around the scenarios needs in k6: setup() and teardown() from the plan's setup and teardown (setup
 * returns what it extracted; k6 hands it to every VU and to teardown, as Loadsmith does), the start of a scenario
 * function for a VU that stopVU stopped, and whether responses must note their status for status().
 */
import { isArrivalRate } from '../../plan/arrival.ts';
import { parseDuration } from '../../base/duration.ts';
import type { Plan } from '../../plan/schema/index.ts';
import { fieldReferences, templateFields } from '../../plan/template-fields.ts';
import { requestsIn, SETUP, stepsIn, TEARDOWN } from '../../plan/walk.ts';
import { websocketExtractions } from '../../plan/websocket-fields.ts';
import { policyOf } from './failure-js.ts';
import { asyncIf, indent, str, type Script } from './script.ts';
import { stepsJs } from './steps-js.ts';

/** The exported setup() and teardown() functions (none when the plan has neither). */
export function runStepsCode(plan: Plan, s: Script): string[] {
  const out: string[] = [];
  if (plan.setup) {
    // What setup's requests, gRPC calls and WebSocket sessions extract, as Loadsmith hands it to every VU.
    const names = new Set([
      ...[...requestsIn(plan.setup.steps, [], SETUP, '')].flatMap((r) => Object.keys(r.request.extract ?? {})),
      ...[...stepsIn(plan.setup.steps, [], SETUP, '')].flatMap(({ step }) =>
        'grpc' in step
          ? Object.keys(step.grpc.extract ?? {})
          : 'websocket' in step
            ? websocketExtractions(step.websocket)
            : [],
      ),
    ]);
    const steps = stepsJs({ plan, s, list: SETUP, path: ['setup', 'steps'], loops: 0 }, plan.setup.steps);
    const data = `return { ${[...names].map((n) => `${str(n)}: vars[${str(n)}]`).join(', ')} };`;
    out.push(
      `// The plan's setup: once per run, before the scenarios; what it extracts every VU reads. A failure ends it and k6\n// aborts the run (exit code 107).\nexport ${asyncIf(steps)}function setup() {\n${indent(['initVars();', ...steps, data].join('\n'))}\n}`,
    );
  }
  if (plan.teardown) {
    const steps = stepsJs({ plan, s, list: TEARDOWN, path: ['teardown', 'steps'], loops: 0 }, plan.teardown.steps);
    out.push(
      `// The plan's teardown: once per run, after the scenarios, with setup's data; its failures are reported.\nexport ${asyncIf(steps)}function teardown(data) {\n${indent(['initVars(data);', ...steps].join('\n'))}\n}`,
    );
  }
  return out;
}

/**
 * A VU that onFailure: stopVU stopped runs no more iterations in its scenario. k6 cannot end one VU, so its later
 * iterations send nothing: under duration executors the first waits out the scenario; under iteration executors
 * each ends at once (and still counts in k6's iterations, which Loadsmith's stopped VU does not run).
 */
export function scenarioPrologue(plan: Plan, name: string, s: Script): string[] {
  const sc = plan.scenarios[name];
  if (sc === undefined || isArrivalRate(sc)) return [];
  const stops =
    [...requestsIn(sc.steps, [], name, '')].some((r) => policyOf(plan, name, r.request)?.onFailure === 'stopVU') ||
    [...stepsIn(sc.steps, [], name, '')].some(
      ({ step }) =>
        ('grpc' in step && policyOf(plan, name, step.grpc)?.onFailure === 'stopVU') ||
        ('websocket' in step && policyOf(plan, name, step.websocket)?.onFailure === 'stopVU'),
    );
  if (!stops) return [];
  s.use('stopVU');
  if (sc.executor === 'per-vu-iterations' || sc.executor === 'shared-iterations') {
    s.notes.add(
      'approximated',
      `scenarios.${name}`,
      "onFailure: stopVU: k6 cannot stop one VU; its remaining iterations send nothing but still count in k6's iterations (and, under shared-iterations, are not run by the other VUs)",
    );
    return [`if (stoppedIn[${str(name)}]) return; // onFailure: stopVU stopped this VU`];
  }
  const ms =
    sc.executor === 'constant-vus'
      ? (parseDuration(sc.duration) ?? 0)
      : sc.stages.reduce((t, st) => t + (parseDuration(st.duration) ?? 0), 0);
  s.use('idleUntil');
  s.exec = true;
  return [
    `if (stoppedIn[${str(name)}]) return idleUntil(${ms}); // onFailure: stopVU stopped this VU: it waits out the scenario`,
  ];
}

/** Whether any expression reads status() or status('Name'). */
export function usesStatuses(plan: Plan): boolean {
  for (const f of templateFields(plan)) {
    try {
      if (fieldReferences(f).some((r) => r.kind === 'response')) return true;
    } catch {
      // A plan that does not compile has been refused before export; nothing to note here.
    }
  }
  return false;
}
