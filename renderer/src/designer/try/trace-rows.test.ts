import { describe, expect, it } from 'vitest';
import type { FlowTraceEntry, TraceEntry } from '../../../../app/contract/index.ts';
import { flowTitle, passText, traceRows } from './trace-rows.ts';

const S = (...rest: (string | number)[]) => ['scenarios', 's', 'steps', ...rest];
const entry = (name: string, path: (string | number)[], passes?: number[], scenario = 's'): TraceEntry => ({
  scenario,
  group: '',
  path,
  name,
  request: { method: 'GET', url: `http://x/${name}`, headers: [], body: null, bodyTruncated: false },
  response: { status: 200, headers: [], body: '', bodyTruncated: false, size: 0, contentType: null },
  timings: { blocked: 0, connecting: 0, tls: 0, sending: 0, waiting: 0, receiving: 0, duration: 1 },
  error: null,
  checks: [],
  extracted: [],
  redirects: 0,
  ...(passes ? { passes } : {}),
});
const flow = (
  kind: string,
  path: (string | number)[],
  text: string,
  more: Partial<FlowTraceEntry> = {},
): FlowTraceEntry => ({
  scenario: 's',
  path,
  kind,
  passes: [],
  branch: null,
  count: null,
  hitMax: false,
  text,
  ...more,
});
const shape = (rows: ReturnType<typeof traceRows>) =>
  rows.map((r) =>
    r.kind === 'flow'
      ? `${'  '.repeat(r.depth)}[${r.flow.kind}] ${r.flow.text}`
      : `${'  '.repeat(r.depth)}${r.entry.name}${r.entry.passes ? ` ${passText(r.entry.passes)}` : ''}`,
  );

describe('the Validate trace through flow control', () => {
  it('heads each loop and branch with its decision, though the engine reports a loop when it ends', () => {
    // Start a job, poll it three times (the engine sends the while's count after its passes), then a weighted choice.
    const entries = [
      entry('Start', S(0)),
      entry('Poll', S(1, 'while', 'steps', 0), [0]),
      entry('Poll', S(1, 'while', 'steps', 0), [1]),
      entry('Poll', S(1, 'while', 'steps', 0), [2]),
      entry('Buy', S(2, 'randomSwitch', 1, 'steps', 0)),
      entry('Done', S(3)),
    ];
    const decisions = [
      flow('while', S(1), '3 passes', { count: 3 }),
      flow('randomSwitch', S(2), "branch 2 'buy' drawn (weight 30 of 100)", { branch: 1 }),
    ];
    expect(shape(traceRows(entries, decisions))).toEqual([
      'Start',
      '[while] 3 passes',
      '  Poll pass 1',
      '  Poll pass 2',
      '  Poll pass 3',
      "[randomSwitch] branch 2 'buy' drawn (weight 30 of 100)",
      '  Buy',
      'Done',
    ]);
    expect(
      traceRows(entries, decisions)
        .filter((r) => r.kind === 'request')
        .map((r) => r.index),
    ).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('puts a decision that ran nothing in document order, and an if inside each pass of a loop in its pass', () => {
    const entries = [
      entry('A', S(0, 'repeat', 'steps', 1), [0]),
      entry('A', S(0, 'repeat', 'steps', 1), [1]),
      entry('After', S(2)),
      entry('Other', ['scenarios', 't', 'steps', 0], undefined, 't'),
    ];
    const decisions = [
      flow('if', S(0, 'repeat', 'steps', 0), 'condition false: nothing to run', { passes: [0], branch: null }),
      flow('if', S(0, 'repeat', 'steps', 0), 'condition true: then', { passes: [1], branch: 'then' }),
      flow('repeat', S(0), '2 passes', { count: 2 }),
      flow('once', S(1), 'skipped: this VU ran it before', { count: 0 }),
      flow('forEach', S(3), '0 passes', { count: 0 }),
    ];
    expect(shape(traceRows(entries, decisions))).toEqual([
      '[repeat] 2 passes',
      '  [if] condition false: nothing to run',
      '  A pass 1',
      '  [if] condition true: then',
      '  A pass 2',
      '[once] skipped: this VU ran it before',
      'After',
      '[forEach] 0 passes',
      'Other',
    ]);
  });

  it('is the plain list of requests without flow control (or from an older back end)', () => {
    const entries = [entry('a', S(0)), entry('b', S(1))];
    expect(shape(traceRows(entries))).toEqual(['a', 'b']);
    expect(shape(traceRows([], [flow('once', S(0), 'ran')]))).toEqual(['[once] ran']);
  });

  it('words', () => {
    expect(passText([2])).toBe('pass 3');
    expect(passText([0, 4])).toBe('pass 1.5');
    expect(passText(undefined)).toBeNull();
    expect(flowTitle(flow('doWhile', S(0), '30 passes, stopped at its max (30) with the condition still true'))).toBe(
      'Do while: 30 passes, stopped at its max (30) with the condition still true',
    );
  });
});
