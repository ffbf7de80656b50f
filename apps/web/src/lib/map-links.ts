/**
 * Links built from contact entries and places (spec 01 §7 "Links"): tel: and mailto:, a maps
 * search by address text or coordinates, and the Swiss federal map (map.geo.admin.ch) at LV95
 * coordinates. The LV95 -> WGS84 conversion is in `lv95.ts` (it needs proj4).
 */

/** `tel:` with the digits and a leading + only ("+41 44 123 45 67" -> "tel:+41441234567"). */
export function telHref(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/[^\d]/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

export const mailtoHref = (value: string) => `mailto:${value.trim()}`;

/** A web address as a link; one without a scheme is taken as https. */
export function webHref(value: string): string {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** A maps search for an address written as text ("Bahnhofstrasse 1, 8001 Zürich, Schweiz"). */
export const mapsSearchHref = (query: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query.trim())}`;

/** A maps search at WGS84 coordinates. */
export const mapsCoordinatesHref = (latitude: number, longitude: number) =>
  `https://www.google.com/maps/search/?api=1&query=${latitude.toFixed(6)},${longitude.toFixed(6)}`;

/** map.geo.admin.ch centred on LV95 coordinates (east about 2.5–2.85 million, north 1.07–1.3 million). */
export function swisstopoHref(east: number, north: number, language = 'de'): string {
  const params = new URLSearchParams({
    lang: language,
    E: String(Math.round(east)),
    N: String(Math.round(north)),
    zoom: '10',
    crosshair: 'marker',
  });
  return `https://map.geo.admin.ch/?${params.toString()}`;
}

/**
 * Breaks words longer than `length` characters with zero-width spaces, so long addresses and
 * URLs wrap (spec 01 §5 "Display: long words in contact details are broken at 40 characters").
 */
export function breakLongWords(text: string, length = 40): string {
  return text.replace(new RegExp(`\\S{${length + 1},}`, 'g'), (word) =>
    (word.match(new RegExp(`.{1,${length}}`, 'g')) ?? [word]).join('\u200b'),
  );
}
