import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';

/** Refusals of the HTTP layer itself: transport, body and session. */
export const commonErrors = errorTable({
  'common.invalid': { code: Code.BAD_REQUEST, text: '{{detail}}' },
  'common.bodyTooLarge': { code: Code.BAD_REQUEST, text: 'The request body is too large.' },
  'common.notJson': { code: Code.BAD_REQUEST, text: 'The body is not valid JSON.' },
  'common.notObject': { code: Code.BAD_REQUEST, text: 'The body must be a JSON object.' },
  'common.mediaType': { code: Code.BAD_REQUEST, text: 'Send the body as application/json.' },
  'common.noEndpoint': { code: Code.NOT_FOUND, text: 'No such endpoint: {{method}} {{path}}' },
  'common.server': { code: Code.SERVER, text: 'Something went wrong on the server. Please try again.' },
  'common.sessionGone': { code: Code.SESSION_GONE, text: 'Your session has ended. Please log in again.' },
});
