import { Button } from 'antd-mobile';
import { Component, type ReactNode } from 'react';
import { EmptyState } from '../components/EmptyState.tsx';
import { PageFrame } from '../components/PageFrame.tsx';
import { t } from '../i18n/index.ts';

interface Props {
  title: string;
  children: ReactNode;
}

/** A page that fails to load or throws shows a frame with a retry, never a blank screen. */
export class PageErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.error('[parley] page failed', error);
  }

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <PageFrame title={this.props.title} testId="page-error">
        <EmptyState text={t('errors.pageLoadFailed')}>
          <Button color="primary" fill="outline" size="small" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </Button>
        </EmptyState>
      </PageFrame>
    );
  }
}
