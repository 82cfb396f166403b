/** Extractors: response -> value for a VU variable, or the reason nothing was found. */
import { compileJsonPath } from '../jsonpath/index.ts';
import type { Extractor } from '../plan/schema/index.ts';
import type { ResponseView } from './response.ts';

export type ExtractOutcome = { ok: true; value: unknown } | { ok: false; reason: string };
export interface CompiledExtractor {
  run: (r: ResponseView) => ExtractOutcome;
  needsBody: boolean;
  fallback: unknown;
}

const miss = (reason: string): ExtractOutcome => ({ ok: false, reason });

export function compileExtractor(x: Extractor): CompiledExtractor {
  const fallback = x.default;
  if ('jsonPath' in x) {
    const path = compileJsonPath(x.jsonPath);
    return {
      needsBody: true,
      fallback,
      run: (r) => {
        const doc = r.json();
        if (!doc.ok) return miss(doc.error);
        const found = path.query(doc.value);
        if (x.all) return { ok: true, value: found };
        return found.length > 0 ? { ok: true, value: found[0] } : miss(`no match for ${x.jsonPath}`);
      },
    };
  }
  if ('header' in x) {
    return {
      needsBody: false,
      fallback,
      run: (r) => {
        const v = r.header(x.header);
        return v !== undefined ? { ok: true, value: v } : miss(`no ${x.header} header`);
      },
    };
  }
  if ('regex' in x) {
    const re = new RegExp(x.regex);
    const hasGroups = new RegExp(`${x.regex}|`).exec('')!.length > 1;
    const group = x.group ?? (hasGroups ? 1 : 0);
    const from = x.from ?? 'body';
    return {
      needsBody: from === 'body',
      fallback,
      run: (r) => {
        const m = re.exec(from === 'body' ? r.text() : from === 'headers' ? r.headersText() : r.url);
        if (!m) return miss(`no match for /${x.regex}/ in the ${from}`);
        const v = m[group];
        return v !== undefined ? { ok: true, value: v } : miss(`group ${group} did not participate in the match`);
      },
    };
  }
  if ('boundary' in x) {
    const { left, right } = x.boundary;
    const from = x.from ?? 'body';
    return {
      needsBody: from === 'body',
      fallback,
      run: (r) => {
        const t = from === 'body' ? r.text() : r.headersText();
        const i = t.indexOf(left);
        if (i < 0) return miss(`left boundary ${JSON.stringify(left)} not found`);
        const j = t.indexOf(right, i + left.length);
        if (j < 0) return miss(`right boundary ${JSON.stringify(right)} not found after the left one`);
        return { ok: true, value: t.slice(i + left.length, j) };
      },
    };
  }
  const name = x.cookie;
  return {
    needsBody: false,
    fallback,
    run: (r) => {
      const raw = r.headers['set-cookie'];
      for (const line of Array.isArray(raw) ? raw : raw ? [raw] : []) {
        const pair = line.split(';', 1)[0] as string;
        const eq = pair.indexOf('=');
        if (eq > 0 && pair.slice(0, eq).trim() === name) return { ok: true, value: pair.slice(eq + 1).trim() };
      }
      return miss(`the response set no cookie ${name}`);
    },
  };
}
