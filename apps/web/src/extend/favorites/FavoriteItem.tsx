import { type Favorite, formatFileSize } from '@parley/protocol';
import { Button } from 'antd-mobile';
import { FileOutline, LocationOutline, PlayOutline, SoundOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../i18n/index.ts';
import { relativeTimeText } from '../../i18n/relativeTimeText.ts';
import styles from './favorites.module.css';

/** What a favorite shows in the list: a thumbnail or an icon, and a line of its text. */
function Summary({ favorite }: { favorite: Favorite }) {
  const { t } = useTranslation();
  const m = favorite.message;
  const ext = m.extends as Record<string, unknown>;
  switch (favorite.kind) {
    case 'image':
      return <img className={styles.thumb} src={m.file?.url} alt={t('favorites.category.image')} />;
    case 'video':
      return (
        <span className={styles.line}>
          <PlayOutline /> {t('favorites.videoOf', { seconds: Math.round(Number(ext.duration ?? 0)) })}
        </span>
      );
    case 'voice':
      return (
        <span className={styles.line}>
          <SoundOutline /> {t('favorites.voiceOf', { seconds: Math.round(Number(ext.duration ?? 0)) })}
        </span>
      );
    case 'file':
      return (
        <span className={styles.line}>
          <FileOutline /> {m.file?.name} · {formatFileSize(m.file?.size ?? 0)}
        </span>
      );
    case 'card':
    case 'groupCard':
      return (
        <span className={styles.line}>
          <UserOutline /> {String(ext.displayName ?? m.content)}
        </span>
      );
    case 'location':
      return (
        <span className={styles.line}>
          <LocationOutline /> {String(ext.name || ext.address || m.content)}
        </span>
      );
    case 'history':
      return <span className={styles.line}>{t('favorites.history', { title: m.content })}</span>;
    default:
      return <span className={styles.text}>{m.content}</span>;
  }
}

export function FavoriteItem({ favorite, onOpen, onSend, onDelete }: { favorite: Favorite; onOpen(): void; onSend(): void; onDelete(): void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.item} data-testid={`favorite-${favorite.id}`} data-kind={favorite.kind}>
      <button type="button" className={styles.open} onClick={onOpen} data-testid="favorite-open">
        <Summary favorite={favorite} />
        <span className={styles.meta}>
          {favorite.message.fromUser.displayName} · {relativeTimeText(favorite.created_at)}
        </span>
      </button>
      <div className={styles.actions}>
        {favorite.kind !== 'history' ? (
          <Button size="mini" onClick={onSend} data-testid="favorite-send">
            {t('favorites.send')}
          </Button>
        ) : null}
        <Button size="mini" color="danger" fill="outline" onClick={onDelete} data-testid="favorite-delete">
          {t('favorites.delete')}
        </Button>
      </div>
    </div>
  );
}
