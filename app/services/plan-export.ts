/**
 * Plans leave the app as YAML or JSON files. Secret-looking literals (auth tokens and passwords, API keys,
 * credential headers) become ${env.NAME} references unless the user asks to keep them, so a plan can be
 * committed to git without leaking credentials.
 */
import { stringify } from 'yaml';
import { isRecord } from './plan-analysis.ts';

export interface ExportedPlan { fileName: string; text: string; replacedSecrets: { path: string; env: string }[] }

const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|x-api-key|api-key|x-auth-token|x-access-token)$|token|secret|password|apikey/i;
const TEMPLATED = /\$\{/;

export function exportPlan(document: unknown, name: string, format: 'yaml' | 'json', includeSecrets: boolean): ExportedPlan {
  const doc = structuredClone(document);
  const replaced: { path: string; env: string }[] = [];
  if (!includeSecrets && isRecord(doc)) scrub(doc, replaced);
  const base = name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'plan';
  return format === 'json'
    ? { fileName: `${base}.json`, text: `${JSON.stringify(doc, null, 2)}\n`, replacedSecrets: replaced }
    : { fileName: `${base}.yaml`, text: stringify(doc, { lineWidth: 0 }), replacedSecrets: replaced };
}

function scrub(doc: Record<string, unknown>, replaced: { path: string; env: string }[]): void {
  const used = new Set<string>();
  const envName = (hint: string): string => {
    const base = hint.toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'SECRET';
    let n = base;
    for (let i = 2; used.has(n); i++) n = `${base}_${i}`;
    used.add(n);
    return n;
  };
  const replace = (obj: Record<string, unknown>, key: string, path: string, hint: string): void => {
    const v = obj[key];
    if (typeof v !== 'string' || v === '' || TEMPLATED.test(v)) return;
    const env = envName(hint);
    obj[key] = `\${env.${env}}`;
    replaced.push({ path, env });
  };
  const auth = (a: unknown, path: string): void => {
    if (!isRecord(a)) return;
    if (a.type === 'bearer') replace(a, 'token', `${path}.token`, 'API_TOKEN');
    if (a.type === 'basic') replace(a, 'password', `${path}.password`, 'PASSWORD');
    if (a.type === 'apiKey') replace(a, 'value', `${path}.value`, typeof a.name === 'string' ? a.name : 'API_KEY');
  };
  const headers = (h: unknown, path: string): void => {
    if (!isRecord(h)) return;
    for (const k of Object.keys(h)) if (SECRET_HEADER.test(k)) replace(h, k, `${path}.${k}`, k);
  };
  const defaults = doc.defaults;
  if (isRecord(defaults)) { auth(defaults.auth, 'defaults.auth'); headers(defaults.headers, 'defaults.headers'); }
  const walk = (steps: unknown, path: string): void => {
    if (!Array.isArray(steps)) return;
    steps.forEach((s, i) => {
      if (!isRecord(s)) return;
      const at = `${path}[${i}]`;
      const req = (r: unknown, p: string): void => { if (isRecord(r)) { auth(r.auth, `${p}.auth`); headers(r.headers, `${p}.headers`); } };
      req(s.request, `${at}.request`);
      if (Array.isArray(s.batch)) s.batch.forEach((b, j) => { if (isRecord(b)) req(b.request, `${at}.batch[${j}].request`); });
      if (isRecord(s.group)) walk(s.group.steps, `${at}.group.steps`);
    });
  };
  if (isRecord(doc.scenarios)) for (const [name, sc] of Object.entries(doc.scenarios)) if (isRecord(sc)) walk(sc.steps, `scenarios.${name}.steps`);
}
