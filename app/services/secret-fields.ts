/**
 * Before a plan is converted to a k6 script, cURL or HAR: query parameters, form fields and JSON fields named like
 * credentials (`api_key`, `access_token`, `password`, `client_secret`...) that hold a literal become ${env.NAME},
 * as the importers do. The plan-file export already covers auth and credential headers.
 */
import { envName, hasExpression, isSecretField } from 'loadsmith/convert';
import { eachDraftRequest, isRecord } from './draft-requests.ts';

export interface ReplacedSecret {
  path: string;
  env: string;
}

/** Replaces in place; `taken` holds env names already used. Returns what was replaced. */
export function hideSecretFields(doc: unknown, taken: Set<string>): ReplacedSecret[] {
  const replaced: ReplacedSecret[] = [];
  const byValue = new Map<string, string>();
  const hide = (obj: Record<string, unknown>, key: string, path: string): void => {
    const v = obj[key];
    if (typeof v !== 'string' && typeof v !== 'number') return;
    const text = String(v);
    if (text === '' || hasExpression(text)) return;
    let env = byValue.get(text);
    if (env === undefined) {
      const root = envName(key) || 'SECRET';
      env = root;
      for (let i = 2; taken.has(env); i++) env = `${root}_${i}`;
      taken.add(env);
      byValue.set(text, env);
    }
    obj[key] = `\${env.${env}}`;
    replaced.push({ path: `${path}.${key}`, env });
  };
  const fields = (o: unknown, path: string, place: 'query' | 'field'): void => {
    if (!isRecord(o)) return;
    for (const k of Object.keys(o)) if (isSecretField(k, String(o[k] ?? ''), place)) hide(o, k, path);
  };
  const json = (v: unknown, path: string): void => {
    if (Array.isArray(v)) v.forEach((x, i) => json(x, `${path}[${i}]`));
    else if (isRecord(v)) {
      for (const k of Object.keys(v)) {
        if (!isRecord(v[k]) && !Array.isArray(v[k]) && isSecretField(k, String(v[k] ?? ''), 'field')) hide(v, k, path);
        else json(v[k], `${path}.${k}`);
      }
    }
  };
  eachDraftRequest(doc, (r, path) => {
    fields(r.query, `${path}.query`, 'query');
    fields(r.form, `${path}.form`, 'field');
    json(r.json, `${path}.json`);
  });
  return replaced;
}
