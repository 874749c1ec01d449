import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';

export const uploadsErrors = errorTable({
  'uploads.notMultipart': { code: Code.BAD_REQUEST, text: 'Send the file as multipart/form-data in a field named "file".' },
  'uploads.malformed': {
    code: Code.BAD_REQUEST,
    text: 'The upload is not a valid multipart form. Send the file in a field named "file".',
  },
  'uploads.oneFile': { code: Code.BAD_REQUEST, text: 'Send one file per request.' },
  'uploads.tooManyFields': { code: Code.BAD_REQUEST, text: 'The form has too many fields.' },
  'uploads.noFileField': { code: Code.BAD_REQUEST, text: 'Choose a file to upload: the form has no "file" field.' },
  'uploads.fileEmpty': { code: Code.BAD_REQUEST, text: 'The file is empty.' },
  /** `limit` as people say it ('50 MB') */
  'uploads.fileTooLarge': { code: Code.BAD_REQUEST, text: 'The file is larger than the {{limit}} limit' },
  'uploads.avatarImage': { code: Code.BAD_REQUEST, text: 'Choose a JPEG, PNG, WebP or GIF image for your avatar.' },
  'uploads.emojiImage': { code: Code.BAD_REQUEST, text: 'Choose a JPEG, PNG, WebP or GIF image for the emoji.' },
  'uploads.fileNotFound': { code: Code.NOT_FOUND, text: 'That file does not exist.' },
  'uploads.signInLink': {
    code: Code.UNAUTHORIZED,
    status: 401,
    text: 'Sign in first: send the Authorization header or open a signed link.',
  },
  'uploads.linkInvalid': { code: Code.FORBIDDEN, text: 'This link is not valid. Open the file from the chat again.' },
  'uploads.linkExpired': { code: Code.FORBIDDEN, text: 'This link has expired. Open the file from the chat again.' },
  'uploads.noAccess': { code: Code.FORBIDDEN, text: 'You do not have access to this file.' },
  'uploads.notStored': { code: Code.NOT_FOUND, text: 'That file is no longer stored on the server.' },
  'uploads.rangeOutside': { code: Code.BAD_REQUEST, status: 416, text: 'The requested range is outside the file.' },
});
