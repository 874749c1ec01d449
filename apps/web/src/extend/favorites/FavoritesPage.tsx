import { type Favorite, FAVORITE_CATEGORIES, type FavoriteCategory, FORWARD_MAX_TARGETS, formatFileSize } from '@parley/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popup, SearchBar, Tabs } from 'antd-mobile';
import { ListEnd } from '../../components/ListEnd.tsx';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { api } from '../../api/client.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { askConfirm, showToast } from '../../components/feedback.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { PullRefresh } from '../../components/PullRefresh.tsx';
import { appContainer } from '../../layout.ts';
import type { RouteTitleKey } from '../../router/pageProps.ts';
import { FAVORITES_KEY } from '../../stores/favorites.ts';
import { useMessages } from '../../stores/messages.ts';
import { pickUsers } from '../../stores/userPicker.ts';
import { FavoriteItem } from './FavoriteItem.tsx';
import styles from './favorites.module.css';
import { useFavorites } from './useFavorites.ts';
import { useBackCloses } from '../../router/useBackCloses.ts';

/** What opening a favorite shows in place. */
function viewerOf(f: Favorite, t: (key: 'favorites.openFile') => string): ReactNode {
  const m = f.message;
  const ext = m.extends as Record<string, unknown>;
  if (f.kind === 'image') return <img className={styles.picture} src={m.file?.url} alt="" data-testid="favorite-image" />;
  if (f.kind === 'video') return <video src={m.file?.url} controls autoPlay data-testid="favorite-video" />;
  if (f.kind === 'voice') return <audio src={m.file?.url} controls autoPlay data-testid="favorite-voice" />;
  if (f.kind === 'file') {
    return (
      <>
        <strong>{m.file?.name}</strong>
        <span>{formatFileSize(m.file?.size ?? 0)}</span>
        <a href={m.file?.url} target="_blank" rel="noreferrer" download={m.file?.name} data-testid="favorite-file-open">
          {t('favorites.openFile')}
        </a>
      </>
    );
  }
  if (f.kind === 'location') return <span>{[ext.name, ext.address].filter(Boolean).join('\n') || m.content}</span>;
  if (f.kind === 'card' || f.kind === 'groupCard') return <strong>{String(ext.displayName ?? m.content)}</strong>;
  return <span data-testid="favorite-text">{m.content}</span>;
}

/** Favorites: the eight categories, search, pull-down refresh and more below; open in place, send to a chat, delete. */
export function FavoritesPage({ titleKey }: { titleKey: RouteTitleKey }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [category, setCategory] = useState<FavoriteCategory>('all');
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<Favorite | null>(null);
  useBackCloses(open !== null, () => setOpen(null));
  const { query, items } = useFavorites(category, keyword.trim());

  const send = async (f: Favorite) => {
    const targets = await pickUsers({ max: FORWARD_MAX_TARGETS, includeGroups: true, recentFirst: true, titleKey: 'chat.forward.pickTitle' });
    if (!targets?.length) return;
    try {
      const sent = await api.call('favoriteSend', { id: f.id, user_ids: targets.map((x) => x.id) });
      for (const m of sent) useMessages.getState().ingest(m);
      showToast(t('favorites.sent'), 'success');
    } catch {
      // the client has shown the refusal
    }
  };
  const remove = async (f: Favorite) => {
    if (!(await askConfirm({ content: t('favorites.deleteConfirm'), confirmText: t('favorites.delete'), danger: true }))) return;
    try {
      await api.call('favoriteDelete', { ids: [f.id] });
      await client.invalidateQueries({ queryKey: FAVORITES_KEY });
    } catch {
      // the client has shown the refusal
    }
  };

  let list: ReactNode;
  if (query.isPending) list = <PageLoading />;
  else if (query.isError && items.length === 0) {
    list = (
      <EmptyState text={navigator.onLine ? t('favorites.loadFailed') : t('favorites.offline')}>
        <Button size="small" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  } else if (items.length === 0) list = <EmptyState text={keyword ? t('favorites.noMatch') : t('favorites.empty')} />;
  else {
    list = (
      <>
        {items.map((f) => (
          <FavoriteItem key={f.id} favorite={f} onOpen={() => setOpen(f)} onSend={() => void send(f)} onDelete={() => void remove(f)} />
        ))}
        <ListEnd loadMore={async () => void (await query.fetchNextPage())} hasMore={query.hasNextPage} />
      </>
    );
  }

  return (
    <PageFrame title={t(titleKey)} testId="favorites-page">
      <SearchBar placeholder={t('favorites.search')} value={keyword} onChange={setKeyword} data-testid="favorites-search" />
      <Tabs activeKey={category} onChange={(k) => setCategory(k as FavoriteCategory)}>
        {FAVORITE_CATEGORIES.map((c) => (
          <Tabs.Tab key={c} title={<span data-testid={`favorites-tab-${c}`}>{t(`favorites.category.${c}`)}</span>} />
        ))}
      </Tabs>
      <PullRefresh onRefresh={() => client.resetQueries({ queryKey: FAVORITES_KEY })}>{list}</PullRefresh>
      <Popup visible={open !== null} onMaskClick={() => setOpen(null)} onClose={() => setOpen(null)} getContainer={appContainer}>
        <div className={styles.viewer} data-testid="favorite-viewer">
          {open ? viewerOf(open, t) : null}
        </div>
      </Popup>
    </PageFrame>
  );
}
