import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';

/** Refusals of the server's protections: limits, lockouts, weak passwords, revoked codes. */
export const securityErrors = errorTable({
  'security.rateLimited': {
    code: Code.BAD_REQUEST,
    text: 'Too many requests. Wait {{seconds}} seconds and try again.',
  },
  'security.busy': { code: Code.SERVER, text: 'The server is busy. Try again in a moment.' },
  'security.bodyTooSlow': { code: Code.BAD_REQUEST, text: 'The request took too long to arrive.' },
  'security.uploadTooLarge': { code: Code.BAD_REQUEST, text: 'The file is larger than the {{max}} limit' },
  'security.forwardTooMany': {
    code: Code.BAD_REQUEST,
    text: 'Forward at most {{max}} messages in all (messages × chats). Forward fewer at a time.',
  },
  'security.tooManyAttempts': {
    code: Code.FORBIDDEN,
    text: 'Too many failed attempts. Try again in {{minutes}} minutes.',
  },
  'security.signInDelay': {
    code: Code.FORBIDDEN,
    text: 'Too many failed sign-in attempts for this account. Try again in {{seconds}} seconds.',
  },
  'security.commonPassword': {
    code: Code.BAD_REQUEST,
    text: 'This password is one of the most common ones and easy to guess. Choose another.',
  },
  'security.blankPassword': { code: Code.BAD_REQUEST, text: 'A password cannot be only spaces.' },
  'security.passwordIsAccount': {
    code: Code.BAD_REQUEST,
    text: 'Your password cannot be your account name. Choose another.',
  },
  'security.socketTaken': {
    code: Code.FORBIDDEN,
    text: 'That connection belongs to another account. Reconnect and try again.',
  },
  'security.groupQrRevoked': {
    code: Code.FORBIDDEN,
    text: 'This group QR code is no longer valid. Ask a member for a new one.',
  },
  'security.rejoinNeedsInvite': {
    code: Code.FORBIDDEN,
    text: 'You were removed from this group. Ask a member to invite you again.',
  },
});
