import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';

export const redPacketErrors = errorTable({
  'redpackets.countInvalid': {
    code: Code.BAD_REQUEST,
    text: 'The number of red packets must be a whole number greater than 0.',
  },
  'redpackets.countMax': { code: Code.BAD_REQUEST, text: 'At most {{max}} red packets at once.' },
  'redpackets.shareMin': { code: Code.BAD_REQUEST, text: 'Each red packet must be at least 0.01.' },
  'redpackets.shareMax': { code: Code.BAD_REQUEST, text: 'Each red packet is at most {{max}}.' },
  'redpackets.privateOneShare': { code: Code.BAD_REQUEST, text: 'A red packet in a private chat has one share.' },
  'redpackets.blessingTooLong': { code: Code.BAD_REQUEST, text: 'The blessing is at most {{max}} characters.' },
  'redpackets.toSelf': { code: Code.BAD_REQUEST, text: 'You cannot send a red packet to yourself.' },
  'redpackets.notFound': { code: Code.NOT_FOUND, text: 'This red packet does not exist.' },
  'redpackets.notEligible': { code: Code.FORBIDDEN, text: 'This red packet is not for you.' },
  'redpackets.idTaken': { code: Code.BAD_REQUEST, text: 'This id belongs to another message. Send the red packet with a new id.' },
});
