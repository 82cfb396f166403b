/**
 * `loadsmith/convert/types` — the vocabulary and data shapes of conversion: the import and export formats, the kinds
 * of a conversion report's notes, the recording's words (entry types, where a correlated value comes from and goes
 * back to, groupings) and a recorded exchange. Browser-safe: the app's contract builds its enums from these lists.
 * The converters themselves are `loadsmith/convert` (Node only).
 */
export * from '../convert/types.ts';
export * from '../convert/recording/kinds.ts';
export type {
  RecordedBody,
  RecordedExchange,
  RecordedWebSocket,
  RecordedWebSocketMessage,
} from '../convert/recording/types.ts';
