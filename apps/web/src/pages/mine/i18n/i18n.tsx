import { Button, List } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { applyLanguage, currentLanguage, useTranslation } from '../../../i18n/index.ts';
import { LANGUAGES, type LanguageCode } from '../../../i18n/languages.ts';
import type { PageProps } from '../../../router/pageProps.ts';

/** Language choice (spec §1): each language in its own name; saving restarts the app on the home page. */
export default function LanguagePage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<LanguageCode>(currentLanguage);
  const save = (
    <Button
      color="primary"
      size="mini"
      disabled={chosen === currentLanguage}
      onClick={() => applyLanguage(chosen)}
      style={{ marginRight: 8 }}
      data-testid="language-save"
    >
      {t('common.save')}
    </Button>
  );
  return (
    <PageFrame title={t(titleKey)} right={save} testId="language-page">
      <List header={t('language.hint')}>
        {LANGUAGES.map((language) => (
          <List.Item
            key={language.code}
            onClick={() => setChosen(language.code)}
            arrowIcon={false}
            extra={chosen === language.code ? <CheckOutline style={{ color: 'var(--parley-green)', fontSize: 20 }} /> : null}
            aria-selected={chosen === language.code}
            data-testid={`language-option-${language.code}`}
          >
            <span lang={language.htmlLang}>{language.nativeName}</span>
          </List.Item>
        ))}
      </List>
    </PageFrame>
  );
}
