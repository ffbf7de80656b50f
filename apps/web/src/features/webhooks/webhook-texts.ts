/** `person.created` → its label's key (i18next reads dots as nesting). */
export const eventLabelKey = (type: string) => `webhooks.events.${type.replace('.', '_')}`;

/** A delivery log's short error name → its text's key (docs/decisions/webhooks.md). */
export const deliveryErrors = [
  'status',
  'timeout',
  'connection',
  'notHttps',
  'privateAddress',
  'unresolvable',
  'payload',
] as const;
export const errorLabelKey = (error: string) =>
  (deliveryErrors as readonly string[]).includes(error)
    ? `webhooks.deliveryErrors.${error}`
    : 'webhooks.deliveryErrors.other';
