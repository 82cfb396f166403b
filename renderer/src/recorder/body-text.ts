/** How an entry's body reads in the detail pane: JSON indented, long text cut (with the rest one click away). Pure. */

/** Characters shown before "Show all": enough for a page, not enough to freeze the pane. */
export const BODY_PREVIEW_CHARS = 20_000;
const PRETTY_MAX = 256 * 1024;

/** JSON bodies indented by two spaces; anything else (or JSON too large or invalid) as it is. */
export function readableBody(text: string, mimeType: string): string {
  const looksJson = /json/i.test(mimeType) || /^\s*[[{]/.test(text);
  if (!looksJson || text.length > PRETTY_MAX) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The part shown and how many characters are left out. */
export function bodyPreview(text: string, all: boolean, limit = BODY_PREVIEW_CHARS): { shown: string; hidden: number } {
  if (all || text.length <= limit) return { shown: text, hidden: 0 };
  return { shown: text.slice(0, limit), hidden: text.length - limit };
}

/** The request's Content-Type (or the entry's MIME type for a response). */
export function headerValue(headers: readonly { name: string; value: string }[], name: string): string {
  return headers.find((h) => h.name.toLowerCase() === name)?.value ?? '';
}
