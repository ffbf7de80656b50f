import { describe, expect, it } from 'vitest';
import deCH from '../../../i18n/de-CH.json';
import { notificationMessages } from './notification-messages';

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) entries.set(path, leaf);
    }
  } else {
    entries.set(prefix, value);
  }
  return entries;
}

const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('notification centre messages', () => {
  const german = flatten(notificationMessages['de-CH']);

  it.each(Object.entries(notificationMessages))(
    '%s has the keys and placeholders of de-CH, all filled',
    (_, messages) => {
      const flat = flatten(messages);
      expect([...flat.keys()].sort()).toEqual([...german.keys()].sort());
      for (const [key, value] of flat) {
        expect(typeof value === 'string' && value.trim() !== '', key).toBe(true);
        expect(placeholders(value), key).toEqual(placeholders(german.get(key)));
      }
    },
  );

  it('uses a top-level key of its own', () => {
    expect(Object.keys(notificationMessages['de-CH'])).toEqual(['notificationCenter']);
    expect(Object.keys(deCH)).not.toContain('notificationCenter');
  });
});
