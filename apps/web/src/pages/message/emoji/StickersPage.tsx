import { type Sticker, STICKERS_MAX } from '@parley/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { api } from '../../../api/client.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { askConfirm } from '../../../components/feedback.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import type { RouteTitleKey } from '../../../router/pageProps.ts';
import { STICKERS_KEY, stickersQuery } from '../../../stores/favorites.ts';
import { pickAction } from '../group/pickAction.tsx';
import styles from './stickers.module.css';

/** My stickers: add from the album, move one to the front, delete (after confirming). */
export function StickersPage({ titleKey }: { titleKey: RouteTitleKey }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const stickers = useQuery(stickersQuery);
  const input = useRef<HTMLInputElement>(null);
  const settle = { onSuccess: (list: Sticker[]) => client.setQueryData(STICKERS_KEY, list) };

  const add = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name || 'sticker.png');
      const uploaded = await api.upload('uploadEmoji', form);
      return api.call('emojiAdd', { file_id: uploaded.file_id });
    },
    ...settle,
  });
  const move = useMutation({ mutationFn: (id: number) => api.call('emojiMove', { id }), ...settle });
  const remove = useMutation({ mutationFn: (id: number) => api.call('emojiDelete', { ids: [id] }), ...settle });

  const act = async (s: Sticker) => {
    const choice = await pickAction([
      { key: 'front', text: t('favorites.moveToFront'), testId: 'sticker-front' },
      { key: 'delete', text: t('favorites.delete'), testId: 'sticker-delete', danger: true },
    ]);
    if (choice === 'front') move.mutate(s.id);
    if (choice === 'delete' && (await askConfirm({ content: t('favorites.deleteStickerConfirm'), confirmText: t('favorites.delete'), danger: true }))) {
      remove.mutate(s.id);
    }
  };

  const list = stickers.data ?? [];
  return (
    <PageFrame title={t(titleKey)} testId="stickers-page" background="white">
      {stickers.isPending ? (
        <PageLoading />
      ) : (
        <>
          <p className={styles.count}>{t('favorites.stickerCount', { n: list.length, max: STICKERS_MAX })}</p>
          <div className={styles.grid}>
            <button type="button" className={styles.add} onClick={() => input.current?.click()} aria-label={t('favorites.addFromAlbum')} data-testid="sticker-add">
              +
            </button>
            {list.map((s) => (
              <button key={s.id} type="button" className={styles.tile} onClick={() => void act(s)} data-testid={`sticker-${s.file_id}`}>
                <img src={s.url} alt={t('favorites.sticker')} />
              </button>
            ))}
          </div>
          {list.length === 0 ? <EmptyState text={t('favorites.noStickers')} /> : null}
        </>
      )}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        hidden
        data-testid="sticker-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) add.mutate(file);
          e.target.value = '';
        }}
      />
    </PageFrame>
  );
}
