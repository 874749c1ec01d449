import { queryClient } from '../api/queryClient.ts';
import { MOMENTS_FEED_KEY, MOMENTS_NOTICES_KEY, momentsUnreadQuery, setMomentsUnread } from '../stores/moments.ts';
import { onPush, onSocketState } from './socket.ts';

/** A like or comment on my moments (or one taken back): the red dot, the notices and the feed update live; a rebind rereads the count. */
export function startMomentsSync(): void {
  onPush('momentNotice', (data) => {
    setMomentsUnread(data.unread);
    void queryClient.invalidateQueries({ queryKey: MOMENTS_NOTICES_KEY });
    void queryClient.invalidateQueries({ queryKey: MOMENTS_FEED_KEY });
  });
  onPush('momentChanged', () => {
    void queryClient.invalidateQueries({ queryKey: MOMENTS_FEED_KEY });
  });
  onSocketState((state) => {
    if (state === 'bound') void queryClient.invalidateQueries({ queryKey: momentsUnreadQuery.queryKey });
  });
}
