import { z } from 'zod';

/** The part of an event's address the geocoder reads. */
export type GeocodeAddress = { street: string; zip: string; city: string; countryCode: string };

/**
 * found: WGS84 coordinates; notFound: the service has no place for this address (or it is
 * abroad): asking again will not help; unavailable: the service did not answer properly, so the
 * address is asked again later.
 */
export type GeocodeResult =
  { kind: 'found'; lat: number; long: number } | { kind: 'notFound' } | { kind: 'unavailable' };

/** `signal` ends a lookup early (the scheduler stops): it then counts as unavailable. */
export type Geocoder = { geocode: (address: GeocodeAddress, signal?: AbortSignal) => Promise<GeocodeResult> };

// swisstopo covers Switzerland and Liechtenstein; a match abroad would be a Swiss place of the same name.
const coveredCountries = new Set(['CH', 'LI']);
// Switzerland and Liechtenstein with a margin: a point outside is no answer for an address here.
const bounds = { minLat: 45.7, maxLat: 47.9, minLong: 5.8, maxLong: 10.6 };

const answerSchema = z.object({
  results: z.array(
    z.object({
      attrs: z
        .object({ lat: z.number().optional(), lon: z.number().optional(), origin: z.string().optional() })
        .passthrough(),
    }),
  ),
});

const isInBounds = (lat: number, long: number) =>
  lat >= bounds.minLat && lat <= bounds.maxLat && long >= bounds.minLong && long <= bounds.maxLong;

/** The search text swisstopo understands best: street and number, ZIP, city. */
export const searchTextOf = (address: GeocodeAddress) =>
  `${address.street} ${address.zip} ${address.city}`.replace(/\s+/g, ' ').trim();

/**
 * The swisstopo SearchServer (`<url>?searchText=...&type=locations&sr=4326`). Its results carry
 * WGS84 `attrs.lat` and `attrs.lon`, which is what events store; the web app derives LV95 from
 * them (apps/web/src/lib/lv95.ts). An address match wins over a ZIP or place match.
 */
export function createSwisstopoGeocoder(options: {
  url: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}): Geocoder {
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    geocode: async (address, signal) => {
      if (!coveredCountries.has(address.countryCode.toUpperCase())) return { kind: 'notFound' };
      const url = new URL(options.url);
      url.searchParams.set('searchText', searchTextOf(address));
      url.searchParams.set('type', 'locations');
      url.searchParams.set('sr', '4326');
      url.searchParams.set('limit', '5');
      let response: Response;
      let body: unknown;
      try {
        response = await doFetch(url, {
          headers: { accept: 'application/json' },
          signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
        });
        if (response.status >= 500 || response.status === 429) return { kind: 'unavailable' };
        // Any other refusal is about this search text: asking again would be refused again.
        if (!response.ok) return { kind: 'notFound' };
        body = await response.json();
      } catch {
        return { kind: 'unavailable' };
      }
      const parsed = answerSchema.safeParse(body);
      if (!parsed.success) return { kind: 'unavailable' };
      const places = parsed.data.results
        .map((r) => r.attrs)
        .filter(
          (a): a is typeof a & { lat: number; lon: number } =>
            a.lat !== undefined && a.lon !== undefined && isInBounds(a.lat, a.lon),
        );
      const best = places.find((a) => a.origin === 'address') ?? places[0];
      return best ? { kind: 'found', lat: best.lat, long: best.lon } : { kind: 'notFound' };
    },
  };
}
