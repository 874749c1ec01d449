import { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  EMOJI_MAX_BYTES,
  uploadedFileSchema,
  uploadedPictureSchema,
  uploadFileFieldsSchema,
} from '../../api/uploads.ts';
import { endpoint } from '../define.ts';

const domain = 'uploads';
const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/** Multipart endpoints: one part named `file`; `body` describes the other form fields. */
export const uploadsEndpoints = {
  uploadFile: endpoint({
    path: '/common/upload/uploadFile',
    access: 'user',
    multipart: true,
    body: uploadFileFieldsSchema,
    data: uploadedFileSchema,
    domain,
    summary: 'Upload a chat file (multipart field "file", at most UPLOAD_MAX_BYTES); answers a signed link',
  }),
  uploadAvatar: endpoint({
    path: '/common/upload/uploadAvatar',
    access: 'user',
    multipart: true,
    body: z.object({}),
    data: uploadedPictureSchema,
    domain,
    summary: `Upload my avatar (JPEG, PNG, WebP or GIF, at most ${mb(AVATAR_MAX_BYTES)}); sets it at once`,
  }),
  uploadEmoji: endpoint({
    path: '/common/upload/uploadEmoji',
    access: 'user',
    multipart: true,
    body: z.object({}),
    data: uploadedPictureSchema,
    domain,
    summary: `Upload a custom emoji picture (JPEG, PNG, WebP or GIF, at most ${mb(EMOJI_MAX_BYTES)})`,
  }),
};
