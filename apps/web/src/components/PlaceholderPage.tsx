import { useTranslation } from '../i18n/index.ts';
import type { PageProps } from '../router/pageProps.ts';
import { EmptyState } from './EmptyState.tsx';
import { PageFrame } from './PageFrame.tsx';

/** The frame of a page that is not built yet: top bar with back and title, and the empty state. */
export default function PlaceholderPage({ titleKey, backTo }: PageProps & { backTo?: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(titleKey)} backTo={backTo} testId="placeholder-page">
      <EmptyState />
    </PageFrame>
  );
}
