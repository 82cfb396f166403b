/**
 * Escaping for the HTML report. Everything in a summary may come from users or servers (plan names, check names,
 * error messages, response snippets), so every text and attribute goes through escapeHtml, and data embedded in a
 * <script> element is written so that no value can end that element early.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in HTML element content and in quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

/**
 * JSON for a `<script type="application/json">` element. Every `<` becomes `\u003c`, so neither `</script` nor
 * `<!--` (which switches the HTML parser into the "double escaped" script state) can appear; JSON.parse restores it.
 * U+2028/U+2029 are escaped too, so the text stays valid if someone pastes it into JavaScript source.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * JavaScript source made safe to inline in a <script> element. `</script` and `<!--` can only occur inside strings,
 * regular expressions, templates or comments of valid code, and `\x3C` means `<` in all of them, so the behaviour is
 * unchanged while the HTML parser never sees a closing tag.
 */
export function scriptSafe(source: string): string {
  return source.replace(/<(?=\/script|!--)/gi, '\\x3C');
}
