import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The SPA build (to dist/, served by src/proxy) and the dev server. In dev, `/api` goes to the
 * key-injecting proxy (DESIGN §1); Vite itself never holds API keys.
 */
const proxyTarget = `http://127.0.0.1:${process.env.PROXY_PORT ?? 3000}`;
const apiProxy = { '/api': { target: proxyTarget, changeOrigin: false, xfwd: true } };

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
