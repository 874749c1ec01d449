/** Custom emoji (`#/pages/message/emoji`): the pictures (kinds and size: `EMOJI_MAX_BYTES`, uploads) at most this many per user. */
export const STICKERS_MAX = 300;
