import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';

export const systemErrors = errorTable({
  'system.codeTooSoon': {
    code: Code.BAD_REQUEST,
    text: 'A code was sent less than a minute ago. Wait a moment before asking again.',
  },
});
