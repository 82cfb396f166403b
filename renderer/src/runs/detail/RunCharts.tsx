/**
 * The run's charts over time, from its per-second points: requests/s (and failed/s), failed share, active VUs,
 * latency percentiles, bytes received and sent per second, for open-model runs the target arrival rate against the
 * achieved one, and for runs with gRPC or WebSocket steps their calls, sessions and messages per second and
 * latencies. The series are built once per change of the points (a tick, or the stored samples), and each chart
 * only redraws when its own series changed.
 */
import { useMemo } from 'react';
import { TimeChart } from '../../charts/TimeChart.tsx';
import { Section } from '../../ui/Section.tsx';
import { protocolSeries } from '../live/protocol-series.ts';
import { runSeries } from '../live/series.ts';
import type { RunPoint } from '../live/types.ts';
import '../live/live.css';

interface Props {
  points: readonly RunPoint[];
  /** The run has arrival-rate scenarios: show the target vs achieved chart even before anything is scheduled. */
  openModel: boolean;
}

/**
 * Section "Charts" with figures `data-chart` = rps, failed, vus, latency, data (and arrival; grpc-rate, grpc-latency;
 * ws-rate, ws-connecting).
 */
export function RunCharts({ points, openModel }: Props) {
  const s = useMemo(() => runSeries(points, openModel), [points, openModel]);
  const p = useMemo(() => protocolSeries(points), [points]);
  return (
    <Section title="Charts">
      {points.length === 0 && (
        <p className="muted dashboard-note" role="status">
          No measurements yet: the charts fill in every second.
        </p>
      )}
      <div className="run-charts">
        <TimeChart id="rps" title="Requests per second" unit="req/s" series={s.rps} />
        <TimeChart id="failed" title="Failed requests (%)" unit="%" series={s.failedShare} />
        <TimeChart id="vus" title="Active virtual users" unit="VUs" series={s.vus} />
        <TimeChart id="latency" title="Latency percentiles (http_req_duration)" unit="ms" series={s.latency} />
        <TimeChart id="data" title="Data on the wire (data_received, data_sent)" unit="kB/s" series={s.data} />
        {s.arrival && (
          <TimeChart
            id="arrival"
            title="Arrival rate: target vs achieved (open model)"
            unit="it/s"
            series={s.arrival}
          />
        )}
        {p.grpcRate && <TimeChart id="grpc-rate" title="gRPC calls per second" unit="calls/s" series={p.grpcRate} />}
        {p.grpcLatency && (
          <TimeChart id="grpc-latency" title="gRPC latency (grpc_req_duration)" unit="ms" series={p.grpcLatency} />
        )}
        {p.wsRate && (
          <TimeChart id="ws-rate" title="WebSocket sessions and messages per second" unit="/s" series={p.wsRate} />
        )}
        {p.wsConnecting && (
          <TimeChart
            id="ws-connecting"
            title="WebSocket connecting (ws_connecting)"
            unit="ms"
            series={p.wsConnecting}
          />
        )}
      </div>
    </Section>
  );
}
