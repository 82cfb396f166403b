/**
 * JMeter text -> plan templates. JMeter's `${name}` is ours; its functions are mapped where Loadsmith has the same
 * (`__P`/`__property` -> `${env.NAME:-default}`, `__Random`, `__UUID`, `__time`, `__threadNum`, `__RandomString`,
 * `__urlencode`). Script functions (`__groovy`, `__javaScript`, `__jexl3`, `__BeanShell`) and the rest are never
 * run: they are reported by name and location and left out of the text. A CSV column becomes `${data.FILE.column}`;
 * a variable the test plan never sets is sent as its literal text, as JMeter sends it.
 */
import { literal, type Notes } from '../draft.ts';

export interface TextScope {
  /** Variables the plan defines or extracts (already plan names). */
  vars: ReadonlySet<string>;
  /** CSV columns: JMeter variable -> `data.feeder.column`. */
  columns: ReadonlyMap<string, string>;
  /** ForEach variables: set while their loop runs only. */
  loopOnly?: ReadonlySet<string>;
  notes: Notes;
}

/** A JMeter variable name as a plan variable name (letters, digits, _). */
export function varName(name: string): string {
  const s = name.trim().replace(/[^A-Za-z0-9_]/g, '_');
  const safe = /^[A-Za-z_]/.test(s) ? s : `_${s}`;
  return ['vu', 'iter', 'scenario', 'env', 'data'].includes(safe) ? `${safe}_` : safe;
}

/** An environment variable name for a JMeter property (`target.host` -> TARGET_HOST). */
export function envName(property: string): string {
  return (
    property
      .trim()
      .replace(/[^A-Za-z0-9_]/g, '_')
      .toUpperCase()
      .replace(/^(\d)/, '_$1') || 'PROPERTY'
  );
}

export function jmeterText(text: string, scope: TextScope, where: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('${', i);
    if (open < 0) break;
    const close = closing(text, open + 2);
    if (close < 0) break;
    out += literal(text.slice(i, open)) + reference(text.slice(open + 2, close), scope, where);
    i = close + 1;
  }
  return out + literal(text.slice(i));
}

/** The `}` that closes a `${` (nested `${...}` in function arguments skipped). */
function closing(text: string, from: number): number {
  let depth = 1;
  for (let j = from; j < text.length; j++) {
    if (text.startsWith('${', j)) {
      depth++;
      j++;
    } else if (text[j] === '}' && --depth === 0) return j;
  }
  return -1;
}

function reference(inner: string, scope: TextScope, where: string): string {
  const fn = /^__(\w+)(?:\(([\s\S]*)\))?$/.exec(inner.trim());
  if (!fn) {
    const column = scope.columns.get(inner);
    if (column !== undefined) return `\${${column}}`;
    const name = varName(inner);
    // JMeter keeps a ForEach variable's last item after the loop; here it is unset there, so it reads as '' then.
    if (scope.loopOnly?.has(name)) return `\${${name}:-}`;
    if (scope.vars.has(name)) return `\${${name}}`;
    scope.notes.add(
      'approximated',
      where,
      `variable \${${inner}} is never set in the test plan: sent as that literal text, as JMeter sends it`,
    );
    return literal(`\${${inner}}`);
  }
  const [, f = '', rawArgs = ''] = fn;
  const args = rawArgs === '' ? [] : rawArgs.split(/(?<!\\),/).map((a) => a.replace(/\\,/g, ','));
  const q = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  switch (f) {
    case 'P':
    case 'property': {
      const fallback = f === 'P' ? args[1] : args[2];
      scope.notes.add(
        'info',
        `JMeter property ${args[0] ?? ''}`,
        `\${__${f}(...)} reads the environment variable ${envName(args[0] ?? '')}`,
      );
      return `\${env.${envName(args[0] ?? '')}${fallback !== undefined && fallback !== '' ? `:-${fallback.replace(/}/g, '')}` : ''}}`;
    }
    case 'Random':
      if (isInt(args[0]) && isInt(args[1])) return `\${randomInt(${Number(args[0])}, ${Number(args[1])})}`;
      break;
    case 'UUID':
      return '${uuid()}';
    case 'time':
      if (args.length === 0 || args.every((a) => a === '')) return '${now()}';
      break;
    case 'threadNum':
      return '${vu}';
    case 'RandomString':
      if (isInt(args[0])) return `\${randomString(${Number(args[0])}${args[1] ? `, ${q(args[1])}` : ''})}`;
      break;
    case 'urlencode':
      if (args[0] !== undefined && !args[0].includes('${')) return `\${urlEncode(${q(args[0])})}`;
      break;
  }
  scope.notes.add(
    'not-imported',
    where,
    `JMeter function \${__${f}(...)}: ${['groovy', 'javaScript', 'jexl2', 'jexl3', 'BeanShell'].includes(f) ? 'a script, never run by Loadsmith' : 'Loadsmith has no equivalent'}; left out of the text (put a plan expression there)`,
  );
  return '';
}

function isInt(s: string | undefined): boolean {
  return s !== undefined && /^\s*-?\d+\s*$/.test(s);
}
