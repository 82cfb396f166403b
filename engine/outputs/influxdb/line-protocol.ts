/**
 * InfluxDB line protocol (https://docs.influxdata.com/influxdb/v1/write_protocols/line_protocol_reference/):
 * `measurement,tag=value field=1.5 1700000000000`. Tags with empty values are left out (the protocol has none),
 * tags are sorted by key (what InfluxDB recommends), field values are floats.
 */
import type { Labels } from '../metrics.ts';

const escapeMeasurement = (s: string): string => s.replace(/[,\s\\]/g, (c) => `\\${c === '\n' ? 'n' : c}`);
const escapeTag = (s: string): string => s.replace(/[,=\s\\]/g, (c) => `\\${c === '\n' ? 'n' : c}`);

/** One line, without the newline. Non-finite field values are left out; a line without fields is ''. */
export function line(
  measurement: string,
  tags: Labels,
  fields: Readonly<Record<string, number>>,
  timeMs: number,
): string {
  let out = escapeMeasurement(measurement);
  for (const k of Object.keys(tags).sort()) {
    const v = tags[k]!;
    if (v !== '' && k !== '') out += `,${escapeTag(k)}=${escapeTag(v)}`;
  }
  let sep = ' ';
  let any = false;
  for (const [k, v] of Object.entries(fields)) {
    if (!Number.isFinite(v)) continue;
    out += `${sep}${escapeTag(k)}=${v}`;
    sep = ',';
    any = true;
  }
  return any ? `${out} ${Math.round(timeMs)}` : '';
}
