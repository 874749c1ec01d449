import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { useNavigate } from '../../../router/hashRouter.tsx';
import { joinGroupByQrcode, previewJoin } from '../../../api/groups.ts';
import { showToast } from '../../../components/feedback.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { loadGroupList } from '../../../stores/groups.ts';
import { GroupAvatar } from './GroupAvatar.tsx';
import styles from './group.module.css';
import { groupErrorText } from './groupCall.ts';
import { PathTo } from '../../../paths.ts';

/** The card of a scanned group code: which group, how many members, and 'Join group'. */
export function JoinCard({ qrcode }: { qrcode: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [joining, setJoining] = useState(false);
  const [error, setError] = useState('');
  const preview = useQuery({ queryKey: ['groupJoinPreview', qrcode], queryFn: () => previewJoin(qrcode) });
  const info = preview.data;
  const name = info?.name || t('groups.groupChat');

  const join = async () => {
    setJoining(true);
    setError('');
    try {
      const group = await joinGroupByQrcode(qrcode);
      if (group.joined) showToast(t('groups.joined'), 'success');
      void loadGroupList();
      navigate(PathTo.groupChat(group.group_id, group.name), { replace: true });
    } catch (failure) {
      setError(groupErrorText(failure));
    } finally {
      setJoining(false);
    }
  };

  return (
    <PageFrame title={t('groups.joinTitle')} testId="group-join-page">
      <div className={styles.joinCard} data-testid="group-join-card">
        <GroupAvatar tiles={[]} name={name} size={72} />
        <div className={styles.joinName} data-testid="group-join-name">
          {name}
        </div>
        {info?.member_count ? (
          <div className={styles.headerSub} data-testid="group-join-count">
            {t('groups.joinMembers', { count: info.member_count })}
          </div>
        ) : null}
        <div className={styles.headerSub}>{t('groups.joinHint')}</div>
        {error ? (
          <div className={styles.joinError} role="alert" data-testid="group-join-error">
            {error}
          </div>
        ) : null}
        <Button block color="primary" loading={joining} onClick={join} data-testid="group-join" style={{ marginTop: 12 }}>
          {t('groups.join')}
        </Button>
      </div>
    </PageFrame>
  );
}
