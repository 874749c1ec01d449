import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';
import { WEB_PUSH_ENDPOINT_MAX } from '../endpoints/webPush.ts';

export const webPushErrors = errorTable({
  'webpush.endpointPrivate': {
    code: Code.BAD_REQUEST,
    text: 'Notifications can only go through a public push service (an https:// address on the internet).',
  },
  'webpush.endpointInvalid': {
    code: Code.BAD_REQUEST,
    text: 'The push endpoint must be an https:// or http:// address of at most {{max}} characters.',
    params: { max: WEB_PUSH_ENDPOINT_MAX },
  },
  'webpush.keysInvalid': { code: Code.BAD_REQUEST, text: 'The keys of the push subscription are not valid.' },
  'webpush.notFound': { code: Code.NOT_FOUND, text: 'You have no push subscription with that endpoint.' },
});
