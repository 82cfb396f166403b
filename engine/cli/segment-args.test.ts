import { describe, expect, it, vi } from 'vitest';
import { fakeSummary } from '../report/compare/testing.ts';
import { parseRunArgs, parseStartAt } from './args.ts';
import { endSegment } from './commands/segment.ts';
import { shardLogLine, shardsInLog } from './shard-log.ts';
import { UsageError } from './usage.ts';

const run = (...a: string[]) => parseRunArgs(['p.yaml', ...a], true);
function usageError(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe("--segment and k6's --execution-segment", () => {
  it("numbers segments from 1: 1/4 is the first quarter (k6's 0:1/4), 4/4 the last", () => {
    expect(run('--segment', '1/4').segment).toEqual({ segment: '0:1/4', sequence: '0,1/4,1/2,3/4,1' });
    expect(run('--segment', '4/4').segment).toEqual({ segment: '3/4:1', sequence: '0,1/4,1/2,3/4,1' });
    expect(run('--segment', ' 2 / 3 ').segment).toEqual({ segment: '1/3:2/3', sequence: '0,1/3,2/3,1' });
    expect(run().segment).toBeUndefined();
  });

  it('refuses what is not i/N with 1 <= i <= N', () => {
    expect(usageError(() => run('--segment', '0/4'))).toBe(
      "--segment '0/4': the segment number must be between 1 and 4 (segments are numbered from 1), not 0",
    );
    expect(usageError(() => run('--segment', '5/4'))).toMatch(/between 1 and 4/);
    expect(usageError(() => run('--segment', '0:1/4'))).toMatch(/is not i\/N.*use --execution-segment/);
    expect(usageError(() => run('--segment', '1/0'))).toMatch(/at least 1/);
  });

  it("takes k6's from:to form with or without a sequence", () => {
    expect(run('--execution-segment', '25%:50%').segment).toEqual({ segment: '1/4:1/2', sequence: '0,1/4,1/2,1' });
    expect(run('--execution-segment', '1/4:1/2', '--execution-segment-sequence', '0,1/4,1/2,3/4,1').segment).toEqual({
      segment: '1/4:1/2',
      sequence: '0,1/4,1/2,3/4,1',
    });
    expect(
      usageError(() => run('--execution-segment', '1/4:1/2', '--execution-segment-sequence', '0,1/3,2/3,1')),
    ).toMatch(/is not one of the sequence 0,1\/3,2\/3,1/);
    expect(usageError(() => run('--execution-segment', '3/4:1/2'))).toMatch(
      /^--execution-segment '3\/4:1\/2': a segment's start/,
    );
    expect(usageError(() => run('--execution-segment-sequence', '0,1/2,1'))).toMatch(/needs --execution-segment/);
    expect(usageError(() => run('--segment', '1/2', '--execution-segment', '0:1/2'))).toMatch(
      /already sets the segment/,
    );
  });

  it('refuses combinations that make no sense', () => {
    expect(usageError(() => run('--segment', '1/2', '--repeat', '2'))).toMatch(
      /--repeat and --segment cannot be combined/,
    );
    expect(usageError(() => run('--shard-log'))).toMatch(/use it with --segment/);
    expect(usageError(() => run('--start-at', '1700000000', '--repeat', '2'))).toMatch(/--start-at and --repeat/);
  });

  it('reads --start-at as an ISO time with its zone or Unix seconds', () => {
    expect(run('--start-at', '2025-03-01T10:00:00Z').startAt).toBe(Date.UTC(2025, 2, 1, 10));
    expect(run('--start-at', '2025-03-01T11:00:00+01:00').startAt).toBe(Date.UTC(2025, 2, 1, 10));
    expect(parseStartAt('1740823200')).toBe(Date.UTC(2025, 2, 1, 10));
    expect(usageError(() => run('--start-at', '2025-03-01T10:00:00'))).toMatch(/not a time with its zone/);
    expect(usageError(() => run('--start-at', 'soon'))).toMatch(/not a time with its zone/);
  });
});

describe('the shard log line', () => {
  const s = fakeSummary({ status: 'failed' });
  it('round-trips a summary, also behind kubectl logs --prefix and among other lines', () => {
    const line = shardLogLine(s);
    expect(line).toMatch(/^loadsmith-shard v1 0:1 [A-Za-z0-9+/=]+$/);
    const log = `summary text\n[pod/x-0-abc/loadsmith] ${line}\nmore\n${line}\n`;
    expect(shardsInLog(log).map((l) => [l.line, l.value])).toEqual([
      [2, s],
      [4, s],
    ]);
    expect(shardsInLog('no shard here')).toEqual([]);
    expect(() => shardsInLog(line.slice(0, -20))).toThrow(/line 1: the loadsmith-shard line is cut or corrupt/);
    expect(() => shardsInLog('loadsmith-shard v9 0:1 xx')).toThrow(/unknown format \(v9\)/);
  });

  it('with --shard-log a failed threshold exits 0 (merge decides), without it 99', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(endSegment(s, false)).toBe(99);
      expect(write).not.toHaveBeenCalled();
      expect(endSegment(s, true)).toBe(0);
      expect(String(write.mock.calls[0]?.[0])).toMatch(/^loadsmith-shard v1 /);
      expect(endSegment(fakeSummary({ stoppedBy: 'error' }), true)).toBe(103);
    } finally {
      write.mockRestore();
    }
  });
});
