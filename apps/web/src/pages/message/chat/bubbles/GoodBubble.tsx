import { useTranslation } from '../../../../i18n/index.ts';
import { useNavigate } from '../../../../router/hashRouter.tsx';
import type { ChatItem } from '../../../../stores/messageList.ts';
import { goodPath } from '../../../work/paths.ts';
import styles from './Bubbles.module.css';

/** A shared good: picture, name and price; a tap opens its detail. */
export function GoodBubble({ message }: { message: ChatItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const e = message.extends;
  const id = Number(e.id);
  const picture = typeof e.picture === 'string' ? e.picture : '';
  return (
    <button type="button" className={styles.card} onClick={() => id > 0 && navigate(goodPath(id))} data-testid="bubble-good">
      <span className={styles.cardBody}>
        {picture ? <img src={picture} alt="" width={42} height={42} style={{ objectFit: 'cover', borderRadius: 4 }} /> : null}
        <span className={styles.cardText}>
          <span className={styles.cardTitle}>{String(e.name ?? '') || message.content}</span>
          <span style={{ color: 'var(--parley-red)', fontSize: 13 }}>¥{String(e.price ?? '')}</span>
        </span>
      </span>
      <span className={styles.cardFoot}>{t('work.goods')}</span>
    </button>
  );
}
