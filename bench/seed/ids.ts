/**
 * Deterministic ids for the generated rows: the UUID of row `index` of a table is a function of
 * the two, so any row can point at any other (a registration at a person, an address at its
 * person) without keeping a million UUID strings in memory. The first 32 bits are a bijection
 * of the index (murmur3's finaliser), so the ids of one table never collide; they look as
 * random as gen_random_uuid() ones, so index locality is as in real data.
 */
const fmix32 = (input: number) => {
  let h = input >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

const hex8 = (n: number) => n.toString(16).padStart(8, '0');

export const tableSeeds = {
  club: 0x1001,
  person: 0x2002,
  address: 0x3003,
  email: 0x4004,
  phone: 0x5005,
  url: 0x6006,
  relation: 0x7007,
  account: 0x8008,
  event: 0x9009,
  registration: 0xa00a,
  category: 0xb00b,
  publication: 0xc00c,
} as const;
export type IdKind = keyof typeof tableSeeds;

export function uuidFor(kind: IdKind, index: number): string {
  const seed = tableSeeds[kind];
  const a = fmix32(index ^ Math.imul(seed, 0x9e3779b1));
  const b = fmix32(a ^ seed);
  const c = fmix32(b + index);
  const d = fmix32(c ^ 0x5bd1e995);
  // version 4, variant 10xx
  const w2 = ((b & 0xffff0fff) | 0x00004000) >>> 0;
  const w3 = ((c & 0x3fffffff) | 0x80000000) >>> 0;
  const s = hex8(a) + hex8(w2) + hex8(w3) + hex8(d);
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
