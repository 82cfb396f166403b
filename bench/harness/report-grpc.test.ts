import { describe, expect, it } from 'vitest';
import type { RunRecord } from './record.ts';
import { grpcTable } from './report.ts';

function run(tool: string, rep: number, rps: number, usPerReq: number): RunRecord {
  return {
    workload: 'grpc',
    tool,
    param: 50,
    rep,
    result: { requests: rps * 8, rps, p50Ms: 2, p99Ms: 20, errors: 0 },
    error: undefined,
    steady: { seconds: 6, served: rps * 6, genCpu: (rps * usPerReq) / 1e6, targetCpu: 0.3, usPerReq },
    wallS: 9,
    cpuS: 1,
    peakRssMb: 100,
    machineBusy: 0.5,
  };
}

/** The cells of the table's row for `tool`. */
function row(table: string, tool: string): string[] {
  const line = table.split('\n').find((l) => l.startsWith(`| ${tool} |`));
  if (line === undefined) throw new Error(`no row for ${tool} in\n${table}`);
  return line.split('|').map((c) => c.trim());
}

describe('grpcTable', () => {
  const records = [
    run('loadsmith', 0, 5000, 100),
    run('loadsmith', 1, 6000, 90),
    run('loadsmith', 2, 4000, 110),
    run('k6', 0, 2000, 200),
    run('ghz', 0, 12000, 50),
  ];
  const table = grpcTable(records);

  it('shows the median calls/s and CPU per call with the spread of the repetitions', () => {
    const cells = row(table, 'loadsmith');
    expect(cells[2]).toBe('5,000 (4,000–6,000)');
    expect(cells[8]).toBe('100.0 (90.0–110.0)');
  });

  it('gives calls per generator core-second, and each as a multiple of k6 and ghz', () => {
    const ls = row(table, 'loadsmith');
    expect(ls[9]).toBe('10,000');
    expect(ls[10]).toBe('2.00×');
    expect(ls[11]).toBe('0.50×');
    expect(row(table, 'k6')[10]).toBe('1.00×');
    expect(row(table, 'ghz')[10]).toBe('4.00×');
  });

  it('shows no ratio to a peer that did not run', () => {
    const alone = grpcTable([run('loadsmith', 0, 5000, 100)]);
    expect(row(alone, 'loadsmith')[10]).toBe('–');
    expect(row(alone, 'loadsmith')[2]).toBe('5,000');
  });

  it('is empty without gRPC records', () => {
    expect(grpcTable([{ ...run('wrk', 0, 1, 1), workload: 'closed' }])).toBe('');
  });
});
