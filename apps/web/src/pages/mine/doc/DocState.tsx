import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';

/** The error state of a help page: offline or failed, with a retry. */
export function DocError({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <EmptyState text={offline ? t('docs.offline') : t('docs.loadFailed')}>
      <Button size="small" onClick={onRetry} data-testid="doc-retry">
        {t('common.retry')}
      </Button>
    </EmptyState>
  );
}
