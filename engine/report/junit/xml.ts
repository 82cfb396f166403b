/**
 * XML 1.0 text and attribute escaping for reports. Characters XML 1.0 cannot carry at all (most C0 controls, lone
 * surrogates, U+FFFE/U+FFFF) are written visibly as `\uXXXX` instead of producing a file no parser accepts.
 * Pure: no Node imports (the app's renderer may use it).
 */

// Allowed in XML 1.0: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF] (surrogate pairs).
const INVALID =
  // eslint-disable-next-line no-control-regex -- the control characters XML 1.0 forbids are exactly what this finds
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const visible = (c: string): string => `\\u${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;

/** Text without the characters XML 1.0 forbids (each shown as `\uXXXX`). */
export function xmlSafe(text: string): string {
  return text.replace(INVALID, visible);
}

/** Element content: `&`, `<` and `>` escaped (`>` for `]]>`), forbidden characters made visible. */
export function xmlText(text: string): string {
  return xmlSafe(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A double-quoted attribute value: also `"`, and tab/newline/CR as character references so that attribute-value
 * normalisation does not turn them into spaces.
 */
export function xmlAttr(text: string): string {
  return xmlText(text).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}
