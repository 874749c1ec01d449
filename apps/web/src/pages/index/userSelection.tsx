import { checkRecipients, FORWARD_MAX_TARGETS, RuleMsg, isGroupContactId } from '@parley/protocol';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { fetchMyGroups, type GroupListItem } from '../../api/groups.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { showToast } from '../../components/feedback.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { useGoBack } from '../../router/useGoBack.ts';
import { useConversations } from '../../stores/conversations.ts';
import { useFriendList } from '../../stores/friends.ts';
import {
  choosePicked,
  type PickedTarget,
  type PickUsersOptions,
  pickerPageMounted,
  pickerPageUnmounted,
  recentTargets,
  useUserPicker,
} from '../../stores/userPicker.ts';
import { hasPick, indexSections, matchesKeyword, type PickId, shownName, togglePick } from '../contacts/contactIndex.ts';
import { IndexedList } from '../contacts/IndexedList.tsx';
import { PersonRow } from '../contacts/PersonRow.tsx';
import styles from './userSelection.module.css';

/** My groups for the picker; a refusal (or no groups module yet) is an empty list. */
async function fetchPickableGroups(): Promise<GroupListItem[]> {
  const list = await fetchMyGroups().catch(() => []);
  return Array.isArray(list) ? list : [];
}

interface Candidate extends PickedTarget {
  keywords: (string | number)[];
  online?: boolean;
}

const NO_OPTIONS: PickUsersOptions = {};

/** Pick users (spec §2 `#/pages/index/userSelection`): opened by `pickUsers()`, which receives the choice. */
export default function UserSelectionPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const options = useUserPicker((s) => s.request?.options) ?? NO_OPTIONS;
  const min = options.min ?? 1;
  const max = options.max;
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<PickId[]>(() => [...(options.preselected ?? [])]);

  useEffect(() => {
    pickerPageMounted();
    return pickerPageUnmounted;
  }, []);

  const { friends, loaded, failed, retry } = useFriendList();
  const groupsQuery = useQuery({ queryKey: ['pickerGroups'], queryFn: fetchPickableGroups, enabled: Boolean(options.includeGroups) });

  const excluded = useMemo(() => new Set((options.exclude ?? []).map(String)), [options.exclude]);
  const people = useMemo<Candidate[]>(
    () =>
      friends
        .filter((f) => !excluded.has(String(f.user_id)))
        .map((f) => ({
          id: f.user_id,
          displayName: shownName(f),
          avatar: f.avatar,
          avatar_color: f.avatar_color,
          is_group: 0,
          online: f.is_online === 1,
          keywords: [f.displayName, f.remark, f.nickname, f.account],
        })),
    [friends, excluded],
  );
  const groups = useMemo<Candidate[]>(
    () =>
      (groupsQuery.data ?? [])
        .filter((g) => !excluded.has(String(g.id)))
        .map((g) => ({ id: g.id, displayName: g.displayName, avatar: g.avatar, is_group: 1, keywords: [g.displayName] })),
    [groupsQuery.data, excluded],
  );
  const byId = useMemo(() => new Map([...people, ...groups].map((c) => [String(c.id), c])), [people, groups]);
  const chatRows = useConversations((s) => s.contacts);
  const recent = useMemo(() => (options.recentFirst ? recentTargets(chatRows, byId) : []), [options.recentFirst, chatRows, byId]);

  const toggle = (id: PickId) => {
    const next = togglePick(selected, id, max);
    if (next.refused && max === 1) {
      setSelected([id]);
      return;
    }
    if (next.refused && max !== undefined) {
      const tooMany = checkRecipients(selected.length + 1, max) === RuleMsg.recipientsTooMany;
      if (tooMany) showToast(max === FORWARD_MAX_TARGETS ? t('picker.tooManyForward', { max }) : t('picker.tooMany', { max }));
      return;
    }
    setSelected(next.selected);
  };

  const confirm = () => {
    if (selected.length < min) {
      showToast(t('picker.tooFew', { min }));
      return;
    }
    const picked: PickedTarget[] = selected.map((id) => {
      const found = byId.get(String(id));
      return found
        ? { id: found.id, displayName: found.displayName, avatar: found.avatar, avatar_color: found.avatar_color, is_group: found.is_group }
        : { id, displayName: String(id), avatar: '', is_group: isGroupContactId(String(id)) ? 1 : 0 };
    });
    choosePicked(picked);
    goBack();
  };

  const renderCandidate = (c: Candidate, testPrefix = 'picker-item') => (
    <PersonRow
      name={c.displayName}
      avatar={c.avatar}
      avatarColor={c.avatar_color}
      online={c.online}
      checked={hasPick(selected, c.id)}
      onClick={() => toggle(c.id)}
      testId={`${testPrefix}-${c.id}`}
    />
  );

  const searching = keyword.trim() !== '';
  const shownPeople = searching ? people.filter((p) => matchesKeyword(keyword, ...p.keywords)) : people;
  const shownGroups = searching ? groups.filter((g) => matchesKeyword(keyword, ...g.keywords)) : groups;
  const sections = useMemo(() => indexSections(shownPeople), [shownPeople]);

  const title = options.titleKey ? t(options.titleKey as 'picker.title') : t(titleKey);
  const confirmButton = (
    <Button
      className={styles.confirm}
      color="primary"
      size="mini"
      disabled={selected.length < min}
      onClick={confirm}
      data-testid="picker-confirm"
    >
      {t('picker.done', { count: selected.length })}
    </Button>
  );

  const recentBlock =
    recent.length > 0 && !searching ? (
      <>
        <div className={styles.sectionTitle}>{t('picker.recent')}</div>
        <div data-testid="picker-recent">
          {recent.map((c) => (
            <div key={`recent-${c.id}`}>{renderCandidate(c, 'picker-recent')}</div>
          ))}
        </div>
      </>
    ) : null;

  const groupBlock =
    recentBlock || shownGroups.length > 0 ? (
      <>
        {recentBlock}
        {shownGroups.length > 0 ? (
          <>
            <div className={styles.sectionTitle}>{t('picker.groups')}</div>
            <div>
              {shownGroups.map((g) => (
                <div key={g.id}>{renderCandidate(g)}</div>
              ))}
            </div>
          </>
        ) : null}
      </>
    ) : null;

  let list: ReactNode;
  if (!loaded && failed)
    list = (
      <EmptyState text={t('contacts.loadFailed')}>
        <Button size="small" onClick={retry}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  else if (!loaded && friends.length === 0) list = <PageLoading />;
  else if (shownPeople.length === 0 && shownGroups.length === 0)
    list = <EmptyState text={searching ? t('picker.noMatch') : t('picker.noFriends')} />;
  else
    list = (
      <IndexedList
        sections={sections}
        keyOf={(c) => String(c.id)}
        renderItem={(c) => renderCandidate(c)}
        top={groupBlock ?? undefined}
        testId="picker-list"
      />
    );

  return (
    <PageFrame title={title} right={confirmButton} testId="picker-page">
      <div className={styles.layout}>
        <SearchField value={keyword} onChange={setKeyword} placeholder={t('picker.search')} testId="picker-search" />
        {selected.length > 0 ? (
          <div className={styles.strip} data-testid="picker-selected">
            {selected.map((id) => {
              const c = byId.get(String(id));
              return (
                <Avatar
                  key={String(id)}
                  name={c?.displayName ?? String(id)}
                  avatar={c?.avatar}
                  color={c?.avatar_color}
                  size={36}
                  onClick={() => toggle(id)}
                  label={t('picker.unselect', { name: c?.displayName ?? String(id) })}
                  testId={`picker-selected-${id}`}
                />
              );
            })}
          </div>
        ) : null}
        <div className={styles.list}>{list}</div>
      </div>
    </PageFrame>
  );
}
