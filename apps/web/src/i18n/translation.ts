/** The shape every locale bundle merges its files into (one i18next `translation` namespace). */
type Json = Record<string, unknown>;

export function buildTranslation(parts: {
  common: Json;
  /** `features/**` and `components/**` files of this locale, one top-level key each (see feature-message-files.ts). */
  features: Record<string, Json>;
  /** Enum labels (`{ "enum": { ... } }`) from the domain package, shared with the API. */
  labels: Json;
  /**
   * The server's own validation and availability texts (spec 02 §4), so form and API say the
   * same; and the import's field labels, outcomes and messages (issue 16), which the API writes
   * into the result file too.
   */
  messages: { validation: unknown; field: unknown; eventAvailability: unknown; import: unknown };
}): Json {
  const { common, features, labels, messages } = parts;
  return {
    ...common,
    ...Object.assign({}, ...Object.values(features)),
    ...labels,
    validation: messages.validation,
    field: messages.field,
    eventAvailability: messages.eventAvailability,
    import: messages.import,
  };
}
