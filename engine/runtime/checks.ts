/**
 * Check evaluation. Each check is compiled once into a function returning undefined (pass) or a short reason
 * (fail, e.g. "got 503"); the reason of one failure per interval reaches the summary. Expected values may
 * hold `${...}` (e.g. `contains: "${data.users.username}"`), evaluated with the VU's context.
 */
import { isDeepStrictEqual } from 'node:util';
import { compileJsonPath } from '../jsonpath/index.ts';
import { parseDuration } from '../base/duration.ts';
import type { Check } from '../plan/schema/index.ts';
import type { TemplateContext } from '../template/index.ts';
import { compileValue, isConstantValue } from './compile/json-body.ts';
import type { ResponseView } from './response.ts';

export type CheckFn = (r: ResponseView, ctx: TemplateContext) => string | undefined;

/** An expected value, built per evaluation when it holds `${...}`. */
type Expected = ((ctx: TemplateContext) => unknown) | undefined;
const expected = (v: unknown): Expected => (v === undefined ? undefined : compileValue(v));

export interface CompiledCheckRule {
  evaluate: CheckFn;
  needsBody: boolean;
}

const show = (v: unknown): string => {
  const s = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
};

export function compileCheck(c: Check): CompiledCheckRule {
  if ('status' in c) return { evaluate: statusCheck(c.status), needsBody: false };
  if ('header' in c) return { evaluate: headerCheck(c), needsBody: false };
  if ('jsonPath' in c) return { evaluate: jsonPathCheck(c), needsBody: true };
  if ('body' in c) return { evaluate: bodyCheck(c.body), needsBody: true };
  const lt = c.duration.lt !== undefined ? parseDuration(c.duration.lt) : undefined;
  const lte = c.duration.lte !== undefined ? parseDuration(c.duration.lte) : undefined;
  return {
    needsBody: false,
    evaluate: (r) =>
      (lt === undefined || r.durationMs < lt) && (lte === undefined || r.durationMs <= lte)
        ? undefined
        : `took ${r.durationMs.toFixed(1)}ms`,
  };
}

function statusCheck(s: Extract<Check, { status: unknown }>['status']): CheckFn {
  const got = (r: ResponseView): string => (r.status === 0 ? 'no response' : `got ${r.status}`);
  if (typeof s === 'number') return (r) => (r.status === s ? undefined : got(r));
  if (typeof s === 'string') {
    const cls = Number(s[0]);
    return (r) => (Math.floor(r.status / 100) === cls ? undefined : got(r));
  }
  if (Array.isArray(s)) return (r) => (s.includes(r.status) ? undefined : got(r));
  return (r) => (r.status >= s.min && r.status <= s.max ? undefined : got(r));
}

function headerCheck(c: Extract<Check, { header: string }>): CheckFn {
  const re = c.matches !== undefined ? new RegExp(c.matches) : undefined;
  const onlyExists = c.equals === undefined && c.contains === undefined && re === undefined;
  const wantExists = c.exists ?? true;
  const equals = expected(c.equals);
  const contains = expected(c.contains);
  return (r, ctx) => {
    const v = r.header(c.header);
    if (v === undefined) return wantExists ? 'header missing' : undefined;
    if (!wantExists) return `header present: ${show(v)}`;
    if (onlyExists) return undefined;
    if (equals && v !== String(equals(ctx))) return `got ${show(v)}`;
    if (contains && !v.includes(String(contains(ctx)))) return `got ${show(v)}`;
    if (re && !re.test(v)) return `got ${show(v)}`;
    return undefined;
  };
}

function jsonPathCheck(c: Extract<Check, { jsonPath: string }>): CheckFn {
  const path = compileJsonPath(c.jsonPath);
  const re = c.matches !== undefined ? new RegExp(c.matches) : undefined;
  const hasOps = ['equals', 'notEquals', 'gt', 'gte', 'lt', 'lte', 'contains', 'matches', 'length'].some(
    (k) => (c as Record<string, unknown>)[k] !== undefined,
  );
  const wantExists = c.exists ?? true;
  const equals = expected(c.equals);
  const notEquals = expected(c.notEquals);
  const contains = expected(c.contains);
  return (r, ctx) => {
    const doc = r.json();
    if (!doc.ok) return doc.error;
    const matches = path.query(doc.value);
    if (matches.length === 0) return wantExists ? 'no match' : undefined;
    if (!wantExists) return `found ${show(matches[0])}`;
    if (!hasOps) return undefined;
    const v = matches[0];
    const bad = `got ${show(v)}`;
    if (equals && !isDeepStrictEqual(v, equals(ctx))) return bad;
    if (notEquals && isDeepStrictEqual(v, notEquals(ctx))) return bad;
    if (c.gt !== undefined || c.gte !== undefined || c.lt !== undefined || c.lte !== undefined) {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      if (Number.isNaN(n)) return `${bad}, not a number`;
      if (
        (c.gt !== undefined && !(n > c.gt)) ||
        (c.gte !== undefined && !(n >= c.gte)) ||
        (c.lt !== undefined && !(n < c.lt)) ||
        (c.lte !== undefined && !(n <= c.lte))
      )
        return bad;
    }
    if (contains) {
      const want = contains(ctx);
      const ok = Array.isArray(v)
        ? v.some((x) => isDeepStrictEqual(x, want))
        : typeof v === 'string' && v.includes(String(want));
      if (!ok) return bad;
    }
    if (re && !re.test(typeof v === 'string' ? v : JSON.stringify(v))) return bad;
    if (c.length !== undefined) {
      const len = Array.isArray(v) || typeof v === 'string' ? v.length : undefined;
      if (len !== c.length) return len === undefined ? `${bad}, which has no length` : `length is ${len}`;
    }
    return undefined;
  };
}

function bodyCheck(b: {
  contains?: string | undefined;
  notContains?: string | undefined;
  matches?: string | undefined;
  equals?: string | undefined;
}): CheckFn {
  const only = Object.keys(b).filter((k) => b[k as keyof typeof b] !== undefined);
  // A recording checks a text of every page: one closure holding the text, not four expected values and their own.
  if (only.length === 1 && only[0] === 'contains' && isConstantValue(b.contains)) return bodyContains(b.contains!);
  const re = b.matches !== undefined ? new RegExp(b.matches) : undefined;
  const contains = expected(b.contains);
  const notContains = expected(b.notContains);
  const equals = expected(b.equals);
  return (r, ctx) => {
    if (r.bodyTruncated) return TRUNCATED;
    const t = r.text();
    if (contains && !t.includes(String(contains(ctx)))) return 'text not found';
    if (notContains && t.includes(String(notContains(ctx)))) return 'unwanted text found';
    if (re && !re.test(t)) return 'no match';
    if (equals && t !== String(equals(ctx))) return `got ${show(t)}`;
    return undefined;
  };
}

const TRUNCATED = 'the body is larger than maxBodySize (raise defaults.http.maxBodySize)';

/** `body: { contains: text }` with a constant text. */
function bodyContains(text: string): CheckFn {
  return (r) => (r.bodyTruncated ? TRUNCATED : r.text().includes(text) ? undefined : 'text not found');
}
