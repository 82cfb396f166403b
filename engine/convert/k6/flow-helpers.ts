/**
 * The helpers of exported flow control: status(), loop bounds and variables, weighted and round-robin branches,
 * once-per-VU steps and failure policies. Loadsmith counts a loop stopped at its max, an ended iteration and a
 * stopped VU as errors by kind; the script counts them in a k6 counter, `flow_errors`, tagged with the same kind.
 */
import type { Helper } from './script.ts';

export const FLOW_HELPERS: Record<string, Helper> = {
  statuses: {
    uses: [],
    code: `// What status() reads: the VU's last status and the last of each request by name (0: none yet, or no response).
const statuses = { last: 0, byName: {} };
function noteStatus(res, name) {
  statuses.last = res.status;
  statuses.byName[name] = res.status;
}`,
  },
  flowErrors: {
    uses: [],
    code: `// Loadsmith's flow errors (loop-max, iteration-ended, vu-stopped), counted by kind.
const flowErrors = new Counter('flow_errors');`,
  },
  restoreVar: {
    uses: [],
    code: `// A loop's variables hold only while it runs: a name used before gets its value back.
function restoreVar(name, value) {
  if (value === undefined) delete vars[name];
  else vars[name] = value;
}`,
  },
  passes: {
    uses: [],
    code: `function passes(n, label) {
  const count = typeof n === 'string' && n.trim() !== '' ? Number(n) : n;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > 1000000) {
    throw new Error(\`\${label}: repeat times gave \${JSON.stringify(n)}, not a whole number from 0 to 1000000\`);
  }
  return count;
}`,
  },
  listOf: {
    uses: [],
    code: `function listOf(value, label) {
  if (!Array.isArray(value)) throw new Error(\`\${label}: its list is \${value === null ? 'null' : typeof value}, not a list (extract with all: true to get one)\`);
  return value;
}`,
  },
  loopMax: {
    uses: ['flowErrors'],
    code: `// A while that still holds at its max stops there, counted and reported, never silently.
function loopMax(label, max) {
  flowErrors.add(1, { kind: 'loop-max', where: label });
  console.warn(\`\${label}: stopped at its max of \${max} passes with the condition still true\`);
}`,
  },
  pick: {
    uses: [],
    code: `// One branch drawn by weight, from the running sums of the weights.
function pick(cumulative) {
  const r = Math.random() * cumulative[cumulative.length - 1];
  const k = cumulative.findIndex((c) => r < c);
  return k < 0 ? cumulative.length - 1 : k;
}`,
  },
  turn: {
    uses: [],
    code: `// Round robin counted per VU (each VU runs its own copy of this module), as Loadsmith and JMeter count.
const turns = {};
function turn(key, branches) {
  const n = turns[key] === undefined ? 0 : turns[key];
  turns[key] = n + 1;
  return n % branches;
}`,
  },
  firstTime: {
    uses: [],
    code: `// Steps a VU runs the first time it reaches them only.
const onceDone = {};
function firstTime(key) {
  if (onceDone[key]) return false;
  onceDone[key] = true;
  return true;
}`,
  },
  failure: {
    uses: [],
    code: `// Why a request failed, as Loadsmith judges it: no response, a status outside the expected ones, a failed check,
// an extraction that found nothing (and has no default); undefined when it did not.
function failure(res, expected, checked, missed) {
  if (res.status === 0) return \`no response (\${res.error})\`;
  if (!expected(res.status)) return \`status \${res.status}\`;
  if (!checked) return 'a check failed';
  if (missed.length > 0) return \`extraction \${missed[0]} found nothing\`;
  return undefined;
}`,
  },
  endIteration: {
    uses: ['flowErrors'],
    code: `// onFailure: endIteration. The exception ends the iteration, as k6's fail() does.
function endIteration(request, why) {
  flowErrors.add(1, { kind: 'iteration-ended', request });
  throw new Error(\`'\${request}': onFailure: endIteration after \${why}\`);
}`,
  },
  stopVU: {
    uses: ['flowErrors'],
    code: `// onFailure: stopVU. k6 cannot end one VU: the VU's later iterations of the scenario send nothing (see stopped()).
const stoppedIn = {};
function stopVU(scenario, request, why) {
  stoppedIn[scenario] = true;
  flowErrors.add(1, { kind: 'vu-stopped', request });
  throw new Error(\`'\${request}': onFailure: stopVU after \${why}\`);
}`,
  },
  idleUntil: {
    uses: [],
    code: `// A stopped VU sleeps until its scenario's end (ms from its start); at least 1s, so it never spins.
function idleUntil(ms) {
  sleep(Math.max(1, (exec.scenario.startTime + ms - Date.now()) / 1000));
}`,
  },
  runFailed: {
    uses: [],
    code: `// A failure in setup or teardown: it ends it (setup: k6 aborts the run, exit code 107), or is reported.
function runFailed(what, request, why, ends) {
  if (ends) throw new Error(\`\${what} failed: '\${request}': \${why}\`);
  console.warn(\`\${what}: '\${request}': \${why}\`);
}`,
  },
};
