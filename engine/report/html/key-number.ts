/** One key number at the top of the HTML report. */
export interface KeyNumber {
  /** Path into the summary, e.g. `_total`, `metrics.http_req_duration.p95`, `scenarios.1.arrival.targetRate`. */
  key: string;
  label: string;
  value: number;
  /** The value formatted like the CLI. */
  text: string;
  /** Shown under the value (e.g. "108 of 324"). */
  detail?: string;
  /** Highlight: bad for failures, warn for an unmet target rate. */
  tone?: 'bad' | 'warn';
  /**
   * Added up from several places of the summary (e.g. the timeline's gRPC failures), so `key` is a name, not a
   * path: the card carries `data-derived` instead of `data-key`.
   */
  derived?: true;
}
