/**
 * Postman scripts are never run: a plan cannot execute code. Test scripts are read for the few common lines
 * that say what a plan says declaratively — a status check, a response time check, a header or text check, a
 * value saved from the JSON response — and every script is listed in the report as not imported.
 */
import type { Check, Extractor } from '../../plan/schema/index.ts';
import type { Notes } from '../draft.ts';
import type { PostmanEvent } from './schema.ts';
import { PostmanVariables } from './variables.ts';

export interface ScriptFindings {
  checks: Check[];
  extract: Record<string, Extractor>;
}

const ACCESS = String.raw`((?:\.[A-Za-z_$][\w$]*|\[\d+\]|\[['"][^'"\]]+['"]\])*)`;
const JSON_SOURCE = String.raw`(?:pm\.response\.json\(\)|JSON\.parse\(responseBody\)|jsonData|responseJson|json|body|data|response)`;
const SAVE = new RegExp(
  String.raw`(?:pm\.(?:environment|collectionVariables|globals|variables)\.set|postman\.set(?:Environment|Global)Variable)\(\s*['"]([^'"]+)['"]\s*,\s*${JSON_SOURCE}${ACCESS}\s*\)`,
  'g',
);

export function scriptText(e: PostmanEvent): string {
  const s = e.script;
  if (s === undefined || typeof s === 'string') return ''; // a string is a reference to a shared script
  return Array.isArray(s.exec) ? s.exec.join('\n') : (s.exec ?? '');
}

/** Reads the events of one item; reports each non-empty script. */
export function readEvents(
  events: readonly PostmanEvent[],
  where: string,
  notes: Notes,
  vars: PostmanVariables | undefined,
): ScriptFindings {
  const found: ScriptFindings = { checks: [], extract: {} };
  for (const e of events) {
    const code = scriptText(e).trim();
    if (typeof e.script === 'string') {
      notes.add(
        'not-imported',
        where,
        `${e.listen} script '${e.script}' (a shared script reference): scripts never run in a plan`,
      );
      continue;
    }
    if (code === '' || e.disabled) continue;
    if (e.listen !== 'test' || vars === undefined) {
      notes.add(
        'not-imported',
        where,
        `${e.listen === 'prerequest' ? 'pre-request' : e.listen} script (${lines(code)}): scripts never run in a plan; its effects, if needed, must be written as requests, variables or extractions`,
      );
      continue;
    }
    const before = found.checks.length + Object.keys(found.extract).length;
    recognize(code, found, vars);
    const got = found.checks.length + Object.keys(found.extract).length - before;
    notes.add(
      'not-imported',
      where,
      `test script (${lines(code)}): scripts never run in a plan${got > 0 ? `; ${got} common assertion(s) or saved value(s) were turned into checks and extractions` : ''}`,
    );
  }
  return found;
}

function recognize(code: string, out: ScriptFindings, vars: PostmanVariables): void {
  const status = (n: number): void => {
    if (!out.checks.some((c) => 'status' in c && c.status === n)) out.checks.push({ status: n });
  };
  for (const m of code.matchAll(/pm\.response\.to\.have\.status\(\s*(\d{3})\s*\)/g)) status(Number(m[1]));
  for (const m of code.matchAll(
    /(?:pm\.response\.code|responseCode\.code)\)?\s*(?:\.to\.(?:eql|equal|eq|be\.equal)\(\s*|===?\s*)(\d{3})/g,
  ))
    status(Number(m[1]));
  for (const m of code.matchAll(/pm\.expect\(pm\.response\.code\)\.to\.be\.oneOf\(\[([\d,\s]+)\]\)/g)) {
    const list = (m[1] as string)
      .split(',')
      .map((x) => Number(x.trim()))
      .filter((x) => x >= 100 && x <= 599);
    if (list.length > 0) out.checks.push({ status: list });
  }
  if (/pm\.response\.to\.be\.(ok|success)\b/.test(code)) out.checks.push({ status: '2xx' });
  for (const m of code.matchAll(/pm\.response\.responseTime\)\.to\.be\.(?:below|lessThan)\(\s*(\d+)\s*\)/g))
    out.checks.push({ duration: { lt: `${m[1]}ms` } });
  for (const m of code.matchAll(/pm\.response\.to\.have\.header\(\s*['"]([^'"]+)['"]\s*\)/g))
    out.checks.push({ header: m[1] as string });
  for (const m of code.matchAll(/pm\.expect\(pm\.response\.text\(\)\)\.to\.include\(\s*['"]([^'"]*)['"]\s*\)/g))
    out.checks.push({ body: { contains: vars.text(m[1] as string, '') } });
  for (const m of code.matchAll(SAVE)) {
    const name = PostmanVariables.planName(m[1] as string);
    out.extract[name] = { jsonPath: `$${(m[2] as string).replace(/\["([^"]+)"\]/g, "['$1']")}` };
    vars.extracted.add(name);
  }
}

/**
 * `3 lines, starting 'pm.environment.set("…", "…");'`: the first line names the script in the report, which the plan
 * file's header repeats, so the contents of its string literals (a token, a password) are left out.
 */
function lines(code: string): string {
  const n = code.split('\n').length;
  const first = (code.split('\n')[0] ?? '')
    .trim()
    .replace(/(["'`])(?:\\.|(?!\1)[^\\])*(?:\1|$)/g, (m, q: string) =>
      m.length > 1 && m.endsWith(q) ? `${q}…${q}` : `${q}…`,
    );
  return `${n} line${n === 1 ? '' : 's'}, starting '${first.slice(0, 60)}'`;
}
