import { SpinLoading } from 'antd-mobile';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import type { RichTextEditorProps } from './RichTextEditor.tsx';

/** Quill is fetched only when an editor is opened (the offline work splits bundles by route). */
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

function Loading() {
  const { t } = useTranslation();
  return (
    <div role="status" style={{ display: 'flex', alignItems: 'center', gap: 8, padding: 16, color: 'var(--text-secondary)' }}>
      <SpinLoading style={{ '--size': '18px' }} />
      <span>{t('docs.editor.loading')}</span>
    </div>
  );
}

function Failed() {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid="rich-editor-failed" style={{ padding: 16, color: 'var(--parley-red)' }}>
      {t('docs.editor.loadFailed')}
    </div>
  );
}

/** A failed chunk load (offline) shows a message instead of a blank sheet. */
class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <Failed /> : this.props.children;
  }
}

/** The rich-text editor, loaded on first use. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <LoadBoundary>
      <Suspense fallback={<Loading />}>
        <RichTextEditor {...props} />
      </Suspense>
    </LoadBoundary>
  );
}
