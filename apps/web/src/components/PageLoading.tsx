import { PAGE_LOAD_DELAY_MS } from '@parley/protocol';
import { useTranslation } from '../i18n/index.ts';
import { Spinner } from './Spinner.tsx';
import { useDelayedFlag } from '../hooks/useDelayedFlag.ts';

/** The loading indicator of a lazily loaded page; it appears only after 200 ms so fast loads do not flash. */
export function PageLoading() {
  const { t } = useTranslation();
  const visible = useDelayedFlag(true, PAGE_LOAD_DELAY_MS);
  if (!visible) return null;
  return (
    <div
      role="status"
      data-testid="page-loading"
      style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12, paddingTop: '35vh', color: 'var(--text-secondary)', fontSize: 14 }}
    >
      <Spinner color="primary" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
