import { defaultLocale } from '@bpw/domain/enums/language';
import { type ValidationCode, validationCodes, validationMessageKey } from '@bpw/domain/validation';
import type { Message } from './errors';
import { hasTranslation } from './i18n';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Field labels of this route's payload live under `field.<fieldScope>.<path>` where a plain
     * `field.<name>` would name another thing (an address's countryCode is its country, a
     * person's her nationality; an e-mail entry's `value` is the e-mail address).
     */
    fieldScope?: string;
  }
}

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

/**
 * The field a validation issue names: with a scope, the scoped label of its path without
 * indexes if there is one (`addressForm.emailsValue`), else the last non-numeric segment.
 */
function fieldOf(instancePath: string, scope: string | undefined): string {
  const parts = instancePath.split('/').filter((p) => p !== '' && !/^\d+$/.test(p));
  // emails/0/value -> emailsValue: one key per path, so `emails` and `emailsValue` can both have labels.
  const joined = parts.map((p, i) => (i === 0 ? p : p.charAt(0).toUpperCase() + p.slice(1))).join('');
  const scoped = scope && parts.length ? `${scope}.${joined}` : undefined;
  if (scoped && hasTranslation(defaultLocale, `field.${scoped}`)) return scoped;
  return parts.at(-1) ?? 'value';
}

/** Turns zod issues (as fastify-type-provider-zod reports them) into messages to localise. */
export function validationMessages(items: ValidationItem[], scope?: string): Message[] {
  const seen = new Set<string>();
  const messages: Message[] = [];
  for (const item of items) {
    const field = fieldOf(item.instancePath, scope);
    const key = validationMessageKey(codeOf(item));
    const id = `${field}|${key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    messages.push({ key, params: { field } });
  }
  return messages;
}
