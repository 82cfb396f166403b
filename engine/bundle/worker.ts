/**
 * Builds the worker thread's bundle: engine/runtime/worker/main.ts and the engine code it imports as one ES module,
 * its npm dependencies left to node_modules. The runner package ships it (scripts/build-runner.ts) and a checkout
 * builds it on demand (fresh.ts). Its first line is a stamp, the hash of the sources it was built from, listed
 * beside it in worker.sources.json: a bundle whose sources changed since is not used.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The engine folder: the runner package's root. */
export const ENGINE_DIR = fileURLToPath(new URL('../', import.meta.url));
export const WORKER_BUNDLE = 'worker.mjs';
export const WORKER_SOURCES = 'worker.sources.json';
const STAMP = '// loadsmith worker bundle, sources sha256 ';
/** Changes when the way the bundle is built changes, so that older bundles are rebuilt. */
const RECIPE = 'esm node22 packages-external 1';

/** The hash of the sources (paths relative to the engine folder) and of the recipe. */
export async function sourcesHash(inputs: readonly string[]): Promise<string> {
  const hash = createHash('sha256').update(RECIPE);
  for (const input of [...inputs].sort()) hash.update(`\0${input}\0`).update(await readFile(join(ENGINE_DIR, input)));
  return hash.digest('hex');
}

/** The stamp a bundle built from sources with this hash starts with. */
export const stampLine = (hash: string): string => `${STAMP}${hash}\n`;

/** Builds `outDir`/worker.mjs and its list of sources. Needs esbuild (a development dependency). */
export async function buildWorkerBundle(outDir: string): Promise<void> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: ['runtime/worker/main.ts'],
    absWorkingDir: ENGINE_DIR,
    outfile: join(outDir, WORKER_BUNDLE),
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  const code = result.outputFiles.find((f) => f.path.endsWith(WORKER_BUNDLE));
  if (!code) throw new Error('esbuild wrote no worker bundle');
  await mkdir(outDir, { recursive: true });
  // Written aside, then renamed: a process reading the bundle meanwhile (tests run in parallel) sees a whole one.
  await replace(join(outDir, WORKER_BUNDLE), stampLine(await sourcesHash(inputs)) + code.text);
  await replace(join(outDir, WORKER_SOURCES), `${JSON.stringify(inputs)}\n`);
}

async function replace(file: string, text: string): Promise<void> {
  const aside = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(aside, text);
  await rename(aside, file);
}
