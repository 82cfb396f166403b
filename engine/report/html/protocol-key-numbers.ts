/**
 * The key numbers of gRPC and WebSocket steps, shown when the run had them: gRPC calls, failed calls (a status other
 * than OK, added up from the timeline, whose counts are exact), p(95) and streams; WebSocket sessions, messages sent
 * and received, ws_connecting and ws_session_duration p(95), and errors by kind (ws-handshake, ws-timeout, ...).
 */
import type { Summary } from '../../metrics/summary.ts';
import { fmtCount, fmtMs, fmtPct, fmtRate } from '../format.ts';
import type { KeyNumber } from './key-number.ts';

export function grpcKeyNumbers(s: Summary): KeyNumber[] {
  const out: KeyNumber[] = [];
  const grpc = s.metrics.grpc_req_duration;
  if (grpc?.type === 'trend' && grpc.count > 0) {
    const failed = s.timeline.reduce((n, p) => n + (p.grpc?.failed ?? 0), 0);
    out.push(
      { key: 'metrics.grpc_req_duration.count', label: 'gRPC calls', value: grpc.count, text: fmtCount(grpc.count) },
      {
        key: 'grpc.failed',
        label: 'gRPC calls failed',
        value: failed,
        text: fmtCount(failed),
        detail: `${fmtPct(failed / grpc.count)} not OK`,
        derived: true,
        ...(failed > 0 ? { tone: 'bad' as const } : {}),
      },
      { key: 'metrics.grpc_req_duration.p95', label: 'gRPC p(95)', value: grpc.p95, text: fmtMs(grpc.p95) },
    );
  }
  const streams = s.metrics.grpc_streams;
  if (streams?.type === 'counter')
    out.push({
      key: 'metrics.grpc_streams.count',
      label: 'gRPC streams',
      value: streams.count,
      text: fmtCount(streams.count),
      detail: fmtRate(streams.rate),
    });
  return out;
}

export function wsKeyNumbers(s: Summary): KeyNumber[] {
  const sessions = s.metrics.ws_sessions;
  if (sessions?.type !== 'counter') return [];
  const out: KeyNumber[] = [
    {
      key: 'metrics.ws_sessions.count',
      label: 'WebSocket sessions',
      value: sessions.count,
      text: fmtCount(sessions.count),
      detail: fmtRate(sessions.rate),
    },
  ];
  for (const [name, label] of [
    ['ws_msgs_sent', 'WebSocket msgs sent'],
    ['ws_msgs_received', 'WebSocket msgs received'],
  ] as const) {
    const m = s.metrics[name];
    if (m?.type === 'counter')
      out.push({
        key: `metrics.${name}.count`,
        label,
        value: m.count,
        text: fmtCount(m.count),
        detail: fmtRate(m.rate),
      });
  }
  for (const [name, label] of [
    ['ws_connecting', 'WebSocket connecting p(95)'],
    ['ws_session_duration', 'WebSocket session p(95)'],
  ] as const) {
    const m = s.metrics[name];
    if (m?.type === 'trend' && m.count > 0)
      out.push({ key: `metrics.${name}.p95`, label, value: m.p95, text: fmtMs(m.p95) });
  }
  const byKind = new Map<string, number>();
  for (const e of s.errors) if (e.kind.startsWith('ws-')) byKind.set(e.kind, (byKind.get(e.kind) ?? 0) + e.count);
  const errors = [...byKind.values()].reduce((a, b) => a + b, 0);
  out.push({
    key: 'ws.errors',
    label: 'WebSocket errors',
    value: errors,
    text: fmtCount(errors),
    ...(errors > 0
      ? {
          detail: [...byKind].map(([kind, n]) => `${kind} ${fmtCount(n)}`).join(', '),
          tone: 'bad' as const,
        }
      : {}),
    derived: true,
  });
  return out;
}
