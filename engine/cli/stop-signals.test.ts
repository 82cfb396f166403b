import { afterEach, describe, expect, it, vi } from 'vitest';
import { RELAYED_MS, StopSignals, type StopRequest } from './stop-signals.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

function listening(): { signals: StopSignals; got: StopRequest[] } {
  const signals = new StopSignals();
  const got: StopRequest[] = [];
  signals.listen((r) => got.push(r));
  return { signals, got };
}

describe('StopSignals', () => {
  it("counts the terminal's SIGINT and npm's relayed copy as one Ctrl-C, and a later one as the second", () => {
    const { signals, got } = listening();
    signals.receive('SIGINT', 10_000);
    signals.receive('SIGINT', 10_000 + RELAYED_MS - 1);
    expect(got).toEqual([{ cause: 'SIGINT', count: 1 }]);
    signals.receive('SIGINT', 10_000 + RELAYED_MS + 300);
    expect(got).toEqual([
      { cause: 'SIGINT', count: 1 },
      { cause: 'SIGINT', count: 2 },
    ]);
  });

  it('treats SIGHUP and the parent going away as stop requests; the parent gone after a signal is no second one', () => {
    const { signals, got } = listening();
    signals.receive('SIGHUP', 0);
    signals.receive('parent', 5000);
    expect(got).toEqual([{ cause: 'SIGHUP', count: 1 }]);
    const other = listening();
    other.signals.receive('parent', 0);
    other.signals.receive('SIGTERM', 5000);
    expect(other.got).toEqual([
      { cause: 'parent', count: 1 },
      { cause: 'SIGTERM', count: 2 },
    ]);
  });

  it('--ignore-hangup: SIGHUP and the parent going away are ignored, Ctrl-C and SIGTERM are not', () => {
    const { signals, got } = listening();
    signals.ignoreHangups();
    signals.receive('SIGHUP', 0);
    signals.receive('parent', 1000);
    signals.receive('SIGTERM', 2000);
    expect(got).toEqual([{ cause: 'SIGTERM', count: 1 }]);
  });

  it('with no command listening yet (still loading), says what happened and exits 105', () => {
    const signals = new StopSignals();
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    signals.receive('SIGINT', 0);
    expect(exit).toHaveBeenCalledWith(105);
    expect(String(err.mock.calls[0]?.[0])).toContain(
      'loadsmith: stopped by Ctrl-C (SIGINT) before anything ran; nothing was sent',
    );
  });

  it('hands requests to the listener of the moment only', () => {
    const { signals, got } = listening();
    const later: StopRequest[] = [];
    const unlisten = signals.listen((r) => later.push(r));
    signals.receive('SIGTERM', 0);
    unlisten();
    expect(got).toEqual([]);
    expect(later).toEqual([{ cause: 'SIGTERM', count: 1 }]);
  });
});
