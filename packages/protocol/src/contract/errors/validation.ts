import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';

/** The form rules of spec §5 shared by the web's forms and the server's bodies. */
export const validationErrors = errorTable({
  'validation.account': { code: Code.BAD_REQUEST, text: 'Enter an account, 4-32 characters' },
  'validation.password': { code: Code.BAD_REQUEST, text: 'Enter a password, 6-16 characters' },
  'validation.passwordMismatch': { code: Code.BAD_REQUEST, text: 'Passwords do not match' },
  'validation.nickname': { code: Code.BAD_REQUEST, text: 'Enter a nickname, 1-32 characters' },
  'validation.payPassword': { code: Code.BAD_REQUEST, text: 'Enter a 6-digit payment password' },
  'validation.amountEmpty': { code: Code.BAD_REQUEST, text: 'Amount cannot be empty' },
  'validation.amountInvalid': { code: Code.BAD_REQUEST, text: 'Enter a valid amount' },
  'validation.packetNumber': { code: Code.BAD_REQUEST, text: 'Number must be a whole number greater than 0' },
  'validation.recipientsEmpty': { code: Code.BAD_REQUEST, text: 'Select at least one person' },
  'validation.recipientsTooMany': { code: Code.BAD_REQUEST, text: 'Too many people selected' },
});
