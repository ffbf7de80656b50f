import { describe, expect, it } from 'vitest';
import { dataTableMessages } from './data-table-messages';

function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) entries.set(path, leaf);
    }
  } else entries.set(prefix, value);
  return entries;
}

const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('data table messages', () => {
  const german = leaves(dataTableMessages['de-CH']);

  it.each(Object.entries(dataTableMessages))('%s has the keys and placeholders of de-CH', (_locale, messages) => {
    const own = leaves(messages);
    expect([...own.keys()].sort()).toEqual([...german.keys()].sort());
    for (const [key, text] of own) {
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
      expect(placeholders(text), key).toEqual(placeholders(german.get(key)));
    }
  });

  it('keeps its texts under its own top-level key', () => {
    for (const messages of Object.values(dataTableMessages)) expect(Object.keys(messages)).toEqual(['dataTable']);
  });
});
