import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';

/** Refusals of the HTTP layer and the socket themselves: transport, body and session. */
export const commonErrors = errorTable({
  /** a body that fails its schema without a message of its own */
  'common.invalid': { code: Code.BAD_REQUEST, text: '{{detail}}' },
  'common.fieldRequired': { code: Code.BAD_REQUEST, text: '{{field}} is required' },
  'common.requestInvalid': { code: Code.BAD_REQUEST, text: 'The request is not valid.' },
  'common.bodyTooLarge': { code: Code.BAD_REQUEST, status: 413, text: 'The request body is too large.' },
  'common.notJson': { code: Code.BAD_REQUEST, status: 400, text: 'The body is not valid JSON.' },
  'common.notObject': { code: Code.BAD_REQUEST, status: 400, text: 'The body must be a JSON object.' },
  'common.mediaType': { code: Code.BAD_REQUEST, status: 415, text: 'Send the body as application/json.' },
  'common.requestTimeout': { code: Code.BAD_REQUEST, status: 408, text: 'The request took too long to arrive. Check your network and try again.' },
  'common.headersTooLarge': { code: Code.BAD_REQUEST, status: 431, text: 'The request headers are too large.' },
  'common.noEndpoint': { code: Code.NOT_FOUND, status: 404, text: 'No such endpoint: {{endpoint}}' },
  'common.server': { code: Code.SERVER, status: 500, text: 'Something went wrong on the server. Please try again.' },
  'common.sessionGone': { code: Code.SESSION_GONE, text: 'Your session has ended. Please log in again.' },
  'common.signIn': {
    code: Code.UNAUTHORIZED,
    status: 401,
    text: 'Sign in first: the Authorization header is missing or malformed.',
  },
  'common.framesJson': { code: Code.BAD_REQUEST, text: 'Frames must be JSON.' },
  'common.unknownFrame': { code: Code.BAD_REQUEST, text: 'Unknown frame type.' },
});
