import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import Icon from 'ol/style/Icon.js';
import Style from 'ol/style/Style.js';
import type VectorSource from 'ol/source/Vector.js';
import { toMapCoordinates } from './swisstopo-map';

export interface MappableEvent {
  id: string;
  lat: number | null;
  long: number | null;
}

export const isOnMap = <E extends MappableEvent>(event: E): event is E & { lat: number; long: number } =>
  typeof event.lat === 'number' &&
  typeof event.long === 'number' &&
  Number.isFinite(event.lat) &&
  Number.isFinite(event.long);

// A pin in the app's yellow with a black outline; its tip is the event's place.
const pinSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="28" height="40" viewBox="0 0 28 40">' +
  '<path d="M14 1C6.8 1 1 6.8 1 14c0 9.8 13 25 13 25s13-15.2 13-25C27 6.8 21.2 1 14 1z" fill="#FFD400" stroke="#1a1a1a" stroke-width="2"/>' +
  '<circle cx="14" cy="14" r="5" fill="#1a1a1a"/></svg>';

const markerStyle = new Style({
  image: new Icon({ src: `data:image/svg+xml;utf8,${encodeURIComponent(pinSvg)}`, anchor: [0.5, 1] }),
});

/** Replaces the markers by one point per event that has coordinates; answers their number. */
export function showEventMarkers(source: VectorSource, events: readonly MappableEvent[]): number {
  const features = events.filter(isOnMap).map((event) => {
    const feature = new Feature({ geometry: new Point(toMapCoordinates(event.long, event.lat)) });
    feature.setId(event.id);
    feature.set('eventId', event.id);
    feature.setStyle(markerStyle);
    return feature;
  });
  source.clear(true);
  source.addFeatures(features);
  return features.length;
}
