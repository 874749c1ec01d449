/**
 * Who sees a like or a comment on a moment (WeChat's rule): the post's author, the one who made
 * it, and readers who are friends of the one who made it. Everyone else reading the post sees
 * neither it nor a reply to it, so strangers never meet through a friend's post.
 */
export function momentInteractionVisible(input: {
  reader: number;
  poster: number;
  actor: number;
  /** is the reader a friend of the actor? */
  readerKnowsActor: boolean;
}): boolean {
  const { reader, poster, actor, readerKnowsActor } = input;
  return reader === poster || reader === actor || readerKnowsActor;
}

/**
 * May `reader` see a post? Its author always; a friend of the author when it is for all friends,
 * or when the reader is among the chosen.
 */
export function momentVisibleTo(input: {
  reader: number;
  author: number;
  isFriend: boolean;
  visibility: 'friends' | 'chosen';
  chosen: boolean;
}): boolean {
  if (input.reader === input.author) return true;
  if (!input.isFriend) return false;
  return input.visibility === 'friends' || input.chosen;
}
