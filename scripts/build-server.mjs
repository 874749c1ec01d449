/**
 * `npm run build:server`: bundles apps/server to JavaScript that plain `node` runs
 * (apps/server/dist/main.js and the chunks it imports); tsx is for development only. The
 * pure-JavaScript packages are bundled in too (a few files to parse instead of hundreds to resolve:
 * start time). External: the native ones, which cannot be bundled, and the ones the server loads
 * lazily (only with PostgreSQL, Redis, mail, uploads, rich text, web push and its address checks, or for a route with a JSON
 * Schema: Fastify's own compilers), which would otherwise be parsed at every start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { zodEnglishOnly } from './zodEnglishOnly.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'apps/server/dist');

const EXTERNAL = ['better-sqlite3', '@node-rs/argon2', 'pg', 'ioredis', 'nodemailer', 'file-type', 'sanitize-html', 'web-push', 'undici', '@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler'];

/**
 * Each bundled npm dependency is an entry of its own, so esbuild splits its code into a chunk of its
 * own and node compiles the server file by file. V8's parser memory for one file grows with its size,
 * and glibc keeps it resident once freed: one 2.4 MB bundle held ~16 MB more of an idle server's RSS.
 * Not the workspace packages: an entry keeps every export, and the protocol's unused ones (the push
 * schemas, for one) would then be built at every start.
 */
const { dependencies } = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
const isWorkspacePackage = (name) => dependencies[name] === '*';
const vendorEntries = Object.fromEntries(
  Object.keys(dependencies)
    .filter((name) => !EXTERNAL.includes(name) && !isWorkspacePackage(name))
    .map((name) => [`vendor-${name.replace('@', '').replace('/', '-')}`, name]),
);

const started = Date.now();
// chunk names carry hashes: the previous build's chunks would pile up beside the new ones
fs.rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(root, 'apps/server/src/main.ts'), ...vendorEntries },
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // PARLEY_READABLE_BUILD=1 keeps names and lines, for reading CPU profiles
  minify: process.env.PARLEY_READABLE_BUILD !== '1',
  // no keepNames: its __name() redefines the `name` of each function and class it wraps, which turns
  // every such function object's properties into a dictionary (~4 MB of an idle server's RSS)
  // license notices go to <file>.LEGAL.txt beside each file: one non-ASCII character in a comment makes V8 keep the whole source two bytes a character
  legalComments: 'external',
  logLevel: 'warning',
  external: EXTERNAL,
  plugins: [zodEnglishOnly],
  // bundled CommonJS packages require node's built-ins
  banner: { js: "import { createRequire as __parleyRequire } from 'node:module'; const require = __parleyRequire(import.meta.url);" },
});
if (!process.argv.includes('--quiet')) console.log(`server built to apps/server/dist/main.js in ${Date.now() - started} ms`);
