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
    ...(backend ? {
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
    } : {}),
  },
});
