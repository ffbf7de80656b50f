import type { Actor } from '@bpw/domain/actor';
import type { InvoiceActor } from '@bpw/domain/invoice-permissions';
import type { DbOrTx } from '../../db/client';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { findFinanceClubIds } from './invoices.queries';

/**
 * Issue 17: the actor with the clubs whose finance responsible (130) she is today, from current
 * data (the token carries no such claim). Admins need no query.
 */
export async function loadInvoiceActor(db: DbOrTx, actor: Actor, now: Date = new Date()): Promise<InvoiceActor> {
  if (actor.isAdmin) return { ...actor, financeOf: [] };
  return {
    ...actor,
    financeOf: await findFinanceClubIds(db, { personId: actor.personId, day: isoDateInSwitzerland(now) }),
  };
}
