import { EnvironmentOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import type { TFunction } from '../../../../i18n/translator.ts';
import { useTranslation } from '../../../../i18n/index.ts';
import type { ChatItem } from '../../../../stores/messageList.ts';
import styles from './Bubbles.module.css';

const LocationViewer = lazy(() => import('../LocationViewer.tsx'));

export interface Place {
  lat: number;
  lng: number;
  name: string;
  address: string;
}

/**
 * The place of a location message. An unnamed point is worded for the reader: "My location" for my
 * own position, "Bob's location" for his, "Pinned location" for a point picked on the map.
 */
export function placeOf(message: ChatItem, mine: boolean, t: TFunction): Place | null {
  const e = message.extends;
  const lat = Number(e.lat);
  const lng = Number(e.lng);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  let name = String(e.name ?? '');
  if (!name && e.origin === 'current') name = mine ? t('chat.location.mine') : t('chat.location.theirs', { name: message.fromUser.displayName });
  else if (!name && e.origin === 'pinned') name = t('chat.location.pinned');
  return { lat, lng, name: name || message.content, address: String(e.address ?? '') };
}

/** A location card: name, address and coordinates over a map-like strip; tap opens the full map. */
export function LocationBubble({ message, mine }: { message: ChatItem; mine: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const place = placeOf(message, mine, t);
  if (!place) return <div className={`${styles.bubble} ${styles.unknown}`}>{t('chat.kind.location')}</div>;
  const coords = `${place.lat.toFixed(5)}, ${place.lng.toFixed(5)}`;
  return (
    <>
      <button type="button" className={styles.card} onClick={() => setOpen(true)} data-testid="bubble-location">
        <span className={styles.cardBody} style={{ minHeight: 0, padding: '10px 12px' }}>
          <span className={styles.cardText}>
            <span className={styles.cardTitle}>{place.name || t('chat.location.pinned')}</span>
            <span className={styles.cardSub}>{place.address || coords}</span>
          </span>
        </span>
        <span className={styles.mapThumb} aria-hidden="true">
          <span className={styles.pin}>
            <EnvironmentOutline />
          </span>
        </span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <LocationViewer place={place} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
