import { z } from 'zod';
import { ValidationCode } from './validation';

/**
 * Issue 15: control characters no text may hold, whatever the field: NUL (PostgreSQL refuses it
 * in text and answered 500), the other C0 controls except tab, line feed and carriage return,
 * and DEL. Tab and line breaks stay allowed here (remarks and descriptions have several lines);
 * the one-line fields refuse line breaks on their own (requiredLine/optionalLine).
 * docs/decisions/input-hygiene.md.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const controlCharacterPattern = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const hasControlCharacter = (text: string) => controlCharacterPattern.test(text);

type Path = (string | number)[];

/**
 * The paths of every string in a request part (a body, a query, path parameters) that holds a
 * control character, object keys included (a key is reported at its own path).
 */
export function controlCharacterPaths(value: unknown, path: Path = [], found: Path[] = []): Path[] {
  if (typeof value === 'string') {
    if (hasControlCharacter(value)) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => controlCharacterPaths(item, [...path, index], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacter(key)) found.push([...path, key]);
      else controlCharacterPaths(item, [...path, key], found);
    }
  }
  return found;
}

/**
 * `schema`, refusing first every string in its input that holds a control character, with the
 * generic invalid message at that field. The API wraps every request schema in it (body, query,
 * path parameters), so that every text field, also a new one, gets the rule without asking.
 */
export const refusingControlCharacters = <T extends z.ZodType>(schema: T) =>
  z
    .unknown()
    .superRefine((value, ctx) => {
      for (const path of controlCharacterPaths(value)) {
        ctx.addIssue({ code: 'custom', path, message: ValidationCode.invalid });
      }
    })
    .pipe(schema);
