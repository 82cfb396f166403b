/**
 * A credential field inside a text body (a form, JSON or multipart the source did not label as such) replaced in
 * place, where the field is and however it is encoded there, so the body keeps its other bytes.
 */
import type { BodyField } from './secret-places.ts';

/** `text` is template text; `ref` is the `${env.NAME}` to put in place of the field's value. */
export function replaceTextField(text: string, f: BodyField, ref: string): string {
  switch (f.kind) {
    case 'form':
      return text
        .split('&')
        .map((pair) => {
          const eq = pair.indexOf('=');
          return eq > 0 && decode(pair.slice(0, eq)) === tpl(f.name) && decode(pair.slice(eq + 1)) === tpl(f.value)
            ? `${pair.slice(0, eq)}=${ref}`
            : pair;
        })
        .join('&');
    case 'json': {
      const key = escape(tpl(JSON.stringify(f.name)));
      // A number is written bare: `"pin": 1234`.
      const value =
        escape(tpl(JSON.stringify(f.value))) +
        (/^-?\d+(\.\d+)?$/.test(f.value) ? `|${escape(f.value)}(?![\\d.eE])` : '');
      return text.replace(new RegExp(`(${key}\\s*:\\s*)(?:${value})`, 'g'), (_m, head: string) => `${head}"${ref}"`);
    }
    case 'multipart': {
      const name = escape(tpl(f.name));
      const value = escape(tpl(f.value));
      return text.replace(
        new RegExp(`(name="${name}"[^\\r\\n]*\\r?\\n(?:[^\\r\\n]+\\r?\\n)*\\r?\\n)${value}(?=\\r?\\n--)`, 'g'),
        (_m, head: string) => head + ref,
      );
    }
  }
}

function decode(s: string): string | undefined {
  try {
    return decodeURIComponent(s.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/** Source text as it is written in template text. */
const tpl = (s: string): string => s.replaceAll('${', '$${');

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
