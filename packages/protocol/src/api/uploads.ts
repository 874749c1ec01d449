import { z } from 'zod';
export * from './uploadRules.ts';

/**
 * Uploads (`/common/upload/*`): multipart bodies, answered with the usual `{code,msg,data}`.
 * The server detects a file's type from its bytes; the client's name and content-type are only hints.
 */

/** Multipart form fields of `uploadFile`. `kind` is an optional hint; the bytes decide. */
export const uploadFileFieldsSchema = z.object({
  kind: z.enum(['image', 'video', 'voice', 'file']).optional(),
});

/** `data` of `/common/upload/uploadFile`. */
export const uploadedFileSchema = z.object({
  file_id: z.number().int().positive(),
  /** signed download link for the uploader (see docs/api/uploads.md) */
  url: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  mime: z.string(),
  ext: z.string(),
  kind: z.enum(['image', 'video', 'voice', 'file']),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** `data` of `/common/upload/uploadAvatar` and `/common/upload/uploadEmoji`. */
export const uploadedPictureSchema = z.object({
  file_id: z.number().int().positive(),
  url: z.string(),
});
export type UploadedPicture = z.infer<typeof uploadedPictureSchema>;

