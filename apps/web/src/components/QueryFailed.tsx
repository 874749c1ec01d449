import { Button } from 'antd-mobile';
import { ApiError } from '../api/client.ts';
import { useTranslation } from '../i18n/index.ts';
import { EmptyState } from './EmptyState.tsx';
import { MissingTarget } from './MissingTarget.tsx';

/**
 * What a page shows when what it loads could not be had: refused by the server (it does not exist,
 * it is not mine) → the server's words and the way back; anything else (network, server) → the
 * reason and a retry. Never a spinner that spins on, nor zeros that look like real figures.
 */
export function QueryFailed({ error, onRetry, testId }: { error: unknown; onRetry(): void; testId?: string }) {
  const { t } = useTranslation();
  // the server's own words only for its refusal (translated by key); a transport failure's message is
  // the browser's or HTTP's English ("Internal Server Error")
  if (error instanceof ApiError && error.reason === 'refused') return <MissingTarget text={error.message} />;
  const network = error instanceof ApiError && (error.reason === 'network' || error.reason === 'timeout');
  const message = network ? t('errors.networkTimeout') : t('errors.serverError');
  return (
    <div data-testid={testId ?? 'query-failed'}>
      <EmptyState text={message}>
        <Button size="small" onClick={onRetry} data-testid="query-retry">
          {t('common.retry')}
        </Button>
      </EmptyState>
    </div>
  );
}
