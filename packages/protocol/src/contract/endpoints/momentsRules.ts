/** Moments (`#/pages/compass/moments`): a feed of posts my friends and I share. */
export const MOMENT_TEXT_MAX = 2_000;
export const MOMENT_IMAGES_MAX = 9;
export const MOMENT_VIDEO_SECONDS_MAX = 60;
export const MOMENT_LOCATION_MAX = 100;
export const MOMENT_COMMENT_MAX = 500;
/** "chosen friends" visibility: at most this many people */
export const MOMENT_VISIBLE_TO_MAX = 500;
export const MOMENT_PAGE_DEFAULT = 10;
export const MOMENT_PAGE_MAX = 30;
/** the newest new-activity notices listed */
export const MOMENT_NOTICES_MAX = 50;
export const MOMENT_VISIBILITIES = ['friends', 'chosen'] as const;
export type MomentVisibility = (typeof MOMENT_VISIBILITIES)[number];
