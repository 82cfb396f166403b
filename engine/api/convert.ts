/**
 * `loadsmith/convert` — importers (cURL, HAR, Postman, OpenAPI, Vegeta targets) and exporters (k6, cURL, HAR), the
 * secret finder they share, and recorded traffic -> plans: classifying entries, finding secrets, linking redirects,
 * proposing correlations, HAR in and out. Node only (hashing); the formats and shapes alone are
 * `loadsmith/convert/types`.
 */
export * from '../convert/index.ts';
export { planRequests } from '../convert/resolve.ts';
export { envName, hasExpression, isSecretField, isSecretName } from '../convert/secrets.ts';
export {
  convertRecording,
  describeSource,
  entryType,
  findSecrets,
  harToRecording,
  hostOf,
  isStaticType,
  isTextual,
  mimeOf,
  recordingToHar,
  redact,
  REDACTED,
  RedirectLinker,
  type AppliedCorrelation,
  type AppliedUniqueValue,
  type Correlation,
  type CorrelationUse,
  type HarExport,
  type HarExportOptions,
  type RecordingConversion,
  type RecordingConvertOptions,
  type SecretPlaces,
  type UniqueValue,
} from '../convert/recording/index.ts';
export * from '../convert/recording/kinds.ts';
export type {
  RecordedBody,
  RecordedExchange,
  RecordedWebSocket,
  RecordedWebSocketMessage,
} from '../convert/recording/types.ts';
