import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';

export const callsErrors = errorTable({
  'calls.disabled': { code: Code.FORBIDDEN, text: 'Audio and video calls are not enabled.' },
  'calls.otherDevice': { code: Code.FORBIDDEN, text: 'Another device is on a call.' },
  'calls.self': { code: Code.BAD_REQUEST, text: 'You cannot call yourself.' },
  'calls.idTaken': { code: Code.BAD_REQUEST, text: 'This call id is already used. Start the call with a new id.' },
  'calls.ended': { code: Code.NOT_FOUND, text: 'This call has ended.' },
  'calls.notParty': { code: Code.FORBIDDEN, text: 'You are not part of this call.' },
  'calls.notConnected': { code: Code.BAD_REQUEST, text: 'The call is not connected on this device.' },
  'calls.badStep': { code: Code.BAD_REQUEST, text: 'This call step cannot be sent now.' },
});
