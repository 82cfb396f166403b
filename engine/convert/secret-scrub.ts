/**
 * Finds known secret values in text and puts their `${env.NAME}` in their place: as written, percent-encoded (a URL),
 * form-encoded (`+` for spaces) or JSON-escaped (a text body). A value is matched whole, never inside a longer word
 * (`hunter2` is not replaced in `hunter22`), longest first so a token is replaced before a shorter value inside it.
 */
import { literal } from './draft.ts';
import { templateParts } from './template-parts.ts';

/** Values shorter than this are only replaced in the place that names them. */
const MIN_LENGTH = 6;
/** Where a note was cut (`GET https://host/?token=abc…`): the start of a secret at the very end is replaced too. */
const MIN_PREFIX = 6;

export interface Scrubber {
  /** Template text: literal parts are scrubbed, expressions kept (an env default holding a secret is dropped). */
  template(text: string): string;
  /** Plain text such as a note. */
  text(text: string): string;
}

export function valueScrubber(byValue: ReadonlyMap<string, string>, onUse: (name: string) => void): Scrubber {
  const variants = new Map<string, string>();
  for (const [value, name] of byValue) {
    if (value.length < MIN_LENGTH) continue;
    const encoded = encodeURIComponent(value);
    const form = new URLSearchParams({ v: value }).toString().slice(2); // as browsers encode forms: `!` is %21
    for (const v of [value, encoded, encoded.replace(/%20/g, '+'), form, form.replace(/\+/g, '%20'), JSON.stringify(value).slice(1, -1)]) {
      if (!variants.has(v)) variants.set(v, name);
    }
  }
  const sorted = [...variants.keys()].sort((a, b) => b.length - a.length);
  const pattern = sorted.length === 0 ? undefined : new RegExp(sorted.map(bounded).join('|'), 'g');
  const replace = (text: string, escape: (s: string) => string): { out: string; changed: boolean } => {
    if (!pattern) return { out: escape(text), changed: false };
    let changed = false;
    let out = '';
    let last = 0;
    for (const m of text.matchAll(pattern)) {
      const name = variants.get(m[0])!;
      onUse(name);
      out += `${escape(text.slice(last, m.index))}\${env.${name}}`;
      last = m.index + m[0].length;
      changed = true;
    }
    return { out: out + escape(text.slice(last)), changed };
  };
  return {
    template(text) {
      let parts;
      try { parts = templateParts(text); } catch { return replace(text, (s) => s).out; }
      return parts.map((p) => {
        if (p.kind === 'text') return replace(p.text, literal).out;
        if (p.defaultText === undefined || p.node.kind !== 'env' || !replace(p.defaultText, (s) => s).changed) return p.source;
        return `\${env.${p.node.name}}`; // a default cannot hold an expression: the secret default is dropped
      }).join('');
    },
    text(text) {
      let out = replace(text, (s) => s).out;
      for (const v of sorted) {
        for (let n = Math.min(v.length - 1, out.length); n >= MIN_PREFIX; n--) {
          if (out.endsWith(v.slice(0, n)) && !/[A-Za-z0-9]/.test(out.charAt(out.length - n - 1))) {
            out = `${out.slice(0, out.length - n)}\${env.${variants.get(v)!}}`;
            break;
          }
        }
      }
      return out;
    },
  };
}

/** The value as a pattern that does not match inside a longer word (a `%XX` before it counts as a boundary). */
function bounded(value: string): string {
  const escaped = value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const before = /^[A-Za-z0-9]/.test(value) ? '(?:(?<![A-Za-z0-9])|(?<=%[0-9A-Fa-f]{2}))' : '';
  const after = /[A-Za-z0-9]$/.test(value) ? '(?![A-Za-z0-9])' : '';
  return before + escaped + after;
}

/** Applies `scrub` to every string value (never keys) of a JSON-like tree, in place, without recursion. */
export function scrubStrings(root: object, scrub: (s: string) => string): void {
  const stack: object[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown>;
    for (const [k, v] of Object.entries(node)) {
      if (typeof v === 'string') {
        const out = scrub(v);
        if (out !== v) node[k] = out;
      } else if (v !== null && typeof v === 'object') stack.push(v);
    }
  }
}
