/** Entry summaries for the recorder's unit tests. */
import type { EntrySummary } from '../../../app/contract/recordings.ts';

export function entry(id: number, o: Partial<EntrySummary> = {}): EntrySummary {
  return {
    id,
    startedAt: new Date(Date.UTC(2025, 0, 1, 12, 0, id)).toISOString(),
    durationMs: 12,
    method: 'GET',
    url: `https://shop.test/p/${id}`,
    host: 'shop.test',
    status: 200,
    mimeType: 'text/html',
    type: 'document',
    static: false,
    size: 100,
    redirectFrom: null,
    error: null,
    secret: false,
    truncated: false,
    messages: null,
    ...o,
  };
}
