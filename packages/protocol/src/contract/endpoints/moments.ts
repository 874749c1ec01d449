import { z } from 'zod';
import { wholeNumber } from '../../api/numbers.ts';
import { clientMessageId } from '../../api/messages.ts';
import { DB_ID_MAX } from '../../limits.ts';
import { endpoint } from '../define.ts';
import { MOMENT_COMMENT_MAX, MOMENT_IMAGES_MAX, MOMENT_LOCATION_MAX, MOMENT_PAGE_DEFAULT, MOMENT_PAGE_MAX, MOMENT_TEXT_MAX, MOMENT_VIDEO_SECONDS_MAX, MOMENT_VISIBILITIES, MOMENT_VISIBLE_TO_MAX } from './momentsRules.ts';
export * from './momentsRules.ts';

const id = wholeNumber(1, DB_ID_MAX);

export const momentPersonSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  avatar: z.string(),
  avatar_color: z.number().int(),
});
export type MomentPerson = z.infer<typeof momentPersonSchema>;

export const momentMediaSchema = z.object({
  file_id: z.number().int(),
  kind: z.enum(['image', 'video']),
  /** a link signed for the reader */
  url: z.string(),
  /** video length in seconds (0 for images) */
  duration: z.number(),
});
export type MomentMedia = z.infer<typeof momentMediaSchema>;

export const momentCommentSchema = z.object({
  id: z.number().int(),
  author: momentPersonSchema,
  /** the commenter this comment answers, or null */
  reply_to: momentPersonSchema.nullable(),
  text: z.string(),
  created_at: z.number().int(),
});
export type MomentComment = z.infer<typeof momentCommentSchema>;

/** A post as one reader sees it: likes and comments only of people the reader may see (see `momentInteractionVisible`). */
export const momentSchema = z.object({
  id: z.number().int(),
  author: momentPersonSchema,
  text: z.string(),
  media: z.array(momentMediaSchema),
  location: z.string().nullable(),
  visibility: z.enum(MOMENT_VISIBILITIES),
  created_at: z.number().int(),
  likes: z.array(momentPersonSchema),
  comments: z.array(momentCommentSchema),
  liked: z.boolean(),
  mine: z.boolean(),
});
export type Moment = z.infer<typeof momentSchema>;

export const momentNoticeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['like', 'comment']),
  from: momentPersonSchema,
  moment_id: z.number().int(),
  /** the comment's text (empty for a like) */
  text: z.string(),
  created_at: z.number().int(),
  read: z.boolean(),
});
export type MomentNotice = z.infer<typeof momentNoticeSchema>;

const postBody = z
  .object({
    text: z.string().trim().max(MOMENT_TEXT_MAX, { error: 'moments.textTooLong' }).default(''),
    /** uploaded images (up to 9) or one video, in order */
    file_ids: z.array(id).max(MOMENT_IMAGES_MAX, { error: 'moments.tooManyImages' }).default([]),
    /** the video's length in seconds, when the post is a video */
    duration: z.number().min(0).max(MOMENT_VIDEO_SECONDS_MAX, { error: 'moments.videoTooLong' }).default(0),
    location: z.string().trim().max(MOMENT_LOCATION_MAX).nullable().default(null),
    visibility: z.enum(MOMENT_VISIBILITIES).default('friends'),
    /** with visibility 'chosen': the friends who may see it */
    visible_to: z.array(id).max(MOMENT_VISIBLE_TO_MAX).default([]),
    /** the client's id of the post: a retry with it (after a lost answer) answers the post stored, not a second one */
    client_id: clientMessageId.optional(),
  })
  .strict();

export const momentsEndpoints = {
  momentList: endpoint({
    path: '/enterprise/moments/index',
    access: 'user',
    body: z.object({
      /** the oldest post id already shown: the next page is older */
      before_id: id.optional(),
      limit: wholeNumber(1, MOMENT_PAGE_MAX).default(MOMENT_PAGE_DEFAULT),
    }),
    data: z.object({
      items: z.array(momentSchema),
      hasMore: z.boolean(),
      /** my cover picture (a signed link) or null */
      cover: z.string().nullable(),
      unread: z.number().int(),
    }),
    domain: 'moments',
    summary: "The feed: my friends' posts I may see and mine, newest first, with my cover and unread notices",
  }),
  momentPost: endpoint({
    path: '/enterprise/moments/post',
    access: 'user',
    body: postBody,
    data: momentSchema,
    domain: 'moments',
    summary: 'Post a moment: text, up to 9 images or one video (≤ 60 s), a location, to all friends or chosen ones',
  }),
  momentDelete: endpoint({
    path: '/enterprise/moments/del',
    access: 'user',
    role: 'the author',
    body: z.object({ id }),
    data: z.null(),
    domain: 'moments',
    summary: 'Delete my post with its likes and comments',
  }),
  momentLike: endpoint({
    path: '/enterprise/moments/like',
    access: 'user',
    role: 'someone who may see the post',
    body: z.object({ id, like: z.union([z.literal(0), z.literal(1)]).default(1) }),
    data: momentSchema,
    domain: 'moments',
    summary: 'Like a post (like: 1) or take the like back (like: 0)',
  }),
  momentComment: endpoint({
    path: '/enterprise/moments/comment',
    access: 'user',
    role: 'someone who may see the post',
    body: z.object({
      id,
      text: z.string().trim().min(1, { error: 'moments.commentEmpty' }).max(MOMENT_COMMENT_MAX, { error: 'moments.commentTooLong' }),
      /** the comment answered */
      reply_to_comment: id.optional(),
    }),
    data: momentSchema,
    domain: 'moments',
    summary: 'Comment on a post, or reply to a comment on it',
  }),
  momentDeleteComment: endpoint({
    path: '/enterprise/moments/delComment',
    access: 'user',
    role: "the comment's author or the post's author",
    body: z.object({ comment_id: id }),
    data: momentSchema,
    domain: 'moments',
    summary: 'Delete a comment (mine, or any on my post)',
  }),
  momentNotices: endpoint({
    path: '/enterprise/moments/notices',
    access: 'user',
    body: z.object({}),
    data: z.object({ items: z.array(momentNoticeSchema), unread: z.number().int() }),
    domain: 'moments',
    summary: 'Who liked or commented on my posts or replied to me, newest first',
  }),
  momentReadNotices: endpoint({
    path: '/enterprise/moments/readNotices',
    access: 'user',
    body: z.object({}),
    data: z.null(),
    domain: 'moments',
    summary: 'Mark every notice read (the red dot goes)',
  }),
  momentSetCover: endpoint({
    path: '/enterprise/moments/setCover',
    access: 'user',
    body: z.object({ file_id: id }),
    data: z.object({ cover: z.string() }),
    domain: 'moments',
    summary: 'Set the cover picture of my moments from an uploaded image',
  }),
};
