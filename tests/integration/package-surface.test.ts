/**
 * The runner package's public surface (engine/package.json `exports`): a subpath with a plain target is
 * browser-safe — the renderer and the app's contract import it, and Vite bundles it for the UI — and one with only
 * a `node` condition is Node only. Each browser-safe subpath is bundled as a browser would get it (esbuild refuses
 * any Node built-in, directly or through a package) and then evaluated where neither Node nor a DOM exists: a bare
 * V8 context with the web's standard globals only, so a module that touches `process` or `Buffer` when it loads
 * fails here and not in the user's window.
 */
import { readFile } from 'node:fs/promises';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ENGINE = new URL('../../engine/', import.meta.url);
const manifest = JSON.parse(await readFile(new URL('package.json', ENGINE), 'utf8')) as {
  exports: Record<string, string | Record<string, string>>;
};
const subpaths = Object.entries(manifest.exports).filter(([name]) => name !== './package.json');
const browserSafe = subpaths
  .filter(([, target]) => typeof target === 'string')
  .map(([name, target]) => [name, target as string] as const);
const nodeOnly = subpaths.filter(([, target]) => typeof target !== 'string').map(([name]) => name);

/** What a page has besides the language itself, and nothing of Node's. */
const webGlobals = (): Record<string, unknown> => ({
  URL,
  URLSearchParams,
  TextEncoder,
  TextDecoder,
  console,
  setTimeout,
  clearTimeout,
  queueMicrotask,
});

describe('the runner package surface', () => {
  it('says which subpaths are browser-safe and which are Node only', () => {
    expect(browserSafe.map(([name]) => name).sort()).toEqual([
      './convert/types',
      './metrics',
      './outputs',
      './plan',
      './report',
      './template',
    ]);
    expect(nodeOnly.sort()).toEqual(['.', './convert', './report/html']);
    for (const name of nodeOnly) expect(Object.keys(manifest.exports[name] as object), name).toEqual(['node']);
  });

  it.each(browserSafe)('%s bundles for the browser and loads without Node or a DOM', async (_name, target) => {
    const out = await build({
      entryPoints: [new URL(target, ENGINE).pathname],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'iife',
      globalName: 'surface',
      logLevel: 'silent',
    });
    const context: Record<string, unknown> = webGlobals();
    runInNewContext(out.outputFiles[0]!.text, context);
    expect(Object.keys(context.surface as object).length).toBeGreaterThan(0);
  });
});
