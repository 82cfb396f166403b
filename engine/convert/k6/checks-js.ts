/**
 * Plan checks -> k6 `check()` entries with the same names (so per-check results compare one to one) and the same
 * rules: status forms, headers by any case, JSONPath operators on the first match, body text, duration.
 */
import { parseDuration } from '../../base/duration.ts';
import { checkName } from '../../plan/names.ts';
import type { Check } from '../../plan/schema/index.ts';
import { jsonPathSteps } from './jsonpath-js.ts';
import { str, type Script } from './script.ts';
import { valueJs } from './template-js.ts';

/** `'name': (r) => ...` entries; a check that cannot be translated is a comment and a note. */
export function checkEntries(checks: readonly Check[], s: Script, where: string): string[] {
  const entries: string[] = [];
  for (const c of checks) {
    const name = checkName(c);
    const fn = checkFn(c, s);
    if (fn === undefined) {
      s.notes.add(
        'not-exported',
        where,
        `check '${name}': its JSONPath has filters or unions, which the script's jp() does not evaluate`,
      );
      entries.push(`// not exported: ${name.replace(/\n/g, ' ')}`);
    } else entries.push(`${str(name)}: (r) => ${fn},`);
  }
  return entries;
}

function checkFn(c: Check, s: Script): string | undefined {
  if ('status' in c) {
    const st = c.status;
    if (typeof st === 'number') return `r.status === ${st}`;
    if (typeof st === 'string') return `Math.floor(r.status / 100) === ${st[0]}`;
    if (Array.isArray(st)) return `${JSON.stringify(st)}.includes(r.status)`;
    return `r.status >= ${st.min} && r.status <= ${st.max}`;
  }
  if ('duration' in c) {
    const parts = [];
    if (c.duration.lt !== undefined) parts.push(`r.timings.duration < ${parseDuration(c.duration.lt) ?? 0}`);
    if (c.duration.lte !== undefined) parts.push(`r.timings.duration <= ${parseDuration(c.duration.lte) ?? 0}`);
    return parts.join(' && ');
  }
  if ('header' in c) {
    s.use('hdr');
    const h = `hdr(r, ${str(c.header)})`;
    if (c.exists === false) return `${h} === undefined`;
    const parts = [`(h) => h !== undefined`];
    if (c.equals !== undefined) parts.push(`h === ${valueJs(c.equals, s)}`);
    if (c.contains !== undefined) parts.push(`h.includes(${valueJs(c.contains, s)})`);
    if (c.matches !== undefined) parts.push(`new RegExp(${str(c.matches)}).test(h)`);
    return `(${parts.join(' && ')})(${h})`;
  }
  if ('body' in c) {
    const b = c.body;
    const parts = ["typeof r.body === 'string'"];
    if (b.contains !== undefined) parts.push(`r.body.includes(${valueJs(b.contains, s)})`);
    if (b.notContains !== undefined) parts.push(`!r.body.includes(${valueJs(b.notContains, s)})`);
    if (b.matches !== undefined) parts.push(`new RegExp(${str(b.matches)}).test(r.body)`);
    if (b.equals !== undefined) parts.push(`r.body === ${valueJs(b.equals, s)}`);
    return parts.join(' && ');
  }
  const steps = jsonPathSteps(c.jsonPath);
  if (steps === undefined) return undefined;
  s.use('jp');
  const m = `jp(r, ${steps})`;
  if (c.exists === false) return `${m}.length === 0`;
  const ops: string[] = [];
  if (c.equals !== undefined) {
    s.use('deq');
    ops.push(`deq(x, ${valueJs(c.equals, s)})`);
  }
  if (c.notEquals !== undefined) {
    s.use('deq');
    ops.push(`!deq(x, ${valueJs(c.notEquals, s)})`);
  }
  for (const [op, sym] of [
    ['gt', '>'],
    ['gte', '>='],
    ['lt', '<'],
    ['lte', '<='],
  ] as const) {
    if (c[op] !== undefined) {
      s.use('n0');
      ops.push(`n0(x) ${sym} ${c[op]}`);
    }
  }
  if (c.contains !== undefined) {
    s.use('deq');
    ops.push(
      `(Array.isArray(x) ? x.some((y) => deq(y, ${valueJs(c.contains, s)})) : typeof x === 'string' && x.includes(String(${valueJs(c.contains, s)})))`,
    );
  }
  if (c.matches !== undefined)
    ops.push(`new RegExp(${str(c.matches)}).test(typeof x === 'string' ? x : JSON.stringify(x))`);
  if (c.length !== undefined) ops.push(`(Array.isArray(x) || typeof x === 'string') && x.length === ${c.length}`);
  return `((m) => m.length > 0${ops.length ? ` && ((x) => ${ops.join(' && ')})(m[0])` : ''})(${m})`;
}
