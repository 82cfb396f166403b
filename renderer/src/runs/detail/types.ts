/** The engine's summary as the contract delivers it with a run (kept for importers; see ../live/types.ts). */
export type { RunSummary as Summary } from '../live/types.ts';
