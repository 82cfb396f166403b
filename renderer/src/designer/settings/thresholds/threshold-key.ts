/**
 * Threshold keys in k6 syntax, `metric` or `metric{tag:value,tag:value}`, split into their parts for the form and
 * written back. Tolerant: the form must show a key the user is still typing in the code view.
 */
export interface KeyParts {
  metric: string;
  tags: [string, string][];
}

const KEY = /^\s*([^{\s]*)\s*(?:\{(.*)\})?\s*$/s;

export function splitKey(key: string): KeyParts {
  const m = KEY.exec(key);
  if (!m) return { metric: key, tags: [] };
  const tags = (m[2] ?? '')
    .split(',')
    .filter((p) => p.trim() !== '')
    .map((p): [string, string] => {
      const colon = p.indexOf(':');
      return colon < 0 ? [p.trim(), ''] : [p.slice(0, colon).trim(), p.slice(colon + 1).trim()];
    });
  return { metric: m[1] ?? '', tags };
}

export function formatKey(parts: KeyParts): string {
  return parts.tags.length ? `${parts.metric}{${parts.tags.map(([t, v]) => `${t}:${v}`).join(',')}}` : parts.metric;
}

/** Why a tag value cannot be written in a key (k6 has no escaping), or undefined. */
export function tagValueProblem(value: string): string | undefined {
  return /[,{}]/.test(value) ? 'a tag value cannot contain , { or } (threshold keys have no escaping)' : undefined;
}
