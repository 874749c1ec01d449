import { z } from 'zod';
import { wholeNumber } from '../../api/numbers.ts';
import { DB_ID_MAX } from '../../limits.ts';
import { endpoint } from '../define.ts';
import { STICKERS_MAX } from './emojiRules.ts';
export * from './emojiRules.ts';

const id = wholeNumber(1, DB_ID_MAX);

export const stickerSchema = z.object({
  id: z.number().int(),
  file_id: z.number().int(),
  /** a link signed for me */
  url: z.string(),
});
export type Sticker = z.infer<typeof stickerSchema>;

const stickers = z.array(stickerSchema);

export const emojiEndpoints = {
  emojiList: endpoint({
    path: '/enterprise/emoji/index',
    access: 'user',
    body: z.object({}),
    data: stickers,
    domain: 'emoji',
    summary: 'My stickers, front first',
  }),
  emojiAdd: endpoint({
    path: '/enterprise/emoji/add',
    access: 'user',
    role: 'someone who can see the picture (mine, or one received in a chat)',
    body: z.object({ file_id: id }),
    data: stickers,
    domain: 'emoji',
    summary: 'Add a picture to my stickers, at the front (an uploaded emoji, or "Add to stickers" on a received picture)',
  }),
  emojiDelete: endpoint({
    path: '/enterprise/emoji/del',
    access: 'user',
    role: 'the user whose stickers they are',
    body: z.object({ ids: z.array(id).min(1).max(STICKERS_MAX) }),
    data: stickers,
    domain: 'emoji',
    summary: 'Delete some of my stickers',
  }),
  emojiMove: endpoint({
    path: '/enterprise/emoji/move',
    access: 'user',
    role: 'the user whose sticker it is',
    body: z.object({ id }),
    data: stickers,
    domain: 'emoji',
    summary: 'Move one of my stickers to the front',
  }),
};
