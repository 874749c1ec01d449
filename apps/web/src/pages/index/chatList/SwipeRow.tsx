import { type ReactNode, useEffect, useRef, useState } from 'react';
import styles from './swipeRow.module.css';

export interface SwipeRowAction {
  key: string;
  text: ReactNode;
  /** a CSS colour, or 'danger' */
  color: string;
  onClick(): void;
}

/** Movement before a touch counts as a swipe (and not as a tap or a vertical scroll). */
const SLOP_PX = 8;
/** A flick this fast (px per ms) opens or closes whatever the distance. */
const FLICK_SPEED = 0.5;

/**
 * A row that slides left to show its actions (antd-mobile's SwipeAction, whose spring and gesture
 * libraries weigh about 25 kB gzip, reduced to what the chat list uses): drag or flick it open, tap
 * an action or anywhere else to close it; a drag never clicks the row. Actions get focus from the
 * keyboard too, which opens the row.
 */
export function SwipeRow({ actions, children }: { actions: readonly SwipeRowAction[]; children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const side = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const drag = useRef<{ id: number; x0: number; y0: number; from: number; x: number; t: number; v: number; active: boolean } | null>(null);
  /** True from a drag until just after its click: that click is not the row's. */
  const dragged = useRef(false);

  const width = () => side.current?.offsetWidth ?? 0;
  const place = (x: number, animate: boolean) => {
    const el = track.current;
    if (!el) return;
    el.style.transition = animate ? '' : 'none';
    el.style.transform = x === 0 ? '' : `translateX(${x}px)`;
  };
  const settle = (next: boolean) => {
    setOpen(next);
    place(next ? -width() : 0, true);
  };

  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) settle(false);
    };
    document.addEventListener('touchstart', outside);
    document.addEventListener('mousedown', outside);
    return () => {
      document.removeEventListener('touchstart', outside);
      document.removeEventListener('mousedown', outside);
    };
  });

  return (
    <div
      ref={root}
      className={styles.root}
      // open, the row is not kept in the home screen painted at the next start (paint/homePaint.ts)
      data-paint-open={open ? '' : undefined}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        drag.current = { id: e.pointerId, x0: e.clientX, y0: e.clientY, from: open ? -width() : 0, x: open ? -width() : 0, t: e.timeStamp, v: 0, active: false };
      }}
      onPointerMove={(e) => {
        const d = drag.current;
        if (!d || d.id !== e.pointerId) return;
        const dx = e.clientX - d.x0;
        if (!d.active) {
          if (Math.abs(e.clientY - d.y0) > SLOP_PX && Math.abs(e.clientY - d.y0) > Math.abs(dx)) {
            drag.current = null;
            return;
          }
          if (Math.abs(dx) < SLOP_PX) return;
          d.active = true;
          dragged.current = true;
          e.currentTarget.setPointerCapture(e.pointerId);
        }
        const x = Math.min(0, Math.max(-width(), d.from + dx));
        d.v = (x - d.x) / Math.max(1, e.timeStamp - d.t);
        d.x = x;
        d.t = e.timeStamp;
        place(x, false);
      }}
      onPointerUp={(e) => {
        const d = drag.current;
        drag.current = null;
        if (!d?.active || d.id !== e.pointerId) return;
        const flick = Math.abs(d.v) > FLICK_SPEED ? d.v < 0 : null;
        settle(flick ?? d.x < -width() / 2);
        setTimeout(() => {
          dragged.current = false;
        });
      }}
      onPointerCancel={() => {
        if (drag.current?.active) settle(open);
        drag.current = null;
        dragged.current = false;
      }}
      onClickCapture={(e) => {
        if (!dragged.current) return;
        e.stopPropagation();
        e.preventDefault();
      }}
    >
      <div ref={track} className={styles.track}>
        <div
          className={styles.content}
          onClickCapture={(e) => {
            if (!open) return;
            e.stopPropagation();
            e.preventDefault();
            settle(false);
          }}
        >
          {children}
        </div>
        <div
          ref={side}
          className={styles.actions}
          data-paint-skip=""
          onFocus={() => {
            if (!open) settle(true);
          }}
        >
          {actions.map((action) => (
            <button
              key={action.key}
              type="button"
              className={styles.action}
              style={{ background: action.color === 'danger' ? 'var(--adm-color-danger)' : action.color }}
              onClick={() => {
                settle(false);
                action.onClick();
              }}
            >
              {action.text}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
