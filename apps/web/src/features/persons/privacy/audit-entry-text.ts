import { exportFormatEnum } from '@bpw/domain/enums/export-format';
import { membershipTypeEnum } from '@bpw/domain/enums/membership-type';
import type { AuditTrailEntry } from '@bpw/domain/schemas/audit-trail';
import type { TFunction } from 'i18next';
import { enumLabel } from '../person-detail-format';

const knownActions: Record<string, readonly string[]> = {
  person: ['created', 'updated', 'archived', 'reactivated', 'deleted', 'exported', 'merged', 'erased'],
  clubRelation: ['created', 'updated', 'deleted'],
  persons: ['exported'],
  address: ['created', 'updated', 'deleted'],
  addressEmail: ['created', 'updated', 'deleted'],
  addressPhone: ['created', 'updated', 'deleted'],
  addressUrl: ['created', 'updated', 'deleted'],
  avatar: ['updated', 'deleted'],
  account: ['updated'],
  // Issue 25: her membership application and the decisions on it.
  membershipApplication: ['created', 'informationRequested', 'accepted'],
  // Issue 25: her leave and erasure requests and the decisions on them (docs/decisions/erasure.md).
  leaveRequest: ['requested', 'withdrawn', 'confirmed', 'declined'],
  erasureRequest: ['requested', 'withdrawn', 'confirmed', 'declined'],
};

/** What happened, in the reader's language ("Club role added: BPW Bern, Member"). */
export function auditEntryText(entry: AuditTrailEntry, t: TFunction): string {
  const isKnown = knownActions[entry.entity]?.includes(entry.action) ?? false;
  if (!isKnown) return t('personPrivacy.action.other', { entity: entry.entity, action: entry.action });
  const key = `personPrivacy.action.${entry.entity}.${entry.action}`;
  if (entry.entity === 'clubRelation') {
    return t(key, {
      club: entry.club?.name ?? t('personPrivacy.deletedClub'),
      type: enumLabel(membershipTypeEnum, entry.membershipType, t),
    });
  }
  if (entry.entity === 'persons') {
    const text = t(key, {
      format: enumLabel(exportFormatEnum, entry.outputFormat, t),
      rows: entry.rowCount ?? 0,
    });
    return entry.isComplete === false ? `${text} ${t('personPrivacy.exportIncomplete')}` : text;
  }
  return t(key);
}

/** Who did it: her name, or that the account was deleted since, or the system. */
export function auditActorText(entry: AuditTrailEntry, t: TFunction): string {
  if (!entry.actor) return t('personPrivacy.system');
  const name = [entry.actor.firstname, entry.actor.lastname].filter(Boolean).join(' ');
  return name || t('personPrivacy.deletedPerson');
}
