import { useVirtualizer } from '@tanstack/react-virtual';
import { DotLoading } from 'antd-mobile';
import { type MutableRefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { initialRect } from '../../../components/virtual/useVirtualRows.ts';
import styles from './Chat.module.css';
import { chatTimeLabel } from './chatTimeLabel.ts';
import { MessageRow } from './MessageRow.tsx';
import type { ChatRow } from './rows.ts';

export interface MessageListProps {
  rows: ChatRow[];
  hasOlder: boolean;
  loading: boolean;
  onLoadOlder(): void;
  /** Changes when I send: the list jumps to the bottom. */
  bottomSignal: number;
  /** Filled with "scroll to this message" for the chat (a reply's quote taps through to it). */
  jumpRef?: MutableRefObject<(msgId: number) => boolean>;
}

const FLASH_MS = 1500;

/** Rows drawn beyond the view on each side, once the chat is up. */
const OVERSCAN = 8;
/**
 * The first draw's: the list opens at its newest rows, and the rows above the view can wait a frame
 * (on a slowed phone the first draw of a chat is mostly its text being laid out for the first time).
 */
const FIRST_OVERSCAN = 1;

const HEADER_PX = 36;
const STICK_PX = 80;
const LOAD_OLDER_PX = 160;
const PADDING_END_PX = 8;

/** The scroll position of the bottom of `count` rows of estimated heights, in a scroller the screen's height. */
function bottomOffset(count: number, estimateSize: (i: number) => number): number {
  let total = HEADER_PX + PADDING_END_PX;
  for (let i = 0; i < count; i++) total += estimateSize(i);
  return Math.max(0, total - initialRect().height);
}

/**
 * The virtualized bubble list. Stays at the bottom while it is there (new messages, images
 * loading); loads older messages near the top and keeps the rows in view where they were.
 */
export function MessageList({ rows, hasOlder, loading, onLoadOlder, bottomSignal, jumpRef }: MessageListProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const [overscan, setOverscan] = useState(FIRST_OVERSCAN);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setOverscan(OVERSCAN));
    return () => cancelAnimationFrame(frame);
  }, []);
  const estimateSize = (i: number) => (rows[i]?.kind === 'time' ? 32 : 68);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan,
    paddingStart: HEADER_PX,
    paddingEnd: PADDING_END_PX,
    // the first render draws the newest bubbles, at the bottom, before the scroller is measured
    initialRect: initialRect(),
    initialOffset: () => bottomOffset(rows.length, estimateSize),
  });
  // Rows measured above the view shift it so nothing jumps; at the bottom the list pins itself instead
  // (the virtualizer's own offset lags behind our scroll-to-bottom and would pull the view to the top).
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = (item, _delta, instance) =>
    !stick.current && item.start < (instance.scrollOffset ?? 0);
  const total = virtualizer.getTotalSize();
  if (jumpRef) {
    jumpRef.current = (msgId) => {
      const index = rows.findIndex((r) => r.kind === 'message' && r.message.msg_id === msgId);
      if (index < 0) return false;
      stick.current = false;
      virtualizer.scrollToIndex(index, { align: 'center' });
      // the row is drawn once scrolled there: flash it so the eye finds it
      requestAnimationFrame(() => {
        const el = scroller.current?.querySelector(`[data-testid="message-${msgId}"]`);
        el?.classList.add(styles.flash);
        setTimeout(() => el?.classList.remove(styles.flash), FLASH_MS);
      });
      return true;
    };
  }
  /** The first message row: older pages are inserted above it (separators before it may come and go). */
  const anchorKey = rows.find((r) => r.kind === 'message')?.key;
  const previous = useRef<{ anchorKey?: string; anchorStart: number; scrollTop: number }>({ anchorStart: 0, scrollTop: 0 });

  // Keep the view: older rows came in above → shift by what they added; at the bottom → stay there.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const prev = previous.current;
    const startOf = (key: string | undefined) => virtualizer.measurementsCache.find((m) => m.key === key)?.start;
    if (stick.current) {
      el.scrollTop = el.scrollHeight;
    } else if (prev.anchorKey && anchorKey !== prev.anchorKey) {
      const moved = startOf(prev.anchorKey);
      if (moved !== undefined) el.scrollTop = prev.scrollTop + (moved - prev.anchorStart);
    }
    previous.current = { anchorKey, anchorStart: startOf(anchorKey) ?? 0, scrollTop: el.scrollTop };
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: bottomSignal is the trigger (I sent something)
  useEffect(() => {
    stick.current = true;
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [bottomSignal]);

  const maybeLoadOlder = useCallback(() => {
    const el = scroller.current;
    if (!el || loading || !hasOlder) return;
    if (el.scrollTop < LOAD_OLDER_PX) onLoadOlder();
  }, [hasOlder, loading, onLoadOlder]);

  // A first page shorter than the screen: fetch more right away.
  useEffect(() => {
    const el = scroller.current;
    if (el && el.scrollHeight <= el.clientHeight + LOAD_OLDER_PX) maybeLoadOlder();
  }, [maybeLoadOlder]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
    previous.current = { ...previous.current, scrollTop: el.scrollTop };
    maybeLoadOlder();
  };

  return (
    <div ref={scroller} className={styles.scroller} onScroll={onScroll} data-testid="chat-scroller">
      <div className={styles.inner} style={{ height: total }}>
        <div className={styles.top} style={{ height: HEADER_PX }}>
          {loading ? <DotLoading /> : hasOlder ? null : rows.length > 0 ? t('chat.noMore') : null}
        </div>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          return (
            <div key={item.key} ref={virtualizer.measureElement} data-index={item.index} className={styles.slot} style={{ transform: `translateY(${item.start}px)` }}>
              {row.kind === 'time' ? (
                <div className={styles.time}>{chatTimeLabel(row.sendTime)}</div>
              ) : (
                <MessageRow message={row.message} readMark={row.readMark} />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
