import { MAP } from '@parley/protocol';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import styles from './ChatPanels.module.css';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface LeafletMapProps {
  center: LatLng;
  marker?: LatLng | null;
  zoom?: number;
  /** Tap on the map picks a point. */
  onPick?: (point: LatLng) => void;
  interactive?: boolean;
  testId?: string;
}

const TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

const pinIcon = L.divIcon({
  className: styles.mapPin,
  html: '<svg viewBox="0 0 24 32" width="28" height="36"><path d="M12 0C5.4 0 0 5.2 0 11.7 0 20.5 12 32 12 32s12-11.5 12-20.3C24 5.2 18.6 0 12 0z" fill="#fa5151"/><circle cx="12" cy="11.5" r="4.5" fill="#fff"/></svg>',
  iconSize: [28, 36],
  iconAnchor: [14, 36],
});

/**
 * A Leaflet map (zoom 5-18, default 16, spec §9). OpenStreetMap tiles when reachable; without
 * them the map still draws its grid background, the marker and the coordinates.
 */
export function LeafletMap({ center, marker, zoom = MAP.defaultScale, onPick, interactive = true, testId }: LeafletMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pin = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made once; later center and marker changes are applied below
  useEffect(() => {
    if (!box.current) return;
    const m = L.map(box.current, {
      center: [center.lat, center.lng],
      zoom,
      minZoom: MAP.zoomMin,
      maxZoom: MAP.zoomMax,
      zoomControl: interactive,
      dragging: interactive,
      scrollWheelZoom: interactive,
      doubleClickZoom: interactive,
      touchZoom: interactive,
      boxZoom: false,
      keyboard: false,
      attributionControl: false,
    });
    L.tileLayer(TILE_URL, { maxZoom: MAP.zoomMax, errorTileUrl: '' }).addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => pick.current?.({ lat: e.latlng.lat, lng: e.latlng.lng }));
    map.current = m;
    // The popup animates in: measure again once it is laid out.
    const timer = setTimeout(() => m.invalidateSize(), 300);
    return () => {
      clearTimeout(timer);
      m.remove();
      map.current = null;
      pin.current = null;
    };
  }, []);

  useEffect(() => {
    map.current?.setView([center.lat, center.lng], map.current.getZoom());
  }, [center.lat, center.lng]);

  const markerLat = marker?.lat;
  const markerLng = marker?.lng;
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (markerLat === undefined || markerLng === undefined) {
      pin.current?.remove();
      pin.current = null;
      return;
    }
    if (pin.current) pin.current.setLatLng([markerLat, markerLng]);
    else pin.current = L.marker([markerLat, markerLng], { icon: pinIcon, interactive: false }).addTo(m);
  }, [markerLat, markerLng]);

  return <div ref={box} className={styles.map} data-testid={testId} />;
}

export const formatCoords = (p: LatLng): string => `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`;
