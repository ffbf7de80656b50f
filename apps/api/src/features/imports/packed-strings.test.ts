import { describe, expect, it } from 'vitest';
import { PackedStrings } from './packed-strings';

describe('packed shared strings', () => {
  it('answers every string added, across the growth of its buffers', () => {
    const strings = new PackedStrings();
    const added = Array.from({ length: 20_000 }, (_, i) => (i % 7 === 0 ? '' : `Müller-${i} 🙂 ${'x'.repeat(i % 50)}`));
    for (const text of added) expect(strings.add(text, 1 << 30)).toBe(true);
    for (const [index, text] of added.entries()) expect(strings.get(index)).toBe(text);
  });

  it('keeps a string longer than a block whole, between others', () => {
    const strings = new PackedStrings();
    const long = 'ä'.repeat(700_000);
    for (const text of ['before', long, 'after']) strings.add(text, 1 << 30);
    expect([strings.get(0), strings.get(1), strings.get(2)]).toEqual(['before', long, 'after']);
  });

  it('answers nothing for an index it does not have', () => {
    const strings = new PackedStrings();
    strings.add('a', 100);
    expect([strings.get(-1), strings.get(1), strings.get(0.5)]).toEqual([undefined, undefined, undefined]);
  });

  it('refuses a string that would pass the limit', () => {
    const strings = new PackedStrings();
    expect(strings.add('12345', 9)).toBe(true);
    expect(strings.add('ä12', 9)).toBe(true);
    expect(strings.add('x', 9)).toBe(false);
    expect(strings.get(1)).toBe('ä12');
  });
});
