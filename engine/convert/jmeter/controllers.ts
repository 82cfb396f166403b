/**
 * Logic controllers -> flow-control steps: Simple/Recording (their steps in place), Transaction (a group), If,
 * While, Loop, ForEach, Once Only, Throughput (a weighted choice by percent, or the first N iterations), Interleave
 * (round robin, per VU as JMeter counts per thread) and Random (an equal-weight choice). Conditions are JMeter
 * JavaScript or `${__jexl3(...)}`: simple comparisons of variables are translated; anything else is never run,
 * the branch kept with the condition `false` and a note saying what to write.
 */
import { compileExpression } from '../../template/index.ts';
import type { Step } from '../../plan/schema/index.ts';
import { boolProp, numProp, prop } from './props.ts';
import { varName } from './text.ts';
import type { Build, Scope } from './build.ts';
import { childrenOf, tagOf, textOf, type JmxElement } from './xml.ts';

type StepsOf = (children: readonly JmxElement[], scope: Scope, b: Build) => Step[];

/** Passes a JMeter loop without an end may make here: a plan's `while` needs a bound. */
export const WHILE_MAX = 1000;

export function controllerStep(e: JmxElement, scope: Scope, b: Build, stepsOf: StepsOf): Step[] | 'unknown' {
  const where = e.path.join(' › ');
  const inner = (): Step[] => stepsOf(e.children, scope, b);
  const nonEmpty = (steps: Step[]): Step[] => (steps.length > 0 ? steps : [{ think: '0s' }]);
  switch (e.tag) {
    case 'GenericController':
    case 'RecordingController':
      return inner();
    case 'TransactionController': {
      const steps = inner();
      if (boolProp(e.props, 'TransactionController.includeTimers', true) === false)
        b.notes.add(
          'info',
          where,
          "timers excluded from the transaction time: a group's duration includes its think times",
        );
      return steps.length ? [{ group: { name: e.name.replaceAll(':', '-') || 'transaction', steps } }] : [];
    }
    case 'IfController': {
      const raw = prop(e.props, 'IfController.condition') ?? '';
      if (boolProp(e.props, 'IfController.evaluateAll'))
        b.notes.add(
          'approximated',
          where,
          'evaluate for all children: the condition is checked once, before the steps',
        );
      return [{ if: { condition: condition(raw, scope, b, where), then: nonEmpty(inner()) } }];
    }
    case 'WhileController': {
      const raw = prop(e.props, 'WhileController.condition')?.trim() ?? '';
      b.notes.add(
        'approximated',
        where,
        `a JMeter While has no bound; a plan's needs one: at most ${WHILE_MAX} passes (change max)`,
      );
      const cond = raw === '' || raw === 'LAST' ? 'status() >= 200 && status() < 400' : condition(raw, scope, b, where);
      if (raw === '' || raw === 'LAST')
        b.notes.add(
          'info',
          where,
          `condition ${raw || '(empty)'}: as long as the last response succeeded, status() >= 200 && status() < 400`,
        );
      return [{ while: { condition: cond, max: WHILE_MAX, steps: nonEmpty(inner()) } }];
    }
    case 'LoopController': {
      const loops = prop(e.props, 'LoopController.loops')?.trim() ?? '1';
      if (loops === '-1') {
        b.notes.add('approximated', where, `loops forever: a plan's loop needs an end, at most ${WHILE_MAX} passes`);
        return [{ repeat: { times: WHILE_MAX, steps: nonEmpty(inner()) } }];
      }
      const times = /^\d+$/.test(loops) ? Number(loops) : loopExpression(loops, scope);
      if (times === undefined) {
        b.notes.add('not-imported', where, `loop count '${loops}': not a number or a variable; its steps run once`);
        return inner();
      }
      return [{ repeat: { times, steps: nonEmpty(inner()) } }];
    }
    case 'ForeachController': {
      const input = prop(e.props, 'ForeachController.inputVal')?.trim() ?? '';
      const as = prop(e.props, 'ForeachController.returnVal')?.trim() ?? 'item';
      const list = varName(input);
      if (!scope.vars.has(list)) {
        b.notes.add(
          'not-imported',
          where,
          `ForEach over ${input}_1, ${input}_2...: nothing in the plan extracts ${input} as a list (a JSON Extractor with match -1 does); its steps run once`,
        );
        return inner();
      }
      if (prop(e.props, 'ForeachController.startIndex') || prop(e.props, 'ForeachController.endIndex'))
        b.notes.add('approximated', where, 'start and end indexes: every item of the list is used');
      return [{ forEach: { in: list, as: varName(as), steps: nonEmpty(inner()) } }];
    }
    case 'OnceOnlyController':
      return [{ once: { steps: nonEmpty(inner()) } }];
    case 'ThroughputController':
      return throughput(e, inner(), b, where);
    case 'InterleaveControl':
    case 'RandomController': {
      // Each child is one branch: a sampler, or a controller with its steps.
      const branches = e.children
        .filter((c) => c.enabled)
        .map((c) => stepsOf([c], scope, b))
        .filter((s) => s.length > 0);
      if (branches.length === 0) return [];
      return e.tag === 'InterleaveControl'
        ? [{ roundRobinSwitch: branches.map((steps) => ({ steps })) }]
        : [{ randomSwitch: branches.map((steps) => ({ weight: 1, steps })) }];
    }
    default:
      return 'unknown';
  }
}

function throughput(e: JmxElement, steps: Step[], b: Build, where: string): Step[] {
  if (steps.length === 0) return [];
  const percent = (prop(e.props, 'ThroughputController.style') ?? '1') === '1';
  if (percent) {
    const p = floatProp(e, 'ThroughputController.percentThroughput') ?? 100;
    if (p >= 100) return steps;
    if (p <= 0) {
      b.notes.add('info', where, 'a Throughput Controller at 0 %: its steps never run, so they are not imported');
      return [];
    }
    return [
      {
        randomSwitch: [
          { weight: p, name: `${p} %`, steps },
          { weight: 100 - p, steps: [] },
        ],
      },
    ];
  }
  const n =
    floatProp(e, 'ThroughputController.maxThroughput') ?? numProp(e.props, 'ThroughputController.maxThroughput') ?? 1;
  if (!boolProp(e.props, 'ThroughputController.perThread'))
    b.notes.add(
      'approximated',
      where,
      `${n} executions in total, shared by all threads: counted per VU instead (its first ${n} iterations)`,
    );
  return [{ if: { condition: `iter < ${Math.floor(n)}`, then: steps } }];
}

/** JMeter 5 saves the percent as `<FloatProperty><name>...</name><value>50.0</value></FloatProperty>`. */
function floatProp(e: JmxElement, name: string): number | undefined {
  for (const p of e.props) {
    if (tagOf(p) !== 'FloatProperty' && tagOf(p) !== 'IntegerProperty') continue;
    const kids = childrenOf(p);
    const n = kids.find((k) => tagOf(k) === 'name');
    const v = kids.find((k) => tagOf(k) === 'value');
    if (n && v && textOf(n).trim() === name && /^-?\d+(\.\d+)?$/.test(textOf(v).trim()))
      return Number(textOf(v).trim());
  }
  const v = prop(e.props, name)?.trim();
  return v !== undefined && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : undefined;
}

function loopExpression(loops: string, scope: Scope): string | undefined {
  const m = /^\$\{(\w+)\}$/.exec(loops);
  return m && scope.vars.has(varName(m[1]!)) ? varName(m[1]!) : undefined;
}

/**
 * A JMeter condition as a plan expression: `${__jexl3(...)}`/`${__groovy(...)}` unwrapped, `"${x}"` and
 * `vars.get("x")` read as the variable x, `===` as `==`; kept only when it then compiles and reads known variables.
 */
export function condition(raw: string, scope: Scope, b: Build, where: string): string {
  let expr = raw.trim();
  const fn = /^\$\{__(jexl2|jexl3|groovy|javaScript)\(([\s\S]*)\)\}$/.exec(expr);
  if (fn) expr = fn[2]!.replace(/,\s*\w*\s*$/, '').trim();
  const unknown: string[] = [];
  const ref = (name: string): string => {
    if (name === 'JMeterThread.last_sample_ok') return '(status() >= 200 && status() < 400)';
    const column = scope.columns.get(name);
    if (column !== undefined) return column;
    const v = varName(name);
    if (!scope.vars.has(v)) unknown.push(name);
    else b.conditionVars.add(v);
    return v;
  };
  expr = expr
    .replace(/(["'])\$\{([^}]+)\}\1/g, (_m, _q: string, name: string) => ref(name))
    .replace(/\$\{([^}]+)\}/g, (_m, name: string) => ref(name))
    .replace(/vars\.get\((["'])([^"']+)\1\)/g, (_m, _q: string, name: string) => ref(name))
    .replace(/===/g, '==')
    .replace(/!==/g, '!=');
  try {
    if (unknown.length === 0) {
      compileExpression(expr);
      b.notes.add('info', where, `condition ${raw} translated to ${expr}`);
      return expr;
    }
  } catch {
    // Not the plan's language: reported below.
  }
  b.notes.add(
    'not-imported',
    where,
    `condition ${raw}: ${unknown.length ? `reads ${unknown.join(', ')}, which nothing in the plan sets` : 'JavaScript or Groovy, never run by Loadsmith'}; the steps are kept under the condition false: write it in the plan's language (plans/README.md#expressions)`,
  );
  return 'false';
}
