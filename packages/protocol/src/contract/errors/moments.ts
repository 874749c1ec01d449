import { Code } from '../../codes.ts';
import { errorTable } from '../define.ts';
import { MOMENT_COMMENT_MAX, MOMENT_IMAGES_MAX, MOMENT_TEXT_MAX, MOMENT_VIDEO_SECONDS_MAX } from '../endpoints/moments.ts';

export const momentsErrors = errorTable({
  'moments.notFound': { code: Code.NOT_FOUND, text: 'That post does not exist or was deleted.' },
  'moments.commentNotFound': { code: Code.NOT_FOUND, text: 'That comment does not exist or was deleted.' },
  'moments.empty': { code: Code.BAD_REQUEST, text: 'Write something or add a picture or a video.' },
  'moments.textTooLong': { code: Code.BAD_REQUEST, text: 'A post has at most {{max}} characters.', params: { max: MOMENT_TEXT_MAX } },
  'moments.tooManyImages': { code: Code.BAD_REQUEST, text: 'A post has at most {{max}} pictures.', params: { max: MOMENT_IMAGES_MAX } },
  'moments.mixedMedia': { code: Code.BAD_REQUEST, text: 'A post has pictures or one video, not both.' },
  'moments.videoTooLong': { code: Code.BAD_REQUEST, text: 'A video in a post is at most {{max}} seconds long.', params: { max: MOMENT_VIDEO_SECONDS_MAX } },
  'moments.badMedia': { code: Code.BAD_REQUEST, text: 'Only your own uploaded pictures and videos can be posted.' },
  'moments.chooseFriends': { code: Code.BAD_REQUEST, text: 'Choose at least one friend who may see it.' },
  'moments.notFriend': { code: Code.FORBIDDEN, text: 'Only friends can see, like or comment on this post.' },
  'moments.commentEmpty': { code: Code.BAD_REQUEST, text: 'Write a comment first.' },
  'moments.commentTooLong': { code: Code.BAD_REQUEST, text: 'A comment has at most {{max}} characters.', params: { max: MOMENT_COMMENT_MAX } },
  'moments.notYours': { code: Code.FORBIDDEN, text: 'Only its author can delete this.' },
  'moments.coverNotImage': { code: Code.BAD_REQUEST, text: 'The cover must be one of your uploaded pictures.' },
});
