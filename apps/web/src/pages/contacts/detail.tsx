import { FRIEND_NICKNAME_MAX, FRIEND_REMARK_MAX, FriendRequestStatus, PUSH_MAX_TARGETS, type PublicProfile } from '@parley/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImageViewer, List } from 'antd-mobile';
import '../../components/antdRender.ts';
import { MessageOutline, PhoneFill, UserAddOutline, VideoOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { ApiError } from '../../api/client.ts';
import { addFriend, answerFriendRequest, deleteFriend, listFriendRequests, setFriendRemark } from '../../api/friends.ts';
import { fetchProfile, profileQueryKey } from '../../api/users.ts';
import { startCall } from '../../calls/engine.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { askConfirm, showToast } from '../../components/feedback.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { MissingTarget } from '../../components/MissingTarget.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { promptText } from '../../components/promptText.tsx';
import { TagLabel } from '../../components/TagLabel.tsx';
import { joinNames } from '../../i18n/eventText.ts';
import { appContainer } from '../../layout.ts';
import type { PageProps } from '../../router/pageProps.ts';
import { useConversations } from '../../stores/conversations.ts';
import { FRIEND_REQUESTS_KEY, friendsCache } from '../../stores/friends.ts';
import { useMessages } from '../../stores/messages.ts';
import { displayNameOf, useSession } from '../../stores/session.ts';
import { pickUsers } from '../../stores/userPicker.ts';
import styles from './detail.module.css';
import { Paths, PathTo } from '../../paths.ts';

/** A user's page (spec §2 `#/pages/contacts/detail?user_id=`): who they are and what I can do with them. */
export default function ContactDetailPage({ query, titleKey }: PageProps) {
  const { t } = useTranslation();
  const userId = Number(query.user_id ?? query.id);
  const valid = Number.isSafeInteger(userId) && userId > 0;
  const profile = useQuery({
    queryKey: profileQueryKey(userId),
    queryFn: () => fetchProfile(userId, { silent: true }),
    enabled: valid,
    staleTime: 0,
  });

  let body: ReactNode;
  if (!valid) body = <MissingTarget text={t('friends.userMissing')} />;
  else if (profile.isPending) body = <PageLoading />;
  else if (profile.isError) {
    const missing = profile.error instanceof ApiError && profile.error.details.code === 404;
    body = <EmptyState text={missing ? t('friends.userMissing') : t('friends.loadFailed')} />;
  } else body = <ProfileView user={profile.data} />;

  return (
    <PageFrame title={t(titleKey)} testId="contact-detail-page">
      {body}
    </PageFrame>
  );
}

function Gender({ gender }: { gender: PublicProfile['gender'] }) {
  const { t } = useTranslation();
  if (gender === 'male')
    return (
      <span className={`${styles.gender} ${styles.male}`} role="img" aria-label={t('profile.genderMale')}>
        ♂
      </span>
    );
  if (gender === 'female')
    return (
      <span className={`${styles.gender} ${styles.female}`} role="img" aria-label={t('profile.genderFemale')}>
        ♀
      </span>
    );
  return null;
}

function ProfileView({ user }: { user: PublicProfile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useSession((s) => s.userInfo);
  const refresh = () => queryClient.invalidateQueries({ queryKey: profileQueryKey(user.user_id) });
  const stranger = !user.is_friend && !user.is_self;
  // A request between us that is still open: theirs can be accepted here, mine is shown as waiting.
  const requests = useQuery({
    queryKey: [...FRIEND_REQUESTS_KEY, 'all'],
    queryFn: () => listFriendRequests('all', { silent: true }),
    enabled: stranger,
  });
  const openRequest = (direction: 'received' | 'sent') =>
    requests.data?.list.find((r) => r.user.user_id === user.user_id && r.direction === direction && r.status === FriendRequestStatus.PENDING);
  const theirRequest = stranger ? openRequest('received') : undefined;
  const myRequest = stranger ? openRequest('sent') : undefined;

  const afterFriendship = () => friendsCache.changedWith(user.user_id);

  const addMutation = useMutation({
    mutationFn: (remark: string) => addFriend(user.user_id, remark),
    onSuccess: (result) => (result.status === 1 ? afterFriendship() : queryClient.invalidateQueries({ queryKey: FRIEND_REQUESTS_KEY })),
  });
  const acceptMutation = useMutation({ mutationFn: (requestId: number) => answerFriendRequest(requestId, 1), onSuccess: afterFriendship });
  const remarkMutation = useMutation({
    mutationFn: (nickname: string) => setFriendRemark(user.user_id, nickname),
    onSuccess: (result) => {
      friendsCache.patch(user.user_id, { remark: result.nickname, displayName: result.displayName });
      useConversations.getState().patch(user.user_id, { displayName: result.displayName });
      return refresh();
    },
  });
  const recommendMutation = useMutation({
    mutationFn: async (targets: { id: number | string; is_group: number }[]) => {
      const messages = useMessages.getState();
      for (const target of targets) {
        await messages.send(String(target.id), target.is_group === 1, { type: 'contact', content: { kind: 'user', id: user.user_id } });
      }
    },
    onSuccess: () => showToast(t('friends.recommendSent'), 'success'),
  });
  const deleteMutation = useMutation({
    mutationFn: () => deleteFriend(user.user_id),
    onSuccess: () => {
      friendsCache.remove(user.user_id);
      queryClient.removeQueries({ queryKey: profileQueryKey(user.user_id) });
      navigate(Paths.contacts, { replace: true });
    },
  });
  const busy = [addMutation, acceptMutation, remarkMutation, recommendMutation, deleteMutation].some((m) => m.isPending);

  const add = async () => {
    const remark = await promptText({
      title: t('friends.addTitle'),
      description: t('friends.addDescription'),
      initial: t('friends.defaultGreeting', { name: displayNameOf(me) }),
      maxLength: FRIEND_REMARK_MAX,
      confirmText: t('friends.send'),
      multiline: true,
      testId: 'detail-add-remark',
    });
    if (remark !== null) addMutation.mutate(remark.trim());
  };

  const accept = (requestId: number) => acceptMutation.mutate(requestId);

  const editRemark = async () => {
    const nickname = await promptText({
      title: t('friends.remarkTitle'),
      description: t('friends.remarkDescription'),
      initial: user.remark,
      placeholder: user.nickname,
      maxLength: FRIEND_NICKNAME_MAX,
      testId: 'detail-remark-input',
    });
    if (nickname !== null && nickname.trim() !== user.remark) remarkMutation.mutate(nickname.trim());
  };

  // spec §5/§9: a card goes to at most 9 people or groups at once
  const recommend = async () => {
    const targets = await pickUsers({ titleKey: 'friends.recommendTitle', max: PUSH_MAX_TARGETS, exclude: [user.user_id], includeGroups: true });
    if (!targets?.length) return;
    const names = targets.map((x) => x.displayName);
    const shown = names.length > 3 ? `${names.slice(0, 3).join(t('events.listSep'))}…` : joinNames(names, t);
    const ok = await askConfirm({
      title: t('friends.recommendConfirmTitle', { name: shown }),
      content: t('friends.recommendConfirm', { name: user.displayName }),
      confirmText: t('friends.send'),
    });
    if (ok) recommendMutation.mutate(targets);
  };

  const remove = async () => {
    const ok = await askConfirm({
      title: t('friends.deleteTitle'),
      content: t('friends.deleteConfirm', { name: user.displayName }),
      confirmText: t('friends.delete'),
      danger: true,
    });
    if (ok) deleteMutation.mutate();
  };

  const party = { id: user.user_id, displayName: user.displayName, avatar: user.avatar, avatar_color: user.avatar_color };

  const showAvatar = () => {
    if (user.avatar) ImageViewer.show({ image: user.avatar, getContainer: appContainer });
  };

  const subName = user.remark && user.remark !== user.nickname ? t('friends.nicknameLine', { nickname: user.nickname }) : null;

  return (
    <div data-testid={`contact-detail-${user.user_id}`}>
      <section className={styles.card}>
        <Avatar
          name={user.displayName}
          avatar={user.avatar}
          color={user.avatar_color}
          size={64}
          onClick={user.avatar ? showAvatar : undefined}
          testId="detail-avatar"
        />
        <div className={styles.identity}>
          <div className={styles.nameLine}>
            <span className={styles.name} data-testid="detail-name">
              {user.displayName}
            </span>
            <Gender gender={user.gender} />
            {user.verified ? <TagLabel color="blue">{t('profile.verified')}</TagLabel> : null}
          </div>
          {subName ? <span className={styles.line}>{subName}</span> : null}
          <span className={styles.line} data-testid="detail-account">
            {t('contacts.accountLine', { account: user.account })}
          </span>
          {user.is_friend && user.is_online ? <span className={styles.online}>{t('friends.online')}</span> : null}
        </div>
      </section>

      <List className={styles.block}>
        {user.is_friend ? (
          <List.Item onClick={editRemark} extra={<span className={styles.value}>{user.remark}</span>} data-testid="detail-remark">
            {t('friends.remark')}
          </List.Item>
        ) : null}
        <List.Item extra={<span className={styles.value}>{user.signature || t('friends.noSignature')}</span>} arrowIcon={false}>
          {t('profile.signature')}
        </List.Item>
        {user.email ? (
          <List.Item extra={<span className={styles.value}>{user.email}</span>} arrowIcon={false}>
            {t('profile.email')}
          </List.Item>
        ) : null}
        {user.is_self ? null : (
          <List.Item onClick={recommend} data-testid="detail-recommend">
            {t('friends.recommend')}
          </List.Item>
        )}
      </List>

      <div className={styles.actions}>
        {user.is_self ? (
          <button type="button" className={styles.action} onClick={() => navigate(Paths.profile)} data-testid="detail-edit-profile">
            {t('friends.editMyProfile')}
          </button>
        ) : user.is_friend ? (
          <>
            <button type="button" className={styles.action} onClick={() => navigate(PathTo.privateChat(user.user_id))} data-testid="detail-send">
              <MessageOutline /> {t('friends.sendMessage')}
            </button>
            <button type="button" className={styles.action} onClick={() => void startCall(party, 'voice')} data-testid="detail-voice-call">
              <PhoneFill /> {t('friends.voiceCall')}
            </button>
            <button type="button" className={styles.action} onClick={() => void startCall(party, 'video')} data-testid="detail-video-call">
              <VideoOutline /> {t('friends.videoCall')}
            </button>
          </>
        ) : theirRequest ? (
          <button type="button" className={styles.action} onClick={() => accept(theirRequest.id)} disabled={busy} data-testid="detail-accept">
            <UserAddOutline /> {t('friends.acceptRequest')}
          </button>
        ) : (
          <button type="button" className={styles.action} onClick={add} disabled={busy} data-testid="detail-add-friend">
            <UserAddOutline /> {myRequest ? t('friends.sendAgain') : t('friends.addToContacts')}
          </button>
        )}
      </div>
      {theirRequest || myRequest ? (
        <p className={styles.note} data-testid="detail-request-note">
          {theirRequest
            ? t('friends.theyAsked', { remark: theirRequest.remark || t('friends.defaultRemarkReceived') })
            : t('friends.waitingForThem')}
        </p>
      ) : null}

      {user.is_friend ? (
        <div className={styles.actions}>
          <button type="button" className={`${styles.action} ${styles.danger}`} onClick={remove} disabled={busy} data-testid="detail-delete">
            {t('friends.delete')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
