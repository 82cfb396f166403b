/**
 * A shard as one log line, for runs whose files are hard to collect (Kubernetes pods: `kubectl logs` is the one
 * way out that needs no shared volume): `loadsmith-shard v1 <segments> <base64 of the gzipped summary JSON>`.
 * `loadsmith merge` finds such lines in any text (with or without `kubectl logs --prefix`), several per file.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Summary } from '../metrics/summary.ts';

export const SHARD_LOG_TAG = 'loadsmith-shard';
const VERSION = 'v1';

export function shardLogLine(summary: Summary): string {
  const segments = summary.shard?.segments.join(',') ?? '0:1';
  return `${SHARD_LOG_TAG} ${VERSION} ${segments} ${gzipSync(JSON.stringify(summary)).toString('base64')}`;
}

export interface LoggedShard {
  line: number;
  value: unknown;
}

/** Every shard line in `text` (1-based line numbers); a line that is cut or corrupt throws an Error naming it. */
export function shardsInLog(text: string): LoggedShard[] {
  const found: LoggedShard[] = [];
  const lines = text.split('\n');
  for (const [i, raw] of lines.entries()) {
    const at = raw.indexOf(`${SHARD_LOG_TAG} `);
    if (at < 0) continue;
    const [, version, , data] = raw.slice(at).trim().split(' ');
    if (version !== VERSION || data === undefined)
      throw new Error(
        `line ${i + 1}: a ${SHARD_LOG_TAG} line of an unknown format (${version ?? 'no version'}): update Loadsmith`,
      );
    try {
      found.push({ line: i + 1, value: JSON.parse(gunzipSync(Buffer.from(data, 'base64')).toString('utf8')) });
    } catch (e) {
      throw new Error(
        `line ${i + 1}: the ${SHARD_LOG_TAG} line is cut or corrupt (${(e as Error).message}); collect the log again with kubectl logs --tail=-1`,
        { cause: e },
      );
    }
  }
  return found;
}
