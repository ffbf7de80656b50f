import { type ValidationCode, validationCodes, validationMessageKey } from '@bpw/domain/validation';
import type { Message } from './errors';

type ValidationItem = { keyword: string; instancePath: string; message?: string; params?: Record<string, unknown> };

const known = new Set<string>(validationCodes);

function codeOf(item: ValidationItem): ValidationCode {
  if (item.message && known.has(item.message)) return item.message as ValidationCode;
  if (item.keyword === 'invalid_type' && /received (undefined|null)/.test(item.message ?? '')) return 'required';
  if (item.keyword === 'invalid_format') {
    const format = String(item.params?.format ?? '');
    if (format === 'email') return 'email';
    if (format === 'url') return 'url';
    if (format.startsWith('date') || format === 'datetime') return 'date';
    if (format === 'uuid') return 'invalid';
  }
  if (item.keyword === 'too_small' && Number(item.params?.minimum) === 1) return 'required';
  if (item.keyword === 'too_big') return 'tooLong';
  return 'invalid';
}

/** The field a validation issue names: the last non-numeric path segment. */
function fieldOf(instancePath: string): string {
  const parts = instancePath.split('/').filter((p) => p !== '' && !/^\d+$/.test(p));
  return parts.at(-1) ?? 'value';
}

/** Turns zod issues (as fastify-type-provider-zod reports them) into messages to localise. */
export function validationMessages(items: ValidationItem[]): Message[] {
  const seen = new Set<string>();
  const messages: Message[] = [];
  for (const item of items) {
    const field = fieldOf(item.instancePath);
    const key = validationMessageKey(codeOf(item));
    const id = `${field}|${key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    messages.push({ key, params: { field } });
  }
  return messages;
}
