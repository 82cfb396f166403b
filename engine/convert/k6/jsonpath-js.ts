/**
 * JSONPath -> the step list the script's `jp()` helper walks: names (`.a`, `['a']`), indexes (`[0]`, `[-1]`),
 * wildcards (`[*]`, `.*`), descendants (`..a`, `..*`) and slices. Filters and unions are not translated
 * (undefined): the exporter reports the check or extraction instead of guessing.
 */
type Step = [string, ...(string | number | undefined)[]];

export function jsonPathSteps(path: string): string | undefined {
  const steps: Step[] = [];
  let i = path.startsWith('$') ? 1 : 0;
  const name = /^[A-Za-z_$][\w$-]*/;
  while (i < path.length) {
    const rest = path.slice(i);
    const deep = rest.startsWith('..');
    const p = deep ? '..' : '';
    if (rest.startsWith('.') && !rest.startsWith('.[') && !(deep && rest.startsWith('..['))) {
      const after = rest.slice(deep ? 2 : 1);
      if (after.startsWith('*')) {
        steps.push([`${p}all`]);
        i += (deep ? 2 : 1) + 1;
        continue;
      }
      const m = name.exec(after);
      if (!m) return undefined;
      steps.push([`${p}name`, m[0]]);
      i += (deep ? 2 : 1) + m[0].length;
      continue;
    }
    const open = deep ? 2 : rest.startsWith('.[') ? 1 : 0;
    if (rest[open] !== '[') return undefined;
    const close = bracketEnd(rest, open);
    if (close < 0) return undefined;
    const inner = rest.slice(open + 1, close).trim();
    const step = bracket(inner, p);
    if (!step) return undefined;
    steps.push(step);
    i += close + 1;
  }
  return JSON.stringify(steps);
}

function bracket(inner: string, p: string): Step | undefined {
  if (inner === '*') return [`${p}all`];
  if (/^-?\d+$/.test(inner)) return [`${p}index`, Number(inner)];
  const quoted = /^'((?:[^'\\]|\\.)*)'$|^"((?:[^"\\]|\\.)*)"$/.exec(inner);
  if (quoted) return [`${p}name`, (quoted[1] ?? quoted[2] ?? '').replace(/\\(.)/g, '$1')];
  const slice = /^(-?\d+)?\s*:\s*(-?\d+)?\s*(?::\s*(-?\d+)?)?$/.exec(inner);
  if (slice && p === '') return ['slice', num(slice[1]), num(slice[2]), num(slice[3])];
  return undefined;
}

function num(s: string | undefined): number | undefined {
  return s === undefined ? undefined : Number(s);
}

/** Index of the `]` closing the `[` at `open`, skipping quoted strings. */
function bracketEnd(s: string, open: number): number {
  let quote = '';
  for (let i = open + 1; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === ']') return i;
  }
  return -1;
}
