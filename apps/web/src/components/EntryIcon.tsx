import type { ReactNode } from 'react';

/** The coloured rounded square with a white glyph in front of a list entry. */
export function EntryIcon({ color, children, size = 36 }: { color: string; children: ReactNode; size?: number }) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: 6,
        background: color,
        color: '#fff',
        fontSize: Math.round(size * 0.58),
      }}
    >
      {children}
    </span>
  );
}
