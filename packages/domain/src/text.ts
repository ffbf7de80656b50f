/**
 * Spec 01 §9: "Name and slug helpers transliterate umlauts and accents". German umlauts become
 * two letters (ä → ae, as Swiss German writes them without the dots), ß becomes ss, and every
 * other accented letter loses its accent (é → e, ç → c). Used for file names (vCard, exports).
 */
const specialLetters: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'Ae',
  œ: 'oe',
  Œ: 'Oe',
  ø: 'o',
  Ø: 'O',
  å: 'a',
  Å: 'A',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
};
const specialPattern = new RegExp(`[${Object.keys(specialLetters).join('')}]`, 'g');

/** Latin text without umlauts and accents ("Müller-Lüdenscheidt Zoë" → "Mueller-Luedenscheidt Zoe"). */
export function transliterate(text: string): string {
  return (
    text
      // Composed first, so "u" + combining diaeresis counts as ü.
      .normalize('NFC')
      .replace(specialPattern, (letter) => specialLetters[letter] ?? letter)
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
  );
}

/**
 * A lower-case ASCII slug of letters, digits and single hyphens ("Zoë Müller" → "zoe-mueller").
 * Empty when nothing is left; callers choose their own fallback.
 */
export function slugify(text: string, maxLength = 80): string {
  return transliterate(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}
