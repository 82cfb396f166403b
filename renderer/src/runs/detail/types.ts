/** The engine's summary as the contract delivers it with a run. */
import type { RunDetail } from '../../../../app/contract/runs.ts';

export type Summary = NonNullable<RunDetail['summary']>;
