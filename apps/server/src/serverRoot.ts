import path from 'node:path';

/**
 * The apps/server folder. This file sits one level below it both as source (`src/serverRoot.ts`)
 * and inside the production bundle (`dist/main.js`), so files shipped beside the source resolve
 * from here in either runtime.
 */
export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
