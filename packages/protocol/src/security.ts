/** Limits that keep one user or one address from exhausting the server (issue 9). */

/** At most this many messages one forwardMessage call may write (messages × target chats). */
export const FORWARD_MAX_WRITES = 100;

/**
 * A per-caller request budget of each of `paths`: `max` requests per `windowMs`, counted per user
 * when signed in, else per address. Paths are lower case (the server matches them case-insensitively).
 */
export interface RateLimit {
  paths: readonly string[];
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  send: { paths: ['/enterprise/im/sendmessage'], max: 300, windowMs: MINUTE },
  forward: { paths: ['/enterprise/im/forwardmessage'], max: 30, windowMs: MINUTE },
  search: { paths: ['/enterprise/im/searchmessages', '/enterprise/im/searchuser'], max: 60, windowMs: MINUTE },
  upload: {
    paths: ['/common/upload/uploadfile', '/common/upload/uploadavatar', '/common/upload/uploademoji'],
    max: 60,
    windowMs: MINUTE,
  },
  profile: { paths: ['/enterprise/im/getuserinfo', '/enterprise/im/getcontactinfo'], max: 120, windowMs: MINUTE },
  friendRequest: { paths: ['/enterprise/friend/add'], max: 30, windowMs: MINUTE },
  register: { paths: ['/common/pub/register'], max: 20, windowMs: HOUR },
  sendCode: { paths: ['/common/pub/sendcode'], max: 10, windowMs: HOUR },
  /** a call takes a few dozen steps (ring, answer, offer/answer, ICE candidates) */
  call: { paths: ['/enterprise/im/sendtomsg'], max: 600, windowMs: MINUTE },
  favorites: {
    paths: ['/collect/favorite/addfavorite', '/collect/favorite/sendfavorite', '/enterprise/emoji/add', '/enterprise/emoji/move'],
    max: 60,
    windowMs: MINUTE,
  },
  moments: { paths: ['/enterprise/moments/post', '/enterprise/moments/comment', '/enterprise/moments/like'], max: 60, windowMs: MINUTE },
  webPush: { paths: ['/enterprise/push/subscribe', '/enterprise/push/unsubscribe', '/enterprise/push/setpreview'], max: 30, windowMs: MINUTE },
} as const satisfies Record<string, RateLimit>;

/** Sign-in: failures of one account (per address: LOGIN_FAILURE_LIMIT) before each further attempt waits; the wait doubles per failure. */
export const LOGIN_ACCOUNT_FREE_FAILURES = 5;
export const LOGIN_ACCOUNT_DELAY_BASE_MS = 1_000;
export const LOGIN_ACCOUNT_DELAY_MAX_MS = 15 * MINUTE;

/** Sockets: frames each socket may send per second, sockets per address, and how long an unbound socket lives. */
export const SOCKET_FRAMES_PER_SECOND = 20;
export const SOCKETS_PER_ADDRESS = 50;
export const SOCKET_UNBOUND_MS = 30_000;

/** Wrong codes or current passwords a signed-in user may give in the sign-in window before a pause. */
export const SECRET_ATTEMPTS_LIMIT = 5;

/**
 * Message search is indexed by trigrams, so a keyword of fewer than 3 characters cannot use the
 * index: it is looked for in the newest SEARCH_SHORT_KEYWORD_WINDOW messages of the searched chats only.
 */
export const SEARCH_INDEXED_MIN_CHARS = 3;
export const SEARCH_SHORT_KEYWORD_WINDOW = 5_000;
/** The most matches one message search reads (newest first) before grouping them by chat. */
export const SEARCH_MATCHES_MAX = 1_000;
