/**
 * Finds known secret values in text and puts their `${env.NAME}` in their place: as written, percent-encoded (a URL),
 * form-encoded (`+` for spaces, `!` as %21) or JSON-escaped (a text body). A value is matched whole, never inside a
 * longer word (`hunter2` is not replaced in `hunter22`), longest first so a token is replaced before a shorter value
 * inside it. Thousands of values (a long recording) are looked up by their first characters, not one big pattern.
 */
import { literal } from './draft.ts';
import { templateParts } from './template-parts.ts';

/**
 * Values shorter than this are only replaced in the place that names them; where a note was cut short
 * (`GET https://host/?token=abc…`), a secret's start of at least this length at the very end is replaced too.
 */
const MIN_LENGTH = 6;
const MIN_PREFIX = MIN_LENGTH;
const WORD = /[A-Za-z0-9]/;

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
    const form = new URLSearchParams({ v: value }).toString().slice(2);
    for (const v of [
      value,
      encoded,
      encoded.replace(/%20/g, '+'),
      form,
      form.replace(/\+/g, '%20'),
      JSON.stringify(value).slice(1, -1),
    ]) {
      if (!variants.has(v)) variants.set(v, name);
    }
  }
  const byPrefix = new Map<string, string[]>();
  for (const v of [...variants.keys()].sort((a, b) => b.length - a.length)) {
    const key = v.slice(0, MIN_LENGTH);
    const list = byPrefix.get(key);
    if (list) list.push(v);
    else byPrefix.set(key, [v]);
  }
  const replace = (text: string, escape: (s: string) => string): { out: string; changed: boolean } => {
    if (byPrefix.size === 0 || text.length < MIN_LENGTH) return { out: escape(text), changed: false };
    let out = '';
    let last = 0;
    for (let i = 0; i + MIN_LENGTH <= text.length; i++) {
      const candidates = byPrefix.get(text.slice(i, i + MIN_LENGTH));
      const hit = candidates?.find((v) => text.startsWith(v, i) && whole(text, i, v));
      if (hit === undefined) continue;
      const name = variants.get(hit)!;
      onUse(name);
      out += `${escape(text.slice(last, i))}\${env.${name}}`;
      last = i + hit.length;
      i = last - 1;
    }
    return { out: out + escape(text.slice(last)), changed: last > 0 };
  };
  return {
    template(text) {
      let parts;
      try {
        parts = templateParts(text);
      } catch {
        return replace(text, (s) => s).out;
      }
      return parts
        .map((p) => {
          if (p.kind === 'text') return replace(p.text, literal).out;
          if (p.defaultText === undefined || p.node.kind !== 'env' || !replace(p.defaultText, (s) => s).changed)
            return p.source;
          return `\${env.${p.node.name}}`; // a default cannot hold an expression: the secret default is dropped
        })
        .join('');
    },
    text(text) {
      const out = replace(text, (s) => s).out;
      for (let j = Math.max(0, out.length - 200); j + MIN_PREFIX <= out.length; j++) {
        if (j > 0 && WORD.test(out[j - 1]!)) continue;
        const rest = out.slice(j);
        const cut = byPrefix.get(rest.slice(0, MIN_LENGTH))?.find((v) => v.length > rest.length && v.startsWith(rest));
        if (cut !== undefined) return `${out.slice(0, j)}\${env.${variants.get(cut)!}}`;
      }
      return out;
    },
  };
}

/** The value at `i` is a whole word: no letter or digit just before (a `%XX` escape counts as a boundary) or after. */
function whole(text: string, i: number, v: string): boolean {
  const before = i === 0 || !WORD.test(text[i - 1]!) || (i >= 3 && /^%[0-9A-Fa-f]{2}$/.test(text.slice(i - 3, i)));
  const after = i + v.length >= text.length || !WORD.test(text[i + v.length]!);
  return (before || !WORD.test(v[0]!)) && (after || !WORD.test(v.at(-1)!));
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
