/** The start forms' "Stream metrics to" field (the CLI's `--out KIND=URL`), checked as the contract will. */
import type { StreamOutput } from 'loadsmith/outputs';
import { RunStream } from '../../../app/contract/runs.ts';

export interface StreamFields {
  kind: StreamOutput['kind'] | '';
  url: string;
}

export const NO_STREAM: StreamFields = { kind: '', url: '' };

export const STREAM_CHOICES: readonly { kind: StreamOutput['kind']; label: string; placeholder: string }[] = [
  { kind: 'prometheus-rw', label: 'Prometheus remote write', placeholder: 'http://127.0.0.1:9090/api/v1/write' },
  { kind: 'influxdb', label: 'InfluxDB 1.x', placeholder: 'http://127.0.0.1:8086/loadsmith' },
  { kind: 'influxdb2', label: 'InfluxDB 2.x', placeholder: 'http://127.0.0.1:8086?org=acme&bucket=load' },
  { kind: 'otlp', label: 'OpenTelemetry (OTLP/HTTP)', placeholder: 'http://127.0.0.1:4318/v1/metrics' },
];

export type ParsedStream = { ok: true; outputs: StreamOutput[] | undefined } | { ok: false; problem: string };

/** No kind: no stream. A kind needs a URL the contract accepts. */
export function parseStream(f: StreamFields): ParsedStream {
  if (f.kind === '') return { ok: true, outputs: undefined };
  const url = f.url.trim();
  if (url === '') return { ok: false, problem: 'Stream metrics to: give the URL of the endpoint.' };
  const parsed = RunStream.safeParse({ kind: f.kind, url });
  if (!parsed.success)
    return { ok: false, problem: `Stream metrics to: ${parsed.error.issues[0]?.message ?? 'not a usable URL'}` };
  return { ok: true, outputs: [parsed.data] };
}
