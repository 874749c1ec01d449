import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { init as initLexer, parse as parseImports } from 'es-module-lexer';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { partOf, partOfDomain } from './src/i18n/localeParts.ts';

/**
 * `locales/<lang>.json?part=login`, `?part=home` and `?part=rest`: the language's top-level sections
 * the login page shows, those the home page adds, and the others (`src/i18n/localeParts.ts`), each
 * with the domain bundles of its part (`domains/<domain>/<lang>.json` under the domain's key) and
 * each a JSON module of its own (Vite's JSON plugin turns them into scripts), so a start fetches only
 * the texts of its first screen, and a page behind it one more file.
 */
function localeParts(): Plugin {
  const domainsDir = fileURLToPath(new URL('./src/i18n/domains/', import.meta.url));
  return {
    name: 'parley-locale-parts',
    enforce: 'pre',
    load(id) {
      const match = /^(.*\/i18n\/locales\/([^/]+)\.json)\?part=(login|home|rest)$/.exec(id);
      if (!match?.[1] || !match[2] || !match[3]) return null;
      const [, file, lang, part] = match;
      this.addWatchFile(file);
      const tree = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      const sections = Object.entries(tree).filter(([section]) => partOf(section) === part);
      const domains = fs
        .readdirSync(domainsDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && partOfDomain(entry.name) === part)
        .map((entry) => {
          const domainFile = path.join(domainsDir, entry.name, `${lang}.json`);
          this.addWatchFile(domainFile);
          return [entry.name, JSON.parse(fs.readFileSync(domainFile, 'utf8')) as unknown] as const;
        });
      return JSON.stringify(Object.fromEntries([...sections, ...domains]));
    },
  };
}

/**
 * antd-mobile-icons' drawings carry coordinates to seven decimals of a 48-unit box and an `id` on
 * every group (a design tool's export): the icons of the first screen were about 11 kB of the app's
 * code, gzipped. Here each coordinate is rounded to a tenth of a unit (a twentieth of a pixel at
 * 24 px) and the unused ids go, which leaves the drawings as they look and a third of their weight.
 */
function lighterIcons(): Plugin {
  // a rounded number keeps a separator from the one before it ("1.5.5" is 1.5 and .5; "3-0.04" must not become "30")
  const lighterPath = (path: string) =>
    path.replace(/-?\d*\.?\d+(?:e[-+]?\d+)?/gi, (n: string, at: number) => `${/[\d.]/.test(path[at - 1] ?? '') ? ' ' : ''}${Math.round(Number(n) * 10) / 10}`);
  return {
    name: 'parley-lighter-icons',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]antd-mobile-icons[\\/]es[\\/][A-Z]\w*\.js$/.test(id)) return null;
      const lighter = code
        .replace(/\bid: "[^"]*",\s*/g, '')
        .replace(/\b(d|points): "([^"]*)"/g, (_, name: string, path: string) => `${name}: "${lighterPath(path)}"`);
      return { code: lighter, map: null };
    },
  };
}

/**
 * The app's start (`src/start.tsx`: React, the texts' loader) is a dynamic import of the small
 * entry, which may first paint the kept home screen; a preload in index.html fetches it beside the
 * entry rather than after it. A plain `preload` (fetch only), not `modulepreload`: Chromium compiles
 * a module it preloads at once, on the main thread, which held back the kept screen's paint by the
 * 75 kB script's compile.
 */
function preloadStart(): Plugin {
  return {
    name: 'parley-preload-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const start = Object.values(ctx.bundle ?? {}).find((chunk) => chunk.type === 'chunk' && chunk.moduleIds.some((id) => id.endsWith('/src/start.tsx')));
        if (!start) throw new Error('parley-preload-start: the start chunk (src/start.tsx) is missing from the bundle');
        return [{ tag: 'link', attrs: { rel: 'preload', as: 'script', crossorigin: '', href: `./${start.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

/** The chunks `chunk` imports statically, and theirs, to the end (file names). */
function staticClosure(bundle: Rollup.OutputBundle, chunk: Rollup.OutputChunk): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const dep = bundle[fileName];
    if (seen.has(fileName) || dep?.type !== 'chunk') return;
    seen.add(fileName);
    for (const next of dep.imports) visit(next);
  };
  for (const fileName of chunk.imports) visit(fileName);
  return seen;
}

/**
 * A lazy page's chunk names every chunk it needs, not only those it imports itself: Rollup lists a
 * chunk's transitive imports in it for entry chunks only (`hoistTransitiveImports`), so the browser
 * found the chat screen's code in three waves, each a round trip after the one before was parsed
 * (the chat chunk, then the bubbles' chunk, then the icons and helpers the bubbles import), on a
 * slowed phone 250 ms from the tap before the last wave was asked for. Each missing chunk is added
 * as an empty import after the chunk's own imports, so the order modules run in stays Rollup's.
 */
function hoistLazyImports(): Plugin {
  return {
    name: 'parley-hoist-lazy-imports',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      async handler(_options, bundle) {
        await initLexer;
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isDynamicEntry) continue;
          const missing = [...staticClosure(bundle, chunk)].filter((fileName) => !chunk.imports.includes(fileName));
          if (missing.length === 0) continue;
          const [imports] = parseImports(chunk.code);
          const lastStatic = imports.filter((i) => i.d === -1).at(-1);
          const at = lastStatic ? lastStatic.se : 0;
          const relative = (fileName: string) => `./${path.posix.relative(path.posix.dirname(chunk.fileName), fileName)}`.replace(/^\.\/\.\.\//, '../');
          const added = missing.map((fileName) => `import"${relative(fileName)}";`).join('');
          chunk.code = `${chunk.code.slice(0, at)}${at > 0 && chunk.code[at - 1] !== ';' ? ';' : ''}${added}${chunk.code.slice(at)}`;
          chunk.imports.push(...missing);
        }
      },
    },
  };
}

/** The built start chunk (src/start.tsx), by its file name. */
const isStartChunk = (fileName: string): boolean => /(^|\/)start-[\w-]+\.js$/.test(fileName);

type ModuleGraph = Parameters<Rollup.GetManualChunk>[1];

/** The modules `roots` import, and theirs, to the end: statically, and with `dynamic` through dynamic imports too, not into `stops`. */
function reach(graph: ModuleGraph, roots: string[], dynamic: boolean, stops: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id) || stops.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    stack.push(...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []));
  }
  return seen;
}

/**
 * The chat screen's code in fewer files: Rollup made a chunk of each module it shares with a
 * different set of other pages (an icon, the bubbles, a helper), 34 for the chat screen, and on a
 * slowed phone each file the tap waits for cost the main thread about 5 ms. `chat` gathers what
 * the chat screen needs beyond what the app's start loads and what pages outside the messages'
 * (pages/message/, the login page among them) use; the other messages' pages that share a part of
 * it load it whole. What the start may load, at once or later over any page (all it reaches through
 * static and dynamic imports short of the pages), stays where Rollup puts it. With
 * `onlyExplicitManualChunks`, Rollup moves only these modules, none of their imports.
 */
function chatChunks(): Rollup.GetManualChunk {
  const src = fileURLToPath(new URL('./src/', import.meta.url));
  let gathered: Set<string> | undefined;
  return (id, graph) => {
    if (!gathered) {
      // the login page a signed-out start shows counts as a page (its input fields are the chat's too)
      const pages = new Set([...(graph.getModuleInfo(`${src}routes.tsx`)?.dynamicallyImportedIds ?? []), `${src}loginAlone.tsx`]);
      const started = reach(graph, [`${src}main.tsx`], true, pages);
      const elsewhere = reach(graph, [...pages].filter((page) => !page.startsWith(`${src}pages/message/`)), false);
      gathered = new Set([...reach(graph, [`${src}pages/message/chat.tsx`], false)].filter((module) => !started.has(module) && !elsewhere.has(module)));
    }
    return gathered.has(id) ? 'chat' : undefined;
  };
}

/** The Parley server during development (`npm run dev:server`). */
const SERVER = 'http://127.0.0.1:8080';
const proxied = ['/common', '/enterprise', '/collect', '/static', '/uploads'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  // brotli and gzip copies beside each text asset, which the server picks by Accept-Encoding
  plugins: [
    localeParts(),
    lighterIcons(),
    preloadStart(),
    hoistLazyImports(),
    react(),
    // the manifest and a service worker that precaches the app shell (src/pwa/sw.ts); the page registers it
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Parley',
        short_name: 'Parley',
        description: 'Chats, contacts, groups, calls, moments and red packets',
        lang: 'en',
        start_url: './',
        scope: './',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#07c160',
        background_color: '#ededed',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,woff2,mp3}'], maximumFileSizeToCacheInBytes: 4 * 1024 * 1024 },
    }),
    compression({ algorithms: ['gzip', 'brotliCompress'], include: /\.(js|css|html|svg|json|webmanifest)$/, threshold: 1024 }),
  ],
  build: {
    outDir: 'dist',
    // A lazy import preloads its own chunk, not each chunk it needs: a link cost the main thread about
    // 2 ms on a slow phone (the chat page needs 40 chunks), and the chunk names them all in its first
    // lines (Rollup lifts an imported chunk's imports into it), where the browser finds them a round trip
    // later. The start chunk's imports (the app, the session's resume, the texts) preload everything at
    // once: the first screen waits for them, and that round trip cost a cold start about 100 ms.
    modulePreload: { polyfill: false, resolveDependencies: (chunk, deps, { hostId }) => (isStartChunk(hostId) ? deps : deps.filter((dep) => dep === chunk)) },
    // .vite/manifest.json: which chunks each module needs, read by scripts/check-size.mjs
    manifest: true,
    emptyOutDir: true,
    // one stylesheet, linked by index.html (30 kB gzip): a lazy page's code no longer waits for its own
    // stylesheets to load before it is fetched (the chat page's first open waited ~100 ms of a slowed
    // CPU on five), and the kept home screen is painted with the stylesheet the page already links
    cssCodeSplit: false,
    chunkSizeWarningLimit: 1024,
    rollupOptions: { output: { manualChunks: chatChunks(), onlyExplicitManualChunks: true } },
  },
  server: {
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: SERVER, changeOrigin: true }])),
      '/wss': { target: SERVER, ws: true, changeOrigin: true },
    },
  },
});
