/**
 * A seeded pseudo-random source (mulberry32) and the date helpers of the demo data. The same
 * seed gives the same demo data on every run; only the dates move along with today.
 */
export type Rng = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both included. */
  int: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** Picks by weight: `weighted([[value, weight], ...])`. */
  weighted: <T>(entries: ReadonlyArray<readonly [T, number]>) => T;
  /** A shuffled copy. */
  shuffle: <T>(items: readonly T[]) => T[];
  /** n distinct items (fewer when there are fewer). */
  sample: <T>(items: readonly T[], n: number) => T[];
  /** A version-4 UUID built from this source, so ids can be linked before inserting. */
  uuid: () => string;
};

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[int(0, items.length - 1)]!;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    weighted: <T>(entries: ReadonlyArray<readonly [T, number]>): T => {
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, weight] of entries) {
        r -= weight;
        if (r < 0) return value;
      }
      return entries[entries.length - 1]![0];
    },
    shuffle,
    sample: (items, n) => shuffle(items).slice(0, n),
    uuid: () => {
      const hex = Array.from({ length: 16 }, () => int(0, 255).toString(16).padStart(2, '0'));
      hex[6] = `4${hex[6]!.slice(1)}`;
      hex[8] = ((parseInt(hex[8]!, 16) & 0x3f) | 0x80).toString(16);
      const h = hex.join('');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
  };
}

const DAY_MS = 86_400_000;
const zurichDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' });
const zurichOffset = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Zurich', timeZoneName: 'shortOffset' });

/** Today in Zurich as a UTC midnight Date (the calendar day the role rules compare with). */
export function todayIn(now: Date): Date {
  return new Date(`${zurichDate.format(now)}T00:00:00Z`);
}

export const addDays = (day: Date, days: number) => new Date(day.getTime() + days * DAY_MS);

/** YYYY-MM-DD of a UTC midnight Date. */
export const isoDate = (day: Date) => day.toISOString().slice(0, 10);

/** The instant of a wall-clock time in Zurich on the given day (winter and summer time). */
export function zurichTime(day: Date, hour: number, minute: number): Date {
  const guess = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour, minute));
  const label = zurichOffset.formatToParts(guess).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT+1';
  const offsetHours = Number(label.replace('GMT', '') || '0');
  return new Date(guess.getTime() - offsetHours * 3_600_000);
}

/** A random instant between two instants. */
export const between = (rng: Rng, from: Date, to: Date) =>
  new Date(from.getTime() + Math.floor(rng.next() * Math.max(0, to.getTime() - from.getTime())));

/** Lowercase ASCII for e-mail local parts: "Zoë" -> "zoe", "Müller-Rossi" -> "muller-rossi". */
export const asciiSlug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '');
