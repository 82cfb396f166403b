/**
 * Bundles the Electron main process, its preload, the engine's worker and the import worker into dist/electron/
 * (esbuild).
 * The preload is CommonJS because sandboxed preloads cannot be ES modules; better-sqlite3 stays external
 * (a native module, unpacked from the asar by electron-builder), and so does mockttp (the recorder's proxy: a large
 * dependency tree loaded from node_modules, which electron-builder packs as a production dependency). esbuild stays
 * out: only a checkout builds the engine's worker bundle on demand (engine/bundle/fresh.ts); the app passes its own.
 */
import { cp, mkdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}dist/electron`;
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });

const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  absWorkingDir: root,
} as const;
await build({
  ...common,
  entryPoints: ['app/main/main.ts'],
  outfile: `${out}/main.mjs`,
  format: 'esm',
  external: ['electron', 'better-sqlite3', 'mockttp', 'esbuild'],
  // Bundled ESM has no require(); some dependencies need one.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
await build({
  ...common,
  entryPoints: ['engine/runtime/worker/main.ts'],
  outfile: `${out}/worker.mjs`,
  format: 'esm',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
// Imports are parsed in a worker of their own (app/services/import-worker), off the main process's event loop.
await build({
  ...common,
  entryPoints: ['app/services/import-worker/worker.ts'],
  outfile: `${out}/import-worker.mjs`,
  format: 'esm',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
await build({
  ...common,
  entryPoints: ['app/preload/preload.ts'],
  outfile: `${out}/preload.cjs`,
  format: 'cjs',
  external: ['electron'],
});
// SQL migrations are read from disk next to the store code.
await cp(`${root}app/store/migrations`, `${out}/migrations`, { recursive: true });
console.log(`built ${out}: main.mjs, preload.cjs, worker.mjs, import-worker.mjs, migrations/`);
