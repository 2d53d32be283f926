import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The SPA build (to dist/, served by src/proxy) and the dev server. In dev, `/api` goes to the
 * key-injecting proxy (DESIGN §1); Vite itself never holds API keys.
 */
const proxyTarget = `http://127.0.0.1:${process.env.PROXY_PORT ?? 3000}`;
const apiProxy = { '/api': { target: proxyTarget, changeOrigin: false, xfwd: true } };

export default defineConfig({
  plugins: [
    react(),
    // Every text asset also as .br and .gz, made once here: the proxy picks one by Accept-Encoding
    // and never compresses per request. Source maps are left as they are (served only on request).
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/], logLevel: 'silent' }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Built for whoever debugs a build, not linked from the scripts: the proxy serves them only
    // with DASHBOARD_SOURCE_MAPS=on.
    sourcemap: 'hidden',
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
