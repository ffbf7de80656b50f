import { PassThrough, type Readable } from 'node:stream';
import type { Actor } from '@bpw/domain/actor';
import { CustomFieldType } from '@bpw/domain/enums/custom-field';
import type { Locale } from '@bpw/domain/enums/language';
import { paymentStatusLabelKey, registrationStateLabelKey } from '@bpw/domain/enums/registration';
import { canManageEvent } from '@bpw/domain/permissions';
import type { EventCustomField } from '@bpw/domain/schemas/event-custom-field';
import type { FeatureDeps } from '../../platform/feature-deps';
import { writeAuditEntry } from '../../platform/audit';
import { forbidden, notFound } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { writeWorkbook } from '../../platform/xlsx/write-workbook';
import type { XlsxCell } from '../../platform/xlsx/xlsx-writer';
import { findFieldDefinitions } from '../event-custom-fields/event-custom-fields.service';
import { findRegistrationEvent } from './registration-checks.queries';
import { type RegistrationRecord, findRegistrations } from './registration-reads.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now'> & { log?: { warn: (obj: object, msg: string) => void } };
export const REGISTRATION_EXPORT_BATCH = 1000;

type Column = { key: string; width: number; value: (r: RegistrationRecord) => XlsxCell };

const swissDateTime = (iso: string | null) => {
  if (!iso) return null;
  const parts = new Intl.DateTimeFormat('de-CH', {
    timeZone: 'Europe/Zurich',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
  return parts.replace(',', '');
};

function baseColumns(locale: Locale): Column[] {
  const t = (key: string) => translate(locale, key);
  return [
    {
      key: 'eventRegistrationState',
      width: 14,
      value: (r) => t(registrationStateLabelKey(r.eventRegistrationState as never)),
    },
    { key: 'registeredAt', width: 18, value: (r) => swissDateTime(r.registeredAt) },
    { key: 'firstname', width: 18, value: (r) => r.firstname },
    { key: 'lastname', width: 20, value: (r) => r.lastname },
    { key: 'email', width: 30, value: (r) => r.email },
    { key: 'address1', width: 20, value: (r) => r.address1 },
    { key: 'address2', width: 20, value: (r) => r.address2 },
    { key: 'street', width: 24, value: (r) => r.street },
    { key: 'zip', width: 8, value: (r) => r.zip },
    { key: 'city', width: 18, value: (r) => r.city },
    { key: 'county', width: 14, value: (r) => r.county },
    { key: 'state', width: 14, value: (r) => r.state },
    { key: 'countryCode', width: 8, value: (r) => r.countryCode },
    { key: 'registrant', width: 10, value: (r) => t(`eventRegistrationExport.${r.personId ? 'member' : 'guest'}`) },
    { key: 'paymentStatus', width: 12, value: (r) => t(paymentStatusLabelKey(r.paymentStatus as never)) },
    { key: 'remarks', width: 30, value: (r) => r.remarks },
    { key: 'unregisteredAt', width: 18, value: (r) => swissDateTime(r.unregisteredAt) },
    { key: 'unregistrationRemarks', width: 30, value: (r) => r.unregistrationRemarks },
    // Attendance at the door (issue 19).
    { key: 'checkedInAt', width: 18, value: (r) => swissDateTime(r.checkIn?.checkedInAt ?? null) },
    {
      key: 'checkedInBy',
      width: 20,
      value: (r) =>
        r.checkIn?.checkedInBy ? `${r.checkIn.checkedInBy.firstname} ${r.checkIn.checkedInBy.lastname}` : null,
    },
  ];
}

/** One column per custom field, in the fields' order; a yes/no answer in the reader's language. */
function customColumns(locale: Locale, fields: EventCustomField[]): (Column & { header: string })[] {
  return fields.map((field) => ({
    key: field.id,
    header: field.title,
    width: 18,
    value: (r) => {
      const answer = r.eventCustomFieldValues.find((v) => v.eventCustomFieldId === field.id)?.value ?? null;
      if (answer === null) return null;
      if (field.eventCustomFieldType === CustomFieldType.boolean) {
        return translate(locale, answer === 'true' ? 'export.yes' : 'export.no');
      }
      if (field.eventCustomFieldType === CustomFieldType.number && Number.isFinite(Number(answer)))
        return Number(answer);
      return answer;
    },
  }));
}

const asciiSlug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 50) || 'event';

/**
 * GET event/{id}/export-event-registration (spec 02 §5 "Event export runs only if the user can
 * manage the event"): every registration of the event, one column per custom field. Authorises
 * before the first byte, so a refusal is problem+json; the export itself is recorded in the
 * audit log (it carries personal data).
 */
export async function startRegistrationExport(
  deps: Deps,
  actor: Actor,
  locale: Locale,
  eventId: string,
): Promise<{ fileName: string; stream: Readable }> {
  const event = await findRegistrationEvent(deps.db, { eventId });
  if (!event) throw notFound();
  if (!canManageEvent(actor, event)) throw forbidden();
  const fields = await findFieldDefinitions(deps.db, eventId);
  const custom = customColumns(locale, fields);
  const columns: (Column & { header: string })[] = [
    ...baseColumns(locale).map((c) => ({ ...c, header: translate(locale, `eventRegistrationExport.column.${c.key}`) })),
    ...custom,
  ];
  const now = deps.now();
  await writeAuditEntry(deps.db, {
    actorPersonId: actor.personId,
    action: 'exported',
    entity: 'eventRegistrations',
    entityId: eventId,
    at: now,
  });
  const stream = new PassThrough();
  const batches = async function* () {
    for (let offset = 0; ; offset += REGISTRATION_EXPORT_BATCH) {
      const { items } = await findRegistrations(deps.db, {
        scope: { eventId },
        states: [],
        sort: [],
        limit: REGISTRATION_EXPORT_BATCH,
        offset,
      });
      if (items.length) yield items;
      if (items.length < REGISTRATION_EXPORT_BATCH) return;
    }
  };
  // A download broken off or a failing read ends the writing and breaks the response off
  // (write-workbook.ts); the reads are short statements, so no connection stays taken.
  writeWorkbook<RegistrationRecord>({
    output: stream,
    sheet: {
      name: translate(locale, 'eventRegistrationExport.sheet'),
      columns: columns.map((c) => ({ header: c.header, width: c.width })),
    },
    batches: batches(),
    toRow: (registration) => columns.map((c) => c.value(registration)),
  }).catch((error: unknown) => {
    deps.log?.warn({ err: error }, 'registration export failed');
    stream.destroy(error instanceof Error ? error : new Error('export failed'));
  });
  const day = now.toISOString().slice(0, 10);
  return { fileName: `registrations-${asciiSlug(event.title)}-${day}.xlsx`, stream };
}
