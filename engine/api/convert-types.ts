/**
 * `loadsmith/convert/types` — the vocabulary and data shapes of conversion: the import and export formats, a
 * conversion report's notes, and a recorded exchange. Browser-safe: the app's contract builds its enums from these
 * lists. The converters themselves are `loadsmith/convert` (Node only).
 */
export * from '../convert/types.ts';
export { ENTRY_TYPES, type EntryType, type RecordedBody, type RecordedExchange } from '../convert/recording/types.ts';
