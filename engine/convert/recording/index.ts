/**
 * engine/convert/recording: recorded traffic -> plans. Pure functions over recorded exchanges (the recorder's
 * entries or an imported HAR file): classify entries, find secrets, link redirects, propose correlations, convert
 * the chosen entries into a valid plan, and write or read HAR 1.2.
 */
export * from './types.ts';
export { entryType, isStaticType, isTextual, hostOf } from './classify.ts';
export { findSecrets, redact, REDACTED, type SecretPlaces } from './secrets.ts';
export { RedirectLinker } from './redirects.ts';
export * from './kinds.ts';
export type { Correlation, CorrelationUse } from './correlate.ts';
export {
  convertRecording,
  describeSource,
  type RecordingConvertOptions,
  type RecordingConversion,
  type AppliedCorrelation,
  type AppliedUniqueValue,
} from './convert.ts';
export type { UniqueValue } from './unique-values.ts';
export { recordingToHar, type HarExportOptions, type HarExport } from './har-export.ts';
export { harToRecording } from './har-import.ts';
