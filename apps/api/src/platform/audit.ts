import type { DbOrTx } from '../db/client';
import { auditEntries } from '../db/schema/audit-log';

export type AuditAction =
  | 'created'
  | 'updated'
  | 'archived'
  | 'reactivated'
  | 'deleted'
  | 'exported'
  | 'merged'
  // A membership application's decisions (issue 25).
  | 'informationRequested'
  | 'accepted'
  | 'rejected'
  // Issue 25: a leave or erasure request and its decisions, and the erasure itself.
  | 'requested'
  | 'withdrawn'
  | 'confirmed'
  | 'declined'
  | 'erased'
  // A writing request made with an API token, with the token's name (issue 26).
  | 'apiTokenRequest';

/**
 * Records who changed what, in the caller's transaction (so the entry exists exactly when the
 * change does). `details` holds ids and field names only, never personal data.
 */
export async function writeAuditEntry(tx: DbOrTx, params: AuditEntryParams): Promise<void> {
  await writeAuditEntries(tx, [params]);
}

export type AuditEntryParams = {
  actorPersonId: string;
  action: AuditAction;
  entity: string;
  entityId: string;
  /** The person the entry is about: it puts the entry on her trail (sys-info, own-data download). */
  subjectPersonId?: string;
  at: Date;
  details?: Record<string, unknown>;
};

/** Several entries of one change in one statement (e.g. the contact entries of an address). */
export async function writeAuditEntries(tx: DbOrTx, entries: readonly AuditEntryParams[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditEntries).values(
    entries.map((params) => ({
      actorPersonId: params.actorPersonId,
      action: params.action,
      entity: params.entity,
      entityId: params.entityId,
      subjectPersonId: params.subjectPersonId ?? null,
      at: params.at,
      details: params.details ?? null,
    })),
  );
}
