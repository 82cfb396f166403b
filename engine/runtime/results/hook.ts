/**
 * What the VU code path reports when raw results are written (`--out csv=FILE`, `--out ndjson=FILE`).
 * Runs without outputs never set it: send.ts tests `wc.results !== undefined` and does nothing else.
 */
import type { CompiledRequest } from '../compile/request.ts';
import type { ExchangeResult } from '../http/types.ts';
import type { VirtualUser } from '../vu/virtual-user.ts';

export interface RequestResults {
  /**
   * One counted request (a hop: exactly what `http_reqs` counts), right after it was recorded in the metrics.
   * Returns a promise when the files are behind: the VU waits for it before going on (backpressure).
   */
  request(
    vu: VirtualUser,
    req: CompiledRequest,
    method: string,
    url: string,
    res: ExchangeResult,
    bytesSent: number,
  ): Promise<void> | undefined;
}
