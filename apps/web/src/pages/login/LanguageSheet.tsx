import { ActionSheet } from 'antd-mobile';
import { applyLanguage, currentLanguage, useTranslation } from '../../i18n/index.ts';
import { LANGUAGES } from '../../i18n/languages.ts';
import { appContainer } from '../../layout.ts';

/** The sheet of languages of the login page (loaded when first opened). */
export default function LanguageSheet({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <ActionSheet
      visible={open}
      onClose={onClose}
      getContainer={appContainer}
      cancelText={t('common.cancel')}
      actions={LANGUAGES.map((language) => ({
        key: language.code,
        text: language.nativeName,
        bold: language.code === currentLanguage,
        onClick: () => {
          onClose();
          if (language.code !== currentLanguage) applyLanguage(language.code);
        },
      }))}
    />
  );
}
