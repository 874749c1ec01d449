/** Business constants of spec §9 and the design, shared by server and web. */
export const APP_VERSION = '5.5.1';
export const APP_VERSION_CODE = 20250606;

export const ACCOUNT_MIN = 4;
export const ACCOUNT_MAX = 32;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
export const PAY_PASSWORD_LENGTH = 6;
export const NICKNAME_MAX = 32;

export const HTTP_TIMEOUT_MS = 10_000;
export const SOCKET_HEARTBEAT_MS = 20_000;
export const SOCKET_IDLE_CLOSE_MS = 60_000;
export const SOCKET_RECONNECT_DELAY_MS = 5_000;
export const SOCKET_RECONNECT_ATTEMPTS = 5;
/**
 * After the reconnect attempts are used up (the error state, "tap to retry"), a new round starts by
 * itself this long after: a phone left on the table comes back once the server does.
 */
export const SOCKET_GIVEN_UP_RETRY_MS = 60_000;
/**
 * The close code of a server going down on purpose (WebSocket "Service Restart"): the client
 * reconnects at once, after a random wait up to this long so that the clients of a node do not
 * all arrive in the same millisecond, without using up its reconnect attempts.
 */
export const SOCKET_RESTART_CLOSE_CODE = 1012;
export const SOCKET_RESTART_RECONNECT_MAX_MS = 1_000;
export const TOAST_MS = 2_500;
export const TOAST_DEFAULT_MS = 1_500;
export const RELOGIN_REDIRECT_MS = 1_000;
export const PAGE_LOAD_DELAY_MS = 200;
export const PAGE_LOAD_TIMEOUT_MS = 60_000;

export const VIDEO_MAX_SECONDS = 600;
export const RECORDING_MIN_SECONDS = 1;
export const FORWARD_MAX_TARGETS = 9;
export const PUSH_MAX_TARGETS = 9;
export const GROUP_QR_VALID_DAYS = 7;
export const PROPORTION_TOTAL_MIN = 100;
/** One colleague's share of a record at most (a percentage) */
export const PROPORTION_MAX = 100;
export const RECALL_WINDOW_SECONDS = 120;

export const LONG_PRESS_MS = 350;
export const LONG_PRESS_MOVE_PX = 10;
export const PULL_REFRESH_ANIMATION_MS = 300;

/** Spec §9: the top bar is 50 px high on Android and 45 px elsewhere. */
export const TOP_BAR = { androidHeight: 50, height: 45 } as const;

export const TAB_BAR = { height: 50, iconSize: 24, fontSize: 10, selectedColor: '#07c160', maxItems: 2 } as const;

export const MAP = { zoomMin: 5, zoomMax: 18, defaultScale: 16, locationRefreshMs: 30_000 } as const;

/** Sessions: remember-me lasts 30 days, otherwise one day. */
export const SESSION_SHORT_MS = 24 * 3600 * 1000;
export const SESSION_LONG_MS = 30 * 24 * 3600 * 1000;

/** Failed logins allowed per account and per address in the window. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Largest row id the databases store (PostgreSQL `serial` is 32-bit): larger ids are refused, not looked up. */
export const DB_ID_MAX = 2_147_483_647;
