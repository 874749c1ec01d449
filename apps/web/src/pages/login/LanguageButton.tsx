import { GlobalOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import styles from './Auth.module.css';

const LanguageSheet = lazy(() => import('./LanguageSheet.tsx'));

/** Lets a visitor pick the interface language before logging in; the sheet loads at the first tap. */
export function LanguageButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.iconButton}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        aria-label={t('routes.language')}
        data-testid="login-language"
      >
        <GlobalOutline />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <LanguageSheet open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
