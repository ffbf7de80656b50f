import { expect } from 'vitest';

/** A small RFC 6350 reader: unfolds, splits name;params:value, unescapes text. */
export function parseVCard(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    expect(line).not.toMatch(/[\r\n]/);
  }
  const lines = text.replace(/\r\n /g, '').slice(0, -2).split('\r\n');
  return lines.map((line) => {
    const colon = line.indexOf(':');
    const [name, ...params] = line.slice(0, colon).split(';');
    return { name: name!, params, value: line.slice(colon + 1) };
  });
}
export const unescape = (value: string) =>
  value.replace(/\\(.)/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
/** Splits a structured value on unescaped semicolons. */
export const components = (value: string) => value.split(/(?<!\\);/).map(unescape);
