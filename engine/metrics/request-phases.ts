/** No zod here: worker threads read this and never load zod (runtime/worker/main.ts, its memory). */

/** The timings of an HTTP request: http_req_duration (`duration`) and its phases. */
export const PHASES = [
  'duration',
  'blocked',
  'lookup',
  'connecting',
  'tls',
  'sending',
  'waiting',
  'receiving',
] as const;
export type Phase = (typeof PHASES)[number];
