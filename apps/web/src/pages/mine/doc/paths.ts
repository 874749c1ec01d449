import { Paths } from '../../../paths.ts';

/** One help article's page. */
export const docPath = (slug: string) => `${Paths.doc}?${new URLSearchParams({ slug }).toString()}`;
