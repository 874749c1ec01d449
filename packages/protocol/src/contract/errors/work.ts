import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';

export const workErrors = errorTable({
  'work.goodNotFound': { code: Code.NOT_FOUND, text: 'That item does not exist.' },
  'work.recordNotFound': { code: Code.NOT_FOUND, text: 'That record does not exist.' },
  'work.notCreator': { code: Code.FORBIDDEN, text: 'Only the person who created the record can change it.' },
  /** the spec's dynamic form rule: '{field name}不能为空' */
  'work.required': { code: Code.BAD_REQUEST, text: '{{name}} cannot be empty' },
  'work.number': { code: Code.BAD_REQUEST, text: '{{name}} must be a number' },
  'work.money': { code: Code.BAD_REQUEST, text: '{{name}} must be an amount with at most 2 decimals' },
  'work.date': { code: Code.BAD_REQUEST, text: '{{name}} must be a date' },
  'work.option': { code: Code.BAD_REQUEST, text: '{{name}}: choose one of the options' },
  'work.user': { code: Code.BAD_REQUEST, text: '{{name}}: choose colleagues who exist' },
  'work.proportion': { code: Code.BAD_REQUEST, text: '{{name}}: each share must be a number from 0 to 100' },
  'work.proportions': { code: Code.BAD_REQUEST, text: '{{name}}: the shares total {{total}}, they must total at least 100' },
});
