import { SearchOutline } from 'antd-mobile-icons';

/** The tappable search box at the top of a list; it opens the search page. */
export function SearchEntry({ placeholder, onOpen, testId }: { placeholder: string; onOpen(): void; testId?: string }) {
  return (
    <div style={{ padding: '8px 8px', background: 'var(--page-bg)' }}>
      <button
        type="button"
        onClick={onOpen}
        data-testid={testId}
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 6,
          width: '100%',
          height: 36,
          border: 0,
          borderRadius: 6,
          background: 'var(--panel-bg)',
          color: 'var(--text-weak)',
          fontSize: 15,
          cursor: 'pointer',
        }}
      >
        <SearchOutline />
        <span>{placeholder}</span>
      </button>
    </div>
  );
}
