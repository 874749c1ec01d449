import { SEARCH_KEYWORDS_MAX } from '@parley/protocol';
import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { ScanningOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { useNavigate } from '../../router/hashRouter.tsx';
import { searchUsers } from '../../api/users.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { EntryIcon } from '../../components/EntryIcon.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { TagLabel } from '../../components/TagLabel.tsx';
import type { PageProps } from '../../router/pageProps.ts';
import { useSession } from '../../stores/session.ts';
import { PersonRow } from './PersonRow.tsx';
import peopleStyles from './people.module.css';
import { PathTo, Paths } from '../../paths.ts';

const TYPING_PAUSE_MS = 400;

/** Add friends (spec §2 `#/pages/contacts/search`): find people by exact account or part of the nickname. */
export default function UserSearchPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const myAccount = useSession((s) => s.userInfo?.account ?? '');
  const [keyword, setKeyword] = useState('');
  const [term, setTerm] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setTerm(keyword.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [keyword]);

  const query = useQuery({
    queryKey: ['searchUser', term],
    queryFn: ({ signal }) => searchUsers(term, { signal }),
    enabled: term !== '',
    staleTime: 10_000,
  });

  let results: ReactNode = null;
  if (term === '') {
    results = (
      <>
        <p style={hintStyle}>{t('contacts.myAccount', { account: myAccount })}</p>
        <List className={peopleStyles.list}>
          <List.Item
            prefix={
              <EntryIcon color="#1485ee">
                <ScanningOutline />
              </EntryIcon>
            }
            description={t('contacts.scanHint')}
            onClick={() => navigate(Paths.scan)}
            data-testid="user-search-scan"
          >
            {t('contacts.scan')}
          </List.Item>
        </List>
      </>
    );
  } else if (query.isPending) results = <PageLoading />;
  else if (query.isError) results = <EmptyState text={t('contacts.searchFailed')} />;
  else if (query.data.length === 0) results = <EmptyState text={t('contacts.noUserFound')} />;
  else
    results = (
      <div data-testid="user-search-results">
        {query.data.map((user) => (
          <PersonRow
            key={user.user_id}
            name={user.displayName || user.nickname}
            avatar={user.avatar}
            avatarColor={user.avatar_color}
            sub={t('contacts.accountLine', { account: user.account })}
            onClick={() => navigate(PathTo.contactDetail(user.user_id))}
            testId={`user-search-result-${user.user_id}`}
            extra={user.is_friend ? <TagLabel>{t('contacts.isFriend')}</TagLabel> : null}
          />
        ))}
      </div>
    );

  return (
    <PageFrame title={t(titleKey)} testId="user-search-page">
      <SearchField
        value={keyword}
        onChange={setKeyword}
        onSubmit={() => setTerm(keyword.trim())}
        placeholder={t('contacts.searchPlaceholder')}
        autoFocus
        maxLength={SEARCH_KEYWORDS_MAX}
        testId="user-search-input"
      />
      {results}
    </PageFrame>
  );
}

const hintStyle = { margin: 0, padding: '4px 16px 12px', textAlign: 'center', color: 'var(--text-secondary)', fontSize: 13 } as const;
