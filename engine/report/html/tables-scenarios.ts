/** Each scenario's own requests, rate, p(95), failures and checks: a protocol per scenario compared at a glance. */
import type { Summary } from '../../metrics/summary.ts';
import { hasScenarioTable } from '../compare/scenario-metrics.ts';
import { fmtCount, fmtMs, fmtPct, fmtRate } from '../format.ts';
import { table, type Cell, type Column } from './html.ts';

const num = (label: string): Column => ({ label, num: true });

/** The table "Requests per scenario"; empty for a run of one scenario (the run's own numbers say it all). */
export function scenarioRequestsHtml(s: Summary): string {
  if (!hasScenarioTable([s])) return '';
  const head: Column[] = [
    'Scenario',
    'Protocol',
    num('Requests'),
    num('Req/s'),
    num('p(95)'),
    num('Failed'),
    num('Checks passed'),
  ];
  const body = s.scenarios.map((sc): Cell[] => {
    const q = sc.requests;
    return [
      sc.name,
      q ? q.protocols.map((p) => (p === 'grpc' ? 'gRPC' : 'HTTP')).join(' + ') : '–',
      q ? fmtCount(q.count) : '–',
      q ? fmtRate(q.rate) : '–',
      q && q.count > 0 ? fmtMs(q.duration.p95) : '–',
      q ? { value: fmtPct(q.failedRate), cls: q.failed > 0 ? 'warn' : '' } : '–',
      sc.checks ? { value: fmtPct(sc.checks.rate), cls: sc.checks.fails > 0 ? 'warn' : '' } : '–',
    ];
  });
  return table('Requests per scenario', head, body);
}
