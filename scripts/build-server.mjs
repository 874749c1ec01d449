/**
 * `npm run build:server`: bundles apps/server to one JavaScript file (apps/server/dist/main.js) that
 * plain `node` runs; tsx is for development only. The pure-JavaScript packages are bundled in too
 * (one file to parse instead of hundreds to resolve: start time). External: the native ones, which
 * cannot be bundled, and the ones the server loads lazily (only with PostgreSQL, Redis, mail,
 * uploads, rich text or web push), which would otherwise be parsed at every start.
 */
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

const EXTERNAL = ['better-sqlite3', '@node-rs/argon2', 'pg', 'ioredis', 'nodemailer', 'file-type', 'sanitize-html', 'web-push'];

const started = Date.now();
await build({
  entryPoints: [path.join(root, 'apps/server/src/main.ts')],
  outfile: path.join(root, 'apps/server/dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // PARLEY_READABLE_BUILD=1 keeps names and lines, for reading CPU profiles
  minify: process.env.PARLEY_READABLE_BUILD !== '1',
  keepNames: true,
  // license notices go to main.js.LEGAL.txt: one non-ASCII character in a comment makes V8 keep the whole source two bytes a character
  legalComments: 'external',
  logLevel: 'warning',
  external: EXTERNAL,
  // bundled CommonJS packages require node's built-ins
  banner: { js: "import { createRequire as __parleyRequire } from 'node:module'; const require = __parleyRequire(import.meta.url);" },
});
if (!process.argv.includes('--quiet')) console.log(`server built to apps/server/dist/main.js in ${Date.now() - started} ms`);
