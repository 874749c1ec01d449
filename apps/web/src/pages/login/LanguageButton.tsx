import { ActionSheet } from 'antd-mobile';
import { GlobalOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLanguage, currentLanguage } from '../../i18n/index.ts';
import { LANGUAGES } from '../../i18n/languages.ts';
import { appContainer } from '../../layout.ts';
import styles from './Auth.module.css';

/** Lets a visitor pick the interface language before logging in. */
export function LanguageButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.iconButton}
        onClick={() => setOpen(true)}
        aria-label={t('routes.language')}
        data-testid="login-language"
      >
        <GlobalOutline />
      </button>
      <ActionSheet
        visible={open}
        onClose={() => setOpen(false)}
        getContainer={appContainer}
        cancelText={t('common.cancel')}
        actions={LANGUAGES.map((language) => ({
          key: language.code,
          text: language.nativeName,
          bold: language.code === currentLanguage,
          onClick: () => {
            setOpen(false);
            if (language.code !== currentLanguage) applyLanguage(language.code);
          },
        }))}
      />
    </>
  );
}
