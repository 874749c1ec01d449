import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';

export const translateErrors = errorTable({
  'translate.translateOff': { code: Code.FORBIDDEN, text: 'Translation is not enabled on this server.' },
  'translate.transcribeOff': { code: Code.FORBIDDEN, text: 'Voice to text is not enabled on this server.' },
  /** spec §8 */
  'translate.translateFailed': { code: Code.UPSTREAM, text: 'Translation failed' },
  /** spec §8 */
  'translate.transcribeFailed': { code: Code.UPSTREAM, text: 'Text conversion failed, try again' },
  'translate.notText': { code: Code.BAD_REQUEST, text: 'Only a text message can be translated.' },
  'translate.notVoice': { code: Code.BAD_REQUEST, text: 'Only a voice message can be converted to text.' },
  'translate.tooMany': { code: Code.BAD_REQUEST, text: 'Too many requests. Wait a minute and try again.' },
});
