import { MessageFill } from 'antd-mobile-icons';

/** The app mark: a white speech bubble on a green rounded square. */
export function AppLogo({ size = 56 }: { size?: number }) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: Math.round(size * 0.25),
        background: 'var(--parley-green)',
        color: '#fff',
        fontSize: Math.round(size * 0.56),
        boxShadow: '0 6px 16px rgba(7, 193, 96, 0.25)',
      }}
    >
      <MessageFill />
    </span>
  );
}
