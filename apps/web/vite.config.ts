import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The Parley server during development (`npm run dev:server`). */
const SERVER = 'http://127.0.0.1:8080';
const proxied = ['/common', '/enterprise', '/collect', '/static', '/uploads'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  // brotli and gzip copies beside each text asset, which the server picks by Accept-Encoding
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], include: /\.(js|css|html|svg|json|webmanifest)$/, threshold: 1024 })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1024,
  },
  server: {
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: SERVER, changeOrigin: true }])),
      '/wss': { target: SERVER, ws: true, changeOrigin: true },
    },
  },
});
