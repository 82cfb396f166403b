/**
 * The files a plan needs in its pods, for the ConfigMap: the plan itself and the data and body files it refers
 * to (gRPC protos with their imports too), at the same paths relative to the plan (mounted at /plan). Text goes to `data`, anything else to
 * `binaryData`. Refused, with what to do instead: files outside the plan's directory (a ConfigMap volume cannot put
 * them there) and more than a ConfigMap holds (1 MiB). TLS files are left out with a warning: keys are secrets,
 * they belong in a Secret mounted at the same paths.
 */
import { readFile } from 'node:fs/promises';
import { basename, extname, isAbsolute, normalize, sep } from 'node:path';
import type { Plan } from '../../plan/schema/index.ts';
import { requestsOf } from '../../plan/walk.ts';
import { localPlanFiles, PlanFileError, type FileUse } from '../../runtime/files/plan-files.ts';
import { tlsFiles } from '../../runtime/http/connection-profile.ts';
import { collectProtos, ProtoError } from '../../runtime/grpc/protos.ts';
import { grpcCallsOf } from '../../plan/grpc-names.ts';
import { UsageError } from '../usage.ts';

/** The API server refuses ConfigMaps above 1 MiB; leave room for the object's own fields. */
export const CONFIGMAP_MAX_BYTES = 1_000_000;

export interface PlanFile {
  key: string;
  path: string;
  text?: string;
  base64?: string;
  bytes: number;
}

export async function planFiles(
  planFile: string,
  plan: Plan,
  baseDir: string,
): Promise<{ files: PlanFile[]; warnings: string[] }> {
  const grpcTls = [...grpcCallsOf(plan)].flatMap(({ call }) =>
    [call.tls?.caFile, call.tls?.certFile, call.tls?.keyFile].filter((f): f is string => f !== undefined),
  );
  const tls = [
    ...new Set([
      ...tlsFiles([plan.defaults?.http]),
      ...[...requestsOf(plan)].flatMap((v) => tlsFiles([v.request.http])),
      ...grpcTls,
    ]),
  ];
  const warnings =
    tls.length === 0
      ? []
      : [
          `the plan uses TLS files (${tls.join(', ')}); they are not put in the ConfigMap (keys are secrets): create a Secret with them (kubectl create secret generic NAME --from-file=...) and mount it in the Job so they appear at /plan/<the same path>`,
        ];
  const wanted = new Map<string, FileUse>();
  for (const f of Object.values(plan.data ?? {})) wanted.set(f.file, 'data file');
  for (const { request } of requestsOf(plan))
    if (request.file !== undefined)
      wanted.set(typeof request.file === 'string' ? request.file : request.file.path, 'body file');
  for (const p of await grpcProtoFiles(plan, baseDir)) wanted.set(p, 'proto file');

  const planPath = extname(planFile).toLowerCase() === '.json' ? 'plan.json' : 'plan.yaml';
  const files: PlanFile[] = [entry(planPath, planPath, await readFile(planFile))];
  for (const [p, use] of [...wanted].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const rel = normalize(p).split(sep).join('/');
    if (isAbsolute(p) || rel.startsWith('../') || rel === '..') {
      throw new UsageError(
        `the plan refers to ${p}, outside its own directory: a ConfigMap mounted at /plan can only hold files next to or below the plan; move the file there (and change the plan), or build it into the image`,
      );
    }
    let content: Buffer;
    try {
      content = (await localPlanFiles(baseDir).read(p, use)).bytes;
    } catch (e) {
      if (!(e instanceof PlanFileError)) throw e;
      throw new UsageError(`${e.message}; run 'loadsmith validate ${basename(planFile)}'`);
    }
    files.push(entry(`file-${files.length}-${rel.replace(/[^-._a-zA-Z0-9]/g, '_')}`.slice(0, 253), rel, content));
  }
  const total = files.reduce((n, f) => n + f.bytes, 0);
  if (total > CONFIGMAP_MAX_BYTES) {
    const big = files
      .filter((f) => f.bytes > 10_000)
      .map((f) => `${f.path} (${f.bytes} bytes)`)
      .join(', ');
    throw new UsageError(
      `the plan and its files are ${total} bytes, more than a ConfigMap holds (1 MiB): build the large files into the image instead (${big}) — see docs/distributed.md`,
    );
  }
  return { files, warnings };
}

/** The protos of the plan's gRPC steps with every file they import, as the run reads them. */
async function grpcProtoFiles(plan: Plan, baseDir: string): Promise<string[]> {
  const out: string[] = [];
  for (const { call } of grpcCallsOf(plan)) {
    if (call.protos === undefined) continue;
    try {
      const files = await collectProtos(
        { protos: call.protos, importPaths: call.importPaths },
        async (p) => (await localPlanFiles(baseDir).read(p, 'proto file')).bytes,
      );
      out.push(...files.keys());
    } catch (e) {
      if (!(e instanceof ProtoError)) throw e;
      throw new UsageError(`${e.message}; run 'loadsmith validate' on the plan`);
    }
  }
  return out;
}

function entry(key: string, path: string, content: Buffer): PlanFile {
  const text = content.toString('utf8');
  const isText = Buffer.from(text, 'utf8').equals(content) && !text.includes('\0');
  return isText
    ? { key, path, text, bytes: content.length }
    : { key, path, base64: content.toString('base64'), bytes: content.length };
}
