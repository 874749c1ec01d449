import type { Moment, MomentComment } from '@parley/protocol';
import { ImageViewer } from 'antd-mobile';
import '../../../components/antdRender.ts';
import { HeartFill, HeartOutline, MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/index.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { relativeTimeText } from '../../../i18n/relativeTimeText.ts';
import { appContainer } from '../../../layout.ts';
import styles from './moments.module.css';

export interface MomentCardProps {
  moment: Moment;
  onLike(): void;
  onComment(replyTo?: MomentComment): void;
  onDeleteComment(comment: MomentComment): void;
  onDelete(): void;
  me: number;
}

/** One post: author, text, pictures or video, place, time, and the likes and comments I may see. */
export function MomentCard({ moment, onLike, onComment, onDeleteComment, onDelete, me }: MomentCardProps) {
  const { t } = useTranslation();
  const images = moment.media.filter((m) => m.kind === 'image');
  const video = moment.media.find((m) => m.kind === 'video');
  return (
    <article className={styles.card} data-testid={`moment-${moment.id}`}>
      <Avatar name={moment.author.displayName} avatar={moment.author.avatar} color={moment.author.avatar_color} size={42} />
      <div className={styles.cardBody}>
        <div className={styles.author}>{moment.author.displayName}</div>
        {moment.text ? (
          <p className={styles.text} data-testid="moment-text">
            {moment.text}
          </p>
        ) : null}
        {images.length > 0 ? (
          <div className={images.length === 1 ? styles.single : styles.grid} data-testid="moment-images">
            {images.map((m, i) => (
              <button
                type="button"
                key={m.file_id}
                className={styles.thumb}
                onClick={() => ImageViewer.Multi.show({ images: images.map((x) => x.url), defaultIndex: i, getContainer: appContainer })}
                aria-label={t('moments.viewPicture')}
              >
                <img src={m.url} alt="" loading="lazy" />
              </button>
            ))}
          </div>
        ) : null}
        {video ? (
          <video className={styles.video} src={video.url} controls preload="metadata" data-testid="moment-video" />
        ) : null}
        {moment.location ? <div className={styles.location}>{moment.location}</div> : null}
        <div className={styles.meta}>
          <span className={styles.time} data-testid="moment-time">
            {relativeTimeText(moment.created_at)}
          </span>
          {moment.mine ? (
            <button type="button" className={styles.link} onClick={onDelete} data-testid="moment-delete">
              {t('moments.delete')}
            </button>
          ) : null}
          <span className={styles.actions}>
            <button type="button" className={styles.action} onClick={onLike} data-testid="moment-like" aria-pressed={moment.liked}>
              {moment.liked ? <HeartFill color="#fa5151" /> : <HeartOutline />} {moment.liked ? t('moments.unlike') : t('moments.like')}
            </button>
            <button type="button" className={styles.action} onClick={() => onComment()} data-testid="moment-comment">
              <MessageOutline /> {t('moments.comment')}
            </button>
          </span>
        </div>
        {moment.likes.length > 0 || moment.comments.length > 0 ? (
          <div className={styles.feedback}>
            {moment.likes.length > 0 ? (
              <div className={styles.likes} data-testid="moment-likes">
                <HeartOutline /> {moment.likes.map((p) => p.displayName).join(', ')}
              </div>
            ) : null}
            {moment.comments.map((c) => (
              <button
                type="button"
                key={c.id}
                className={styles.commentRow}
                data-testid={`moment-comment-${c.id}`}
                onClick={() => (c.author.id === me || moment.mine ? onDeleteComment(c) : onComment(c))}
              >
                <span className={styles.name}>{c.author.displayName}</span>
                {c.reply_to ? (
                  <>
                    {` ${t('moments.replied')} `}
                    <span className={styles.name}>{c.reply_to.displayName}</span>
                  </>
                ) : null}
                {`: ${c.text}`}
              </button>
            ))}
          </div>
        ) : null}
      </div>
    </article>
  );
}
