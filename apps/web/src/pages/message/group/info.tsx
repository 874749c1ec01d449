import { toGroupId } from '@parley/protocol';
import { useTranslation } from '../../../i18n/index.ts';
import { MissingTarget } from '../../../components/MissingTarget.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import type { PageProps } from '../../../router/pageProps.ts';

import { GroupInfoView } from './GroupInfoView.tsx';
import { JoinCard } from './JoinCard.tsx';

/**
 * `#/pages/message/group/info?group_id=<n>`: the group's info and settings. With
 * `join=1&qrcode=<scanned text>` it is the join card of a scanned group code.
 */
export default function GroupInfoPage({ query, titleKey }: PageProps) {
  const { t } = useTranslation();
  const groupId = toGroupId(query.group_id);
  if (query.join === '1' && query.qrcode) return <JoinCard key={query.qrcode} qrcode={query.qrcode} />;
  if (!groupId) {
    return (
      <PageFrame title={t(titleKey)} testId="group-info-page">
        <MissingTarget text={t('groups.err.notFound')} />
      </PageFrame>
    );
  }
  return <GroupInfoView groupId={groupId} title={t(titleKey)} />;
}
