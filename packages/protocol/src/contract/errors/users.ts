import { SEARCH_KEYWORDS_MAX, SIGNATURE_MAX } from '../../api/users.ts';
import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';

export const usersErrors = errorTable({
  'users.notFound': { code: Code.NOT_FOUND, text: 'That user does not exist.' },
  'users.gone': { code: Code.NOT_FOUND, text: 'This user no longer exists.' },
  'users.groupNotUser': { code: Code.BAD_REQUEST, text: 'This is a group: ask /enterprise/group/groupInfo for it.' },
  'users.systemNoProfile': { code: Code.BAD_REQUEST, text: 'The system notifications contact has no profile.' },
  'users.emailVerifiedChange': {
    code: Code.BAD_REQUEST,
    text: 'Your e-mail address is verified. To change it, verify the new address with a code.',
  },
  'users.codeWrong': { code: Code.BAD_REQUEST, text: 'That code is wrong or has expired. Ask for a new code.' },
  'users.emailTaken': { code: Code.BAD_REQUEST, text: 'This e-mail address is already verified by another account.' },
  'users.codeUsed': { code: Code.BAD_REQUEST, text: 'That code was already used. Ask for a new code.' },
  'users.currentPasswordWrong': { code: Code.BAD_REQUEST, text: 'Your current password is wrong.' },
  'users.tooManyWrongAttempts': { code: Code.FORBIDDEN, text: 'Too many wrong attempts. Try again in {{minutes}} minutes.' },
  'users.deviceNotSignedIn': { code: Code.NOT_FOUND, text: 'That device is not signed in to your account.' },
  'users.qrGroupGone': { code: Code.NOT_FOUND, text: 'This group no longer exists.' },
  /** `offline` pushes */
  'users.passwordChangedSignIn': { code: Code.SESSION_GONE, text: 'Your password was changed. Sign in again.' },
  'users.signedOutByOther': { code: Code.SESSION_GONE, text: 'This device was signed out from another device.' },
  /** success toasts (code 0) */
  'users.saved': { code: Code.OK, text: 'Saved.' },
  'users.emailVerified': { code: Code.OK, text: 'Your e-mail address is verified.' },
  'users.accountChanged': { code: Code.OK, text: 'Account changed.' },
  'users.passwordChanged': { code: Code.OK, text: 'Password changed. Your other devices were signed out.' },
  'users.deviceSignedOut': { code: Code.OK, text: 'The device was signed out.' },
  /** request bodies */
  'users.chooseUser': { code: Code.BAD_REQUEST, text: 'Choose a user' },
  'users.chooseContact': { code: Code.BAD_REQUEST, text: 'Choose a contact' },
  'users.keywords': {
    code: Code.BAD_REQUEST,
    text: 'Enter an account or a nickname, 1-{{max}} characters',
    params: { max: SEARCH_KEYWORDS_MAX },
  },
  'users.gender': { code: Code.BAD_REQUEST, text: "Gender is 'male', 'female' or 'unknown'" },
  'users.signatureLong': {
    code: Code.BAD_REQUEST,
    text: 'A signature can be at most {{max}} characters',
    params: { max: SIGNATURE_MAX },
  },
  'users.email': { code: Code.BAD_REQUEST, text: 'Enter a valid e-mail address' },
  'users.emailCode': { code: Code.BAD_REQUEST, text: 'Enter the 6-digit code from the e-mail' },
  'users.oldPassword': { code: Code.BAD_REQUEST, text: 'Enter your current password' },
  'users.chooseDevice': { code: Code.BAD_REQUEST, text: 'Choose a signed-in device' },
  'users.qrInvalid': { code: Code.BAD_REQUEST, text: 'This QR code is not valid' },
  'users.qrExpired': { code: Code.BAD_REQUEST, text: 'This QR code has expired' },
});
