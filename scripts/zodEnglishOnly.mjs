import path from 'node:path';

/**
 * An esbuild plugin for the server bundle: zod's `locales` namespace keeps only English, the one zod
 * configures itself with. The server never picks another (its messages come from the protocol's
 * error table), and the ~40 others are ~270 KB of source that V8 would otherwise parse and keep.
 */
export const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    const insideZod = `${path.sep}node_modules${path.sep}zod${path.sep}`;
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(insideZod) ? { path: path.resolve(args.resolveDir, '../locales/index.js'), namespace: 'zod-english-only' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};
