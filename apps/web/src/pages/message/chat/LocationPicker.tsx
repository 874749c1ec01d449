import { MAP } from '@parley/protocol';
import { Button, Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { showToast } from '../../../components/feedback.tsx';
import styles from './ChatPanels.module.css';
import { formatCoords, type LatLng, LeafletMap } from './LeafletMap.tsx';

export interface PickedPlace extends LatLng {
  /** My position, or a point tapped on the map: each reader's app words the place from it. */
  origin: 'current' | 'pinned';
  address: string;
}

/** Where the map opens before the device answers (Shanghai). */
const DEFAULT_CENTER: LatLng = { lat: 31.2304, lng: 121.4737 };

function currentPosition(): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!navigator.geolocation) {
      reject(new Error('unsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
      reject,
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 30_000 },
    );
  });
}

/** Send a location: my current position, or a point tapped on the map. */
export default function LocationPicker({ onSend, onClose }: { onSend: (place: PickedPlace) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [center, setCenter] = useState<LatLng>(DEFAULT_CENTER);
  const [mine, setMine] = useState<LatLng | null>(null);
  const [picked, setPicked] = useState<LatLng | null>(null);
  const [locating, setLocating] = useState(true);

  useEffect(() => {
    let live = true;
    currentPosition()
      .then((p) => {
        if (!live) return;
        setMine(p);
        setCenter(p);
      })
      .catch(() => undefined)
      .finally(() => live && setLocating(false));
    // spec §9: the position is refreshed every 30 s while the picker is open (the map stays where it is)
    const refresh = setInterval(() => {
      currentPosition()
        .then((p) => live && setMine(p))
        .catch(() => undefined);
    }, MAP.locationRefreshMs);
    return () => {
      live = false;
      clearInterval(refresh);
    };
  }, []);

  const sendCurrent = async () => {
    setLocating(true);
    try {
      const p = mine ?? (await currentPosition());
      onSend({ ...p, origin: 'current', address: formatCoords(p) });
    } catch {
      showToast(t('chat.location.unavailable'));
    } finally {
      setLocating(false);
    }
  };

  const shown = picked ?? mine;
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyStyle={{ height: '85vh', borderRadius: '12px 12px 0 0' }}>
      <div className={styles.mapSheet} data-testid="location-picker">
        <div className={styles.mapHead}>
          <button type="button" className={styles.linkButton} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <strong>{t('chat.location.title')}</strong>
          <span style={{ width: 40 }} />
        </div>
        <LeafletMap center={center} marker={shown} onPick={setPicked} testId="location-picker-map" />
        <div className={styles.mapInfo}>
          <small>{shown ? formatCoords(shown) : t('chat.location.tapHint')}</small>
          <span className={styles.mapHint}>{t('chat.location.tapHint')}</span>
        </div>
        <div className={styles.mapActions}>
          <Button color="primary" block loading={locating && !mine} onClick={() => void sendCurrent()} data-testid="location-send-current">
            {t('chat.location.sendMine')}
          </Button>
          <Button
            block
            disabled={!picked}
            onClick={() => {
              if (picked) onSend({ ...picked, origin: 'pinned', address: formatCoords(picked) });
            }}
            data-testid="location-send-picked"
          >
            {t('chat.location.sendPicked')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
