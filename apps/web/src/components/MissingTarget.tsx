import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { useGoBack } from '../router/useGoBack.ts';
import { EmptyState } from './EmptyState.tsx';

/**
 * What a page shows when it was opened without what it needs (a link without its `?id=`, a stale
 * bookmark): it says so and offers the way back instead of spinning or showing an empty shell.
 */
export function MissingTarget({ text }: { text?: ReactNode }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <div data-testid="missing-target">
      <EmptyState text={text ?? t('common.missingTarget')}>
        <Button size="small" color="primary" fill="outline" onClick={goBack} data-testid="missing-target-back">
          {t('common.goBack')}
        </Button>
      </EmptyState>
    </div>
  );
}
