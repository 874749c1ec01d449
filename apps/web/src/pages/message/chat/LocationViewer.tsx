import { Popup } from 'antd-mobile';
import { useTranslation } from '../../../i18n/index.ts';
import type { Place } from './bubbles/LocationBubble.tsx';
import styles from './ChatPanels.module.css';
import { formatCoords, LeafletMap } from './LeafletMap.tsx';

/** The full map of a location message. */
export default function LocationViewer({ place, onClose }: { place: Place; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyStyle={{ height: '80vh', borderRadius: '12px 12px 0 0' }}>
      <div className={styles.mapSheet} data-testid="location-viewer">
        <LeafletMap center={place} marker={place} testId="location-map" />
        <div className={styles.mapInfo}>
          <strong>{place.name || t('chat.location.pinned')}</strong>
          {place.address ? <span>{place.address}</span> : null}
          <small>{formatCoords(place)}</small>
        </div>
      </div>
    </Popup>
  );
}
