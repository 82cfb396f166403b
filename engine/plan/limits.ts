/**
 * Limits on plan documents. Plans are untrusted input (imports, shared files): every step that reads one must
 * take time and memory in proportion to its size, and refuse, with a located message, what would not.
 * plans/README.md ("Limits") states them for users.
 */

/**
 * Largest plan, in bytes for files and characters for text. A recorded plan of 5,000 requests with JSON bodies
 * is ~2 MB; the YAML parser's token tree takes ~70 bytes of memory per byte of text, so 10 MB peaks near 1 GB.
 */
export const MAX_PLAN_BYTES = 10 * 1024 * 1024;

/**
 * Deepest nesting of mappings and lists (the plan itself is level 1; JSON bodies count). The YAML parser and
 * validation recurse per level and overflow the stack near 800; real plans stay under 30.
 */
export const MAX_DEPTH = 128;

/** Values that aliases (`*name`) may repeat in one plan, counted after expansion: refuses "billion laughs". */
export const MAX_ALIASED_VALUES = 100_000;

/** `16 MB` for 16 * 1024 * 1024. */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
