import { beforeAll, expect } from 'vitest';

// The web app loads the texts of the shown language only; its tests read texts of every language
// synchronously, so they get all of them first.
beforeAll(async () => {
  if (!expect.getState().testPath?.includes('/apps/web/')) return;
  const [{ addLanguageTrees }, { translations }] = await Promise.all([import('./apps/web/src/i18n/index.ts'), import('./apps/web/src/i18n/resources.ts')]);
  addLanguageTrees(translations);
});
