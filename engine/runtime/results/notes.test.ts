import { describe, expect, it } from 'vitest';
import type { WriterStats } from './append-writer.ts';
import { resultNotes } from './notes.ts';

const stats = (path: string, over: Partial<WriterStats> = {}): WriterStats => ({
  path,
  rows: 0,
  lost: 0,
  bytes: 0,
  error: undefined,
  waits: 0,
  waitedMs: 0,
  ...over,
});
const csv = { format: 'csv' as const, path: '/r/a.csv' };
const nd = { format: 'ndjson' as const, path: '/r/a.ndjson' };

describe('resultNotes', () => {
  it('says nothing when every file has one row per request', () => {
    expect(
      resultNotes(
        [csv, nd],
        [stats(csv.path, { rows: 60 }), stats(csv.path, { rows: 40 }), stats(nd.path, { rows: 100 })],
        100,
      ),
    ).toEqual([]);
  });

  it('reports a write error with the rows missing, summed over workers', () => {
    expect(
      resultNotes(
        [csv],
        [
          stats(csv.path, { rows: 30, lost: 20, error: 'ENOSPC: no space left on device, write' }),
          stats(csv.path, { rows: 50 }),
        ],
        100,
      ),
    ).toEqual([
      'raw results /r/a.csv: writing failed (ENOSPC: no space left on device, write); 20 of 100 rows are missing from the file',
    ]);
  });

  it('reports a file short of rows when a worker never closed it', () => {
    expect(resultNotes([nd], [stats(nd.path, { rows: 70 })], 100)).toEqual([
      'raw results /r/a.ndjson: 70 rows written for 100 requests counted (a worker stopped before closing the file)',
    ]);
  });

  it('reports the time VUs waited for a slow disk', () => {
    expect(resultNotes([nd], [stats(nd.path, { rows: 100, waits: 3, waitedMs: 1250 })], 100)).toEqual([
      'raw results /r/a.ndjson: the disk did not keep up; VUs waited 3 times (1.3 s in all) before their next request',
    ]);
  });
});
