import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';

export const authErrors = errorTable({
  'auth.wrongPassword': { code: Code.BAD_REQUEST, text: 'Wrong account or password.' },
  'auth.accountTaken': { code: Code.BAD_REQUEST, text: 'That account is already taken. Choose another.' },
  'auth.accountChars': { code: Code.BAD_REQUEST, text: 'An account may use letters, digits and _ . @ - only.' },
  'auth.registrationClosed': { code: Code.FORBIDDEN, text: 'Registration is closed. Ask the administrator for an account.' },
  'auth.accountDisabled': { code: Code.FORBIDDEN, text: 'This account is disabled. Contact the administrator.' },
  'auth.accountGone': { code: Code.SESSION_GONE, text: 'Your account no longer exists.' },
  'auth.tooManySignInAttempts': {
    code: Code.FORBIDDEN,
    text: 'Too many failed sign-in attempts. Try again in {{count}} minutes.',
  },
  /** `offline` push: a sign-in on another mobile device ended this session */
  'auth.signedInElsewhere': { code: Code.SESSION_GONE, text: 'Your account signed in on another device.' },
  'auth.connectionGone': { code: Code.NOT_FOUND, text: 'That connection is gone. Reconnect and try again.' },
});
