/**
 * .proto files as a plan names them: the files and their imports are read only through the plan's file source (the
 * coordinator collects them, the workers get their bytes), never opened by protobufjs itself. An import is looked up
 * in each import path in order (default: the folder of the first proto); google/protobuf/* come with protobufjs.
 */
import { posix } from 'node:path';
import type protobuf from 'protobufjs';
import { grpcPackages, loadGrpcPackages } from '../protocol-packages.ts';
import { PlanFileError } from '../files/errors.ts';

/** Where the protos of a step live: the files as written and the folders their imports are looked up in. */
export interface ProtoSet {
  protos: readonly string[];
  importPaths: readonly string[] | undefined;
}

/** A proto that could not be found or parsed, in words for the user. */
export class ProtoError extends Error {}

// Field names as written in the proto: descriptors from reflection keep them too, so both sources agree.
const PARSE = { keepCase: true, alternateCommentMode: false };
const isBundled = (name: string): boolean => Object.prototype.hasOwnProperty.call(grpcPackages().protobuf.common, name);

/** The import paths of a set (plan-relative, posix). */
function importDirs(set: ProtoSet): string[] {
  return [...(set.importPaths ?? [posix.dirname(set.protos[0] ?? '.')])];
}

/** Plan-relative candidates for an import, in the order they are tried. */
export function importCandidates(set: ProtoSet, name: string): string[] {
  return importDirs(set).map((dir) => posix.normalize(posix.join(dir, name)));
}

/** The imports a proto source declares (parsed into a throwaway root: only its syntax matters here). */
function importsOf(file: string, text: string): string[] {
  try {
    const pb = grpcPackages().protobuf;
    const parsed = pb.parse(text, new pb.Root(), PARSE);
    return [...(parsed.imports ?? []), ...(parsed.weakImports ?? [])];
  } catch (e) {
    throw new ProtoError(`${file}: ${(e as Error).message}`);
  }
}

/**
 * Every file of a set (the protos, then their imports, transitively), read through `read`. A file that cannot be read
 * (PlanFileError) is looked for in the next import path; when none has it, the last reason is given.
 */
export async function collectProtos(
  set: ProtoSet,
  read: (path: string) => Promise<Buffer>,
): Promise<Map<string, Buffer>> {
  await loadGrpcPackages();
  const out = new Map<string, Buffer>();
  const visit = async (path: string, from: string | undefined, candidates: readonly string[]): Promise<void> => {
    let why = '';
    for (const c of candidates) {
      if (out.has(c)) return;
      let bytes: Buffer;
      try {
        bytes = await read(c);
      } catch (e) {
        if (!(e instanceof PlanFileError)) throw e;
        why = e.message;
        continue;
      }
      out.set(c, bytes);
      for (const imp of importsOf(c, bytes.toString('utf8')))
        if (!isBundled(imp)) await visit(imp, c, importCandidates(set, imp));
      return;
    }
    throw new ProtoError(
      from === undefined
        ? why
        : `${from} imports ${path}, found in none of the import paths (${candidates.join(', ')}: ${why}); set importPaths`,
    );
  };
  for (const p of set.protos) await visit(p, undefined, [posix.normalize(p)]);
  return out;
}

/** A root with every type of the set, built from bytes already read (`files`, by plan-relative path). */
export function buildRoot(set: ProtoSet, files: ReadonlyMap<string, Buffer>): protobuf.Root {
  const pb = grpcPackages().protobuf;
  const root = new pb.Root();
  const done = new Set<string>();
  const load = (name: string, candidates: readonly string[]): void => {
    if (isBundled(name)) {
      if (done.has(name)) return;
      done.add(name);
      const json = (pb.common as unknown as Record<string, protobuf.INamespace>)[name];
      if (json?.nested) root.addJSON(json.nested);
      return;
    }
    const path = candidates.find((c) => files.has(c));
    if (path === undefined)
      throw new ProtoError(`proto file ${name} was not loaded (looked for ${candidates.join(', ')})`);
    if (done.has(path)) return;
    done.add(path);
    const text = (files.get(path) as Buffer).toString('utf8');
    let parsed: protobuf.IParserResult;
    try {
      parsed = pb.parse(text, root, PARSE);
    } catch (e) {
      throw new ProtoError(`${path}: ${(e as Error).message}`);
    }
    for (const imp of [...(parsed.imports ?? []), ...(parsed.weakImports ?? [])]) load(imp, importCandidates(set, imp));
  };
  for (const p of set.protos) load(p, [posix.normalize(p)]);
  try {
    root.resolveAll();
  } catch (e) {
    throw new ProtoError(`${set.protos.join(', ')}: ${(e as Error).message}`);
  }
  return root;
}
