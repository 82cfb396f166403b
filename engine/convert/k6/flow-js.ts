/**
 * Flow control -> plain k6 JavaScript with Loadsmith's meaning: `if`, loops (`for` with the pass counter and the
 * forEach item set while the loop runs and restored after; a while's max counted and reported when its condition
 * still holds), weighted and round-robin branches (round robin and once counted per VU: each k6 VU runs its own copy
 * of the module), and once-per-VU steps. Conditions are expressions of the plan's language, through template-js.
 */
import { DEFAULT_COUNTER, DEFAULT_ITEM } from '../../plan/loop-variables.ts';
import { formatPath } from '../../plan/path.ts';
import type { FlowStep, Step } from '../../plan/schema/index.ts';
import { templateParts } from '../template-parts.ts';
import { indent, str } from './script.ts';
import type { StepsAt } from './script.ts';
import { valueJs } from './template-js.ts';

type StepsJs = (at: StepsAt, steps: readonly Step[]) => string[];

export function flowJs(at: StepsAt, step: FlowStep, steps: StepsJs): string[] {
  const kind = Object.keys(step)[0] ?? '';
  const label = `${kind} at ${formatPath(at.path[0] === 'scenarios' ? at.path.slice(2) : at.path)}`;
  const key = str(formatPath(at.path));
  const inner = (list: readonly Step[], ...path: (string | number)[]): string =>
    steps({ ...at, path: [...at.path, ...path] }, list).join('\n');
  const block = (head: string, body: string, tail = '}'): string[] => [head, indent(body), tail];
  if ('if' in step) {
    const { then, else: otherwise } = step.if;
    return [
      `// ${label}`,
      ...block(
        `if (${exprJs(at, step.if.condition)}) {`,
        inner(then, 'if', 'then'),
        otherwise ? `} else {\n${indent(inner(otherwise, 'if', 'else'))}\n}` : '}',
      ),
    ];
  }
  if ('once' in step) {
    at.s.use('firstTime');
    return [
      `// ${label}: the first time this VU gets here`,
      ...block(`if (firstTime(${key})) {`, inner(step.once.steps, 'once', 'steps')),
    ];
  }
  if ('randomSwitch' in step || 'roundRobinSwitch' in step) {
    const random = 'randomSwitch' in step;
    const branches: { name?: string | undefined; weight?: number; steps: Step[] }[] = random
      ? step.randomSwitch
      : step.roundRobinSwitch;
    let sum = 0;
    at.s.use(random ? 'pick' : 'turn');
    const draw = random
      ? `pick(${JSON.stringify(branches.map((b) => (sum += b.weight ?? 1)))})`
      : `turn(${key}, ${branches.length})`;
    const arms = branches.flatMap((b, k) =>
      b.steps.length === 0
        ? []
        : [
            `if (branch === ${k}) { // ${b.name ?? `branch ${k + 1}`}${random ? ` (weight ${b.weight})` : ''}`,
            indent(inner(b.steps, kind, k, 'steps')),
            '}',
          ],
    );
    return [`// ${label}`, '{', indent([`const branch = ${draw};`, ...arms].join('\n')), '}'];
  }
  return loopJs(at, step, label, steps);
}

function loopJs(at: StepsAt, step: FlowStep, label: string, steps: StepsJs): string[] {
  const { s } = at;
  const n = at.loops === 0 ? '' : String(at.loops + 1);
  const pass = `pass${n}`;
  // Nested loops get their own names (pass2, list2...), so an inner loop never reads an outer one's.
  const body = (list: readonly Step[], kind: string): string =>
    steps({ ...at, loops: at.loops + 1, path: [...at.path, kind, 'steps'] }, list).join('\n');
  let counter: string;
  let item: string | undefined;
  let head: string[];
  let loopBody: string;
  if ('repeat' in step) {
    const r = step.repeat;
    counter = r.counter ?? DEFAULT_COUNTER;
    const times =
      typeof r.times === 'number'
        ? String(r.times)
        : (s.use('passes'), `passes(${exprJs(at, r.times)}, ${str(label)})`);
    head = [`const times${n} = ${times};`, `for (let ${pass} = 0; ${pass} < times${n}; ${pass}++) {`];
    loopBody = body(r.steps, 'repeat');
  } else if ('forEach' in step) {
    const f = step.forEach;
    counter = f.counter ?? DEFAULT_COUNTER;
    item = f.as ?? DEFAULT_ITEM;
    s.use('listOf');
    head = [
      `const list${n} = listOf(${exprJs(at, f.in)}, ${str(label)});`,
      `for (let ${pass} = 0; ${pass} < list${n}.length; ${pass}++) {`,
    ];
    loopBody = `vars[${str(item)}] = list${n}[${pass}];\n${body(f.steps, 'forEach')}`;
  } else {
    const [kind, w] =
      'while' in step
        ? (['while', step.while] as const)
        : 'doWhile' in step
          ? (['doWhile', step.doWhile] as const)
          : (['', undefined] as const);
    if (w === undefined) throw new Error(`not a flow step: ${Object.keys(step).join(', ')}`);
    counter = w.counter ?? DEFAULT_COUNTER;
    s.use('loopMax');
    // while checks before every pass; doWhile after each (so not before the first).
    const test = kind === 'while' ? `!(${exprJs(at, w.condition)})` : `${pass} > 0 && !(${exprJs(at, w.condition)})`;
    head = [
      `for (let ${pass} = 0; ; ${pass}++) {`,
      `  if (${test}) break;`,
      `  if (${pass} >= ${w.max}) { loopMax(${str(label)}, ${w.max}); break; }`,
    ];
    loopBody = body(w.steps, kind);
  }
  s.use('restoreVar');
  const names = item === undefined ? [counter] : [counter, item];
  const saved = names.map((v, k) => `const saved${n}_${k} = vars[${str(v)}];`);
  const restore = names.map((v, k) => `restoreVar(${str(v)}, saved${n}_${k});`);
  return [
    `// ${label}`,
    '{',
    indent(
      [
        ...saved,
        'try {',
        indent([...head, indent(`vars[${str(counter)}] = ${pass};\n${loopBody}`), '}'].join('\n')),
        '} finally {',
        indent(restore.join('\n')),
        '}',
      ].join('\n'),
    ),
    '}',
  ];
}

/** A condition, count or list of the plan's expression language as JavaScript. */
function exprJs(at: StepsAt, source: string): string {
  const parts = templateParts(source);
  const wrapped = parts.length === 1 && parts[0]?.kind === 'expr';
  return valueJs(wrapped ? source : `\${${source}}`, at.s);
}
