/** Paths of the contacts area that other pages open. */

/** A user's page. */
export const contactDetailPath = (userId: number | string) => `/pages/contacts/detail?user_id=${encodeURIComponent(String(userId))}`;

/** The private chat with a user. */
export const privateChatPath = (userId: number | string) =>
  `/pages/message/chat?toContactId=${encodeURIComponent(String(userId))}&is_group=0`;

/** The chat with oneself ("file transfer"): the private chat whose contact id is my own user id. */
export const fileTransferPath = (myUserId: number | string) => privateChatPath(myUserId);

export const NEW_FRIENDS_PATH = '/pages/contacts/friend';
export const USER_SEARCH_PATH = '/pages/contacts/search';
