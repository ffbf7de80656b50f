/**
 * The Name search finds the beginnings of words (issue 20): "Kell" finds Keller and Kellerhals,
 * "mül" finds Müller and Mueller, in any word of the first name, last name, e-mail or company.
 * The stored words (the SQL function `search_words`, migration 0017) and the typed terms are
 * folded by the same steps, so a folded term is a prefix of a folded word exactly when the typed
 * text begins that word:
 *
 * 1. lower case; accents and umlauts lose their marks (é → e, ü → u; ß → ss, æ → ae, œ → oe);
 * 2. the vowel pairs that spell umlauts lose their e (ae → a, oe → o, ue → u), so Mueller and
 *    Müller are both "muller";
 * 3. anything but letters and digits separates words (e-mail "anna.keller@x.ch" has four words).
 *    A stored name joined by a hyphen or apostrophe is also kept as one word ("Meier-Müller" is
 *    meier, muller and meiermuller; "D'Amico" is d, amico and damico).
 *
 * A test compares this with the SQL function over every folded letter.
 */

/** Letters that lose their accent (after lower case); kept in step with migration 0017. */
const accentedLetters: Record<string, string> = {
  a: 'àáâãäåāăą',
  c: 'çćĉċč',
  d: 'ďđ',
  e: 'èéêëēĕėęě',
  g: 'ĝğġģ',
  h: 'ĥħ',
  i: 'ìíîïĩīĭįı',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺļľŀł',
  n: 'ñńņň',
  o: 'òóôõöøōŏő',
  r: 'ŕŗř',
  s: 'śŝşš',
  t: 'ţťŧ',
  u: 'ùúûüũūŭůűų',
  w: 'ŵ',
  y: 'ýÿŷ',
  z: 'źżž',
};
const accented = Object.entries(accentedLetters);
export const SEARCH_FOLD_FROM = accented.map(([, letters]) => letters).join('');
export const SEARCH_FOLD_TO = accented.map(([plain, letters]) => plain.repeat([...letters].length)).join('');

const letterMap = new Map([...SEARCH_FOLD_FROM].map((letter, i) => [letter, SEARCH_FOLD_TO[i]!]));
const combiningMarks = /[\u0300-\u036f]/g;
const foldable = new RegExp(`[${SEARCH_FOLD_FROM}]`, 'g');
/** What separates words: everything but ASCII letters and digits and the letters of other scripts. */
const separators = /[^a-z0-9\u00c0-\u1fff\u3040-\uffff]+/;

/** Step 1. */
function foldLetters(text: string): string {
  return text
    .replace(combiningMarks, '')
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .replaceAll('æ', 'ae')
    .replaceAll('œ', 'oe')
    .replace(foldable, (letter) => letterMap.get(letter)!);
}

/** Step 2. */
const foldPairs = (text: string) => text.replaceAll('ae', 'a').replaceAll('oe', 'o').replaceAll('ue', 'u');

/**
 * A name folded for comparison (issue 16, the duplicates' SQL `duplicate_fold`, migration 0026):
 * steps 1 and 2, the separators kept, so Petrović = Petrovic and Müller = Mueller = Muller.
 */
export const foldName = (text: string) => foldPairs(foldLetters(text));

const words = (text: string) => text.split(separators).filter((word) => word !== '');

/**
 * The stored words of a text, as the SQL function `search_words` writes them into a person's
 * search text: each after a blank, so "a word begins with t" is `like '% t%'`. (The bench's
 * bulk load writes them without the database's triggers.)
 */
export function searchWords(text: string): string {
  const letters = foldLetters(text);
  const all = new Set([...words(foldPairs(letters)), ...words(foldPairs(letters.replace(/['’‐-]/g, '')))]);
  return [...all].map((word) => ` ${word}`).join('');
}

/** At most this many words of a search count (more only slow the statement down). */
export const MAX_SEARCH_TERMS = 5;

/** The folded words of what the user typed, each a word beginning to find; none when blank. */
export function searchTerms(text: string): string[] {
  return [...new Set(words(foldPairs(foldLetters(text))))].slice(0, MAX_SEARCH_TERMS);
}

/**
 * The search index keeps the beginnings of 3 to 5 letters of every word: a longer term is found
 * by its first 5 letters and then checked whole, a shorter one by reading the list in order.
 */
export const SEARCH_PREFIX_MIN = 3;
export const SEARCH_PREFIX_MAX = 5;

/**
 * The address filters' index (person_address_prefixes, migration 0038) keeps longer beginnings,
 * 3 to 8 letters: the words of streets, cities and companies are long ("bahnhofstrasse",
 * "ostermundigen"), and a term up to 8 letters is then decided by the index alone.
 */
export const ADDRESS_PREFIX_MAX = 8;

/**
 * The prefix that leads a search through the index: that of the longest term, if any is long
 * enough (its first `max` letters).
 */
export function searchIndexPrefix(terms: readonly string[], max = SEARCH_PREFIX_MAX): string | undefined {
  const longest = [...terms].sort((a, b) => [...b].length - [...a].length)[0];
  if (!longest || [...longest].length < SEARCH_PREFIX_MIN) return undefined;
  return [...longest].slice(0, max).join('');
}
