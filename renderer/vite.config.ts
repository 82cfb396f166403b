/**
 * Vite build of the renderer: one static bundle that both faces load (Electron from disk, browser mode from the
 * loopback server), hence relative asset URLs (`base: './'`) and nothing fetched from a CDN.
 * Development: `LOADSMITH_BACKEND=http://127.0.0.1:PORT npm run dev:ui` proxies /api (calls + events) to a running
 * `loadsmith ui`. Open its login link once first: the session cookie is per host, so the dev page sends it too.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = import.meta.dirname;
const backend = process.env.LOADSMITH_BACKEND;

export default defineConfig({
  root: here,
  base: './',
  plugins: [react()],
  resolve: {
    // monaco-yaml's worker (through monaco-worker-manager) imports the pre-0.56 path of Monaco's worker entry,
    // which monaco-editor's `exports` map no longer resolves; its exported name is 'monaco-editor/editor/editor.worker'.
    alias: [
      {
        find: /^monaco-editor\/esm\/vs\/editor\/editor\.worker(\.js)?$/,
        replacement: 'monaco-editor/editor/editor.worker',
      },
    ],
  },
  // The dev server serves workers unbundled: the YAML worker's one CommonJS dependency must be pre-bundled.
  optimizeDeps: { include: ['monaco-yaml > path-browserify'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server's CSP forbids inline scripts; keep every asset a file, and the preload polyfill out of the HTML.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: true,
  },
  server: {
    host: '127.0.0.1',
    strictPort: false,
    ...(backend
      ? {
          proxy: {
            '/api': {
              target: backend,
              ws: true,
              // The back end answers only to its own Host and Origin (DNS-rebinding and cross-site guards).
              changeOrigin: true,
              configure(proxy) {
                const origin = new URL(backend).origin;
                proxy.on('proxyReq', (req) => req.setHeader('origin', origin));
                proxy.on('proxyReqWs', (req) => req.setHeader('origin', origin));
              },
            },
          },
        }
      : {}),
  },
});
