/**
 * Reading shards for `loadsmith merge`: a file is a shard JSON (`run --segment ... --summary-json FILE`, or an
 * earlier merge's output) or a log holding `loadsmith-shard` lines (`run --shard-log`, collected with kubectl logs).
 * Anything else is refused with what it is and how to get a shard.
 */
import { readFile } from 'node:fs/promises';
import type { ShardFile } from '../metrics/merge.ts';
import { ShardData } from '../metrics/shard.ts';
import { shardsInLog } from './shard-log.ts';
import { asRunFile } from './summary-file.ts';
import { UsageError } from './usage.ts';

const HOW = "run each segment with 'loadsmith run PLAN --segment i/N --summary-json FILE' (or --shard-log)";

export async function readShardFiles(paths: readonly string[]): Promise<ShardFile[]> {
  const out: ShardFile[] = [];
  for (const path of paths) out.push(...shardsOf(await readText(path), path));
  return out;
}

export function shardsOf(text: string, path: string): ShardFile[] {
  if (text.trimStart().startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      throw new UsageError(`${path}: not JSON (${(e as Error).message}); expected a shard file: ${HOW}`);
    }
    return [asShard(value, path)];
  }
  let logged;
  try {
    logged = shardsInLog(text);
  } catch (e) {
    throw new UsageError(`${path}: ${(e as Error).message}`);
  }
  if (logged.length === 0)
    throw new UsageError(`${path}: neither a shard JSON nor a log with loadsmith-shard lines; ${HOW}`);
  return logged.map((l) => asShard(l.value, `${path}:${l.line}`));
}

function asShard(value: unknown, source: string): ShardFile {
  const file = asRunFile(value, source);
  if (file.kind !== 'summary') throw new UsageError(`${source}: a --repeat document, not a shard; ${HOW}`);
  const { shard } = file.summary;
  if (shard === undefined)
    throw new UsageError(`${source}: a run summary without shard data (the run was not a segment); ${HOW}`);
  const parsed = ShardData.safeParse(shard);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(
      `${source}: its shard data is damaged (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'}); write it again with loadsmith run --segment`,
    );
  }
  return { source, summary: { ...file.summary, shard: parsed.data } };
}

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(
      `${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message}; expected a shard file: ${HOW}`,
    );
  }
}
