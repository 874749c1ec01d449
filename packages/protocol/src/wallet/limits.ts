/** Wallet and red-packet constants (spec §5, §9 and issue 10). Amounts are integer fen. */

export const FEN_PER_YUAN = 100;

/** The payment password a wallet starts with (spec §4); the app asks to change it at once. */
export const DEFAULT_PAY_PASSWORD = '000000';
/** Wrong payment passwords in a row before the wallet's payments lock, and for how long. */
export const PAY_PASSWORD_FAILURES_MAX = 5;
export const PAY_PASSWORD_LOCK_MS = 15 * 60 * 1000;

export const RECHARGE_MAX_FEN = 50_000 * FEN_PER_YUAN;
export const RECHARGE_DAY_MAX_FEN = 200_000 * FEN_PER_YUAN;
export const WITHDRAW_MAX_FEN = 50_000 * FEN_PER_YUAN;
export const WITHDRAW_DAY_MAX_FEN = 100_000 * FEN_PER_YUAN;

export const RED_PACKET_SHARE_MIN_FEN = 1;
export const RED_PACKET_SHARE_MAX_FEN = 200 * FEN_PER_YUAN;
export const RED_PACKET_SHARES_MAX = 100;
export const RED_PACKET_BLESSING_MAX = 30;
/** A packet not fully claimed after this goes back to its sender. */
export const RED_PACKET_EXPIRY_MS = 24 * 3600 * 1000;

export const RED_PACKET_KINDS = ['random', 'fixed'] as const;
export type RedPacketKind = (typeof RED_PACKET_KINDS)[number];

/** The built-in covers; the web draws each one. */
export const RED_PACKET_COVERS = ['classic', 'gold', 'lantern', 'blossom'] as const;
export type RedPacketCover = (typeof RED_PACKET_COVERS)[number];
