/**
 * The recording's vocabulary, one list per concept: the types of each word are derived from these lists, and the
 * app's contract builds its enums from them (through `loadsmith/convert/types`). Pure data: no imports.
 */

/** What kind of resource an entry is: the browser's own word when it said (Sec-Fetch-Dest), else guessed. */
export const ENTRY_TYPES = [
  'document',
  'fetch',
  'websocket',
  'script',
  'stylesheet',
  'image',
  'font',
  'media',
  'other',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** The entry types that are static assets, which a conversion leaves out by default. */
export const STATIC_ENTRY_TYPES = [
  'script',
  'stylesheet',
  'image',
  'font',
  'media',
] as const satisfies readonly EntryType[];

/** Where a correlated value comes from in a response. */
export const SOURCE_KINDS = ['json', 'header', 'set-cookie', 'html-input', 'html-meta', 'location'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Where a later request sends a correlated value back. */
export const USE_KINDS = ['url', 'query', 'header', 'body'] as const;
export type UseKind = (typeof USE_KINDS)[number];

/** How sure the conversion is that a value is a correlation (high and medium are proposed ticked). */
export const CONFIDENCES = ['high', 'medium', 'low'] as const;
export type Confidence = (typeof CONFIDENCES)[number];

/** How recorded steps are grouped: per page navigation, per burst separated by a pause, or not at all. */
export const GROUPINGS = ['navigation', 'gap', 'none'] as const;
export type Grouping = (typeof GROUPINGS)[number];
