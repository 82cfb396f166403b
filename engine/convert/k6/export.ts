/**
 * Plan -> a k6 script that runs unchanged with `k6 run`: options (scenarios with their executors, thresholds),
 * init-context files and data, the helpers its code calls, the plan variables (evaluated once per VU), one
 * exported function per scenario, and `default` for `--vus/--duration` (default-js.ts). Anything k6 cannot express
 * is a comment in the script and a report note.
 */
import type { Plan } from '../../plan/schema/index.ts';
import type { Node } from '../../template/ast.ts';
import { templateParts } from '../template-parts.ts';
import type { ExportResult } from '../types.ts';
import { feederDeclarations, rowPicks } from './data-js.ts';
import { defaultFunction } from './default-js.ts';
import { helperCode, helperNames } from './helpers.ts';
import { optionsObject, scenarioFunction } from './options.ts';
import { asyncIf, indent, jsLiteral, Script, str } from './script.ts';
import { runStepsCode, scenarioPrologue, usesStatuses } from './run-steps-js.ts';
import { stepsJs } from './steps-js.ts';
import { grpcInit } from './grpc-js.ts';
import { valueJs } from './template-js.ts';

export interface K6ExportOptions {
  /** Prepended to plan-relative file paths (body and data files), so the script finds them from where it is saved. */
  pathPrefix?: string;
  /** The plan file, named in the header comment. */
  file?: string;
}

export function exportK6(plan: Plan, o: K6ExportOptions = {}): ExportResult {
  const s = new Script(o.pathPrefix ?? '');
  s.statuses = usesStatuses(plan);
  // Only a plan with setup has data for the VUs (k6 passes setup()'s return value to every function it runs).
  const data = plan.setup ? 'data' : '';
  const options = optionsObject(plan, s);
  const scenarioCode = Object.entries(plan.scenarios).map(([name, sc]) => {
    const picks = rowPicks(plan, feedersIn(sc.steps), name, s);
    const steps = stepsJs({ plan, s, list: name, path: ['scenarios', name, 'steps'], loops: 0 }, sc.steps);
    const body = [`if (vars === undefined) initVars(${data});`, ...scenarioPrologue(plan, name, s), ...picks, ...steps];
    return `export ${asyncIf(body)}function ${scenarioFunction(name)}(${data}) {\n${indent(body.join('\n'))}\n}`;
  });
  const runSteps = runStepsCode(plan, s);
  const varsCode = variablesCode(plan, s);
  const byDefault = defaultFunction(plan, s, data);
  const grpc = grpcInit(s);
  const init = [
    ...grpc.init,
    ...feederDeclarations(plan, s),
    ...[...s.files].map(([path, v]) => `const ${v} = open(${str(s.path(path))}, 'b');`),
  ];
  const tls = plan.defaults?.http?.tls;
  if (tls?.certFile && tls.keyFile) (options as Record<string, unknown>).tlsAuth = '__TLS_AUTH__';
  if (plan.defaults?.http?.expectedStatuses)
    init.push(
      `http.setResponseCallback(http.expectedStatuses(${plan.defaults.http.expectedStatuses.map((x) => JSON.stringify(x)).join(', ')}));`,
    );
  for (const o of plan.outputs ?? [])
    s.notes.add(
      'not-exported',
      'outputs',
      `${o.kind} ${o.url}: k6 takes outputs on its command line (k6 run --out experimental-prometheus-rw, --out influxdb=..., --out experimental-opentelemetry)`,
    );
  if (plan.defaults?.http?.cookies === 'off')
    s.notes.add(
      'approximated',
      'defaults.http.cookies',
      'cookies off: each request gets a fresh cookie jar, so nothing is sent back',
    );
  const optionsText = jsLiteral(options).replace(
    '"__TLS_AUTH__"',
    `[{ cert: open(${str(s.path(tls?.certFile ?? ''))}), key: open(${str(s.path(tls?.keyFile ?? ''))}) }]`,
  );

  const imports = [
    "import http from 'k6/http';",
    "import { check, group, sleep } from 'k6';",
    ...(s.exec ? ["import exec from 'k6/execution';"] : []),
    ...(s.encoding ? ["import encoding from 'k6/encoding';"] : []),
    ...(s.sharedArray ? ["import { SharedArray } from 'k6/data';"] : []),
    ...(s.ws ? ["import ws from 'k6/ws';"] : []),
    ...(helperNames(s.used).has('flowErrors') ? ["import { Counter } from 'k6/metrics';"] : []),
    ...grpc.imports,
  ];
  const notes = s.notes.list;
  const header = [
    `// k6 script exported by Loadsmith from the plan "${plan.name}"${o.file ? ` (${o.file})` : ''}.`,
    "// Run it with: k6 run script.js   (environment variables: k6 run -e NAME=value script.js): the plan's own load,",
    '// from `options`. `k6 run --vus 10 --duration 30s script.js` overrides it, as for any k6 script.',
    ...byDefault.header,
    ...(notes.length
      ? [
          '// Not expressed exactly in k6 (see also the export report):',
          ...notes.map((n) => `//   - ${n.where}: ${n.message}`),
        ]
      : []),
  ];
  const text = [
    header.join('\n'),
    imports.join('\n'),
    `export const options = ${optionsText};`,
    ...(init.length ? [init.join('\n')] : []),
    "// This VU's variables: the plan's, then values extracted from responses (each VU runs its own copy of this module).\nlet vars;\n// This iteration's data rows, by data file name.\nconst row = {};",
    varsCode,
    helperCode(s.used),
    ...runSteps,
    ...scenarioCode,
    byDefault.code,
  ]
    .filter((x) => x !== '')
    .join('\n\n');
  return { text: `${text}\n`, notes };
}

function variablesCode(plan: Plan, s: Script): string {
  const entries = Object.entries(plan.variables ?? {});
  const lines = entries.map(([k, v]) => `vars[${str(k)}] = ${valueJs(v, s)};`);
  const setupData = plan.setup
    ? ['// What setup extracted: read-only data for every VU.', 'if (data) Object.assign(vars, data);']
    : [];
  const body = ['vars = {};', ...lines, ...setupData].join('\n');
  return `// The plan's variables, evaluated once per VU, in order (each may use the ones above it).\nfunction initVars(${plan.setup ? 'data' : ''}) {\n${indent(body)}\n}`;
}

/** Data files a scenario's templates read. */
function feedersIn(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    for (const p of templateParts(value)) if (p.kind === 'expr') dataNodes(p.node, out);
  } else if (Array.isArray(value)) for (const v of value) feedersIn(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) feedersIn(v, out);
  return out;
}

function dataNodes(n: Node, out: Set<string>): void {
  if (n.kind === 'data') out.add(n.feeder);
  else if (n.kind === 'member') {
    dataNodes(n.object, out);
    if (typeof n.key === 'object') dataNodes(n.key, out);
  } else if (n.kind === 'call') for (const a of n.args) dataNodes(a, out);
  else if (n.kind === 'neg' || n.kind === 'not') dataNodes(n.operand, out);
  else if (n.kind === 'binary') {
    dataNodes(n.left, out);
    dataNodes(n.right, out);
  }
}
