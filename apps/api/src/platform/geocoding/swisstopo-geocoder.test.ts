import { describe, expect, it } from 'vitest';
import { createSwisstopoGeocoder, searchTextOf } from './swisstopo-geocoder';

/** The service's answers as fetch would give them (the real service is not reachable from tests). */
const answering = (respond: (url: URL) => Response | Promise<Response>) =>
  (async (input: string | URL | Request) => respond(new URL(String(input)))) as typeof fetch;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const address = { street: ' Marktgasse  12 ', zip: '3011', city: 'Bern', countryCode: 'ch' };

describe('the swisstopo SearchServer geocoder', () => {
  it('asks with street, ZIP and city and keeps the URL’s own parameters', async () => {
    let asked: URL | undefined;
    const geocoder = createSwisstopoGeocoder({
      url: 'https://search.example/SearchServer?lang=de',
      fetch: answering((url) => ((asked = url), json({ results: [{ attrs: { lat: 46.948, lon: 7.445 } }] }))),
    });
    expect(await geocoder.geocode(address)).toEqual({ kind: 'found', lat: 46.948, long: 7.445 });
    expect(searchTextOf(address)).toBe('Marktgasse 12 3011 Bern');
    expect(Object.fromEntries(asked!.searchParams)).toEqual({
      lang: 'de',
      searchText: 'Marktgasse 12 3011 Bern',
      type: 'locations',
      sr: '4326',
      limit: '5',
    });
  });

  it('tells a place it cannot find from a service that does not answer properly', async () => {
    const geocode = (respond: Parameters<typeof answering>[0], timeoutMs?: number) =>
      createSwisstopoGeocoder({ url: 'https://search.example/', fetch: answering(respond), timeoutMs }).geocode(
        address,
      );
    expect(await geocode(() => json({ results: [] }))).toEqual({ kind: 'notFound' });
    expect(await geocode(() => json({ status: 'error' }, 400))).toEqual({ kind: 'notFound' });
    expect(await geocode(() => json({ results: [{ attrs: { label: 'no coordinates' } }] }))).toEqual({
      kind: 'notFound',
    });
    expect(await geocode(() => json({}, 502))).toEqual({ kind: 'unavailable' });
    expect(await geocode(() => json({}, 429))).toEqual({ kind: 'unavailable' });
    expect(await geocode(() => new Response('<html>maintenance</html>'))).toEqual({ kind: 'unavailable' });
    expect(await geocode(() => json({ results: 'nope' }))).toEqual({ kind: 'unavailable' });
    expect(
      await geocode(() => {
        throw new TypeError('fetch failed');
      }),
    ).toEqual({ kind: 'unavailable' });
  });

  it('gives up on a service that does not answer in time', async () => {
    const geocoder = createSwisstopoGeocoder({
      url: 'https://search.example/',
      timeoutMs: 50,
      fetch: ((_input: unknown, init?: RequestInit) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        )) as typeof fetch,
    });
    expect(await geocoder.geocode(address)).toEqual({ kind: 'unavailable' });
  });
});
