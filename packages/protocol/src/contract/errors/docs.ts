import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';

export const docsErrors = errorTable({
  'docs.notFound': { code: Code.NOT_FOUND, text: 'That help article does not exist.' },
});
