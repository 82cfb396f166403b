/**
 * In a checkout the engine runs from its TypeScript sources, but its worker threads start from a bundle of them
 * (engine/dist/worker.mjs) as long as it was built from the sources as they are now; otherwise it is rebuilt first
 * (about a second, once after a change). Without esbuild (it is a development dependency) or a writable engine/dist,
 * the caller falls back to the sources.
 */
import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ENGINE_DIR, WORKER_BUNDLE, WORKER_SOURCES, buildWorkerBundle, sourcesHash, stampLine } from './worker.ts';

const DIST = join(ENGINE_DIR, 'dist');

/**
 * The URL of a worker bundle in `dist` built from the current sources, or undefined when there is none and none
 * can be built.
 */
export async function freshWorkerBundle(dist = DIST): Promise<URL | undefined> {
  const bundle = join(dist, WORKER_BUNDLE);
  if (await isFresh(dist, bundle)) return pathToFileURL(bundle);
  try {
    await buildWorkerBundle(dist);
    return pathToFileURL(bundle);
  } catch {
    return undefined;
  }
}

async function isFresh(dist: string, bundle: string): Promise<boolean> {
  try {
    const inputs = JSON.parse(await readFile(join(dist, WORKER_SOURCES), 'utf8')) as unknown;
    if (!Array.isArray(inputs) || !inputs.every((i) => typeof i === 'string')) return false;
    const expected = stampLine(await sourcesHash(inputs));
    return (await firstBytes(bundle, Buffer.byteLength(expected))) === expected;
  } catch {
    return false; // no bundle yet, or a source it lists is gone
  }
}

async function firstBytes(file: string, n: number): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(n), 0, n, 0);
    return buffer.toString('utf8', 0, bytesRead);
  } finally {
    await handle.close();
  }
}
