import type { Actor } from './actor';

/**
 * Issue 17: who manages a club's fee schedule, fee runs, invoices, payments and reminders: its
 * finance responsible (membership type 130, active today) and its database managers (club
 * managers); admins every club, the association's settings, the national fee and the runs of
 * all clubs. The server passes `financeOf` from current data; the web app gets it from
 * `GET invoice-clubs`.
 */
export type InvoiceActor = Actor & { financeOf?: readonly string[] };

export const canManageInvoicesOf = (actor: InvoiceActor, clubId: string) =>
  actor.isAdmin || actor.clubManagerOf.includes(clubId) || (actor.financeOf ?? []).includes(clubId);

/** The clubs whose invoices the actor manages (admins: every club, `isAllClubs`). */
export const invoiceClubsOf = (actor: InvoiceActor) =>
  actor.isAdmin
    ? ({ isAllClubs: true } as const)
    : ({
        isAllClubs: false,
        clubIds: [...new Set([...actor.clubManagerOf, ...(actor.financeOf ?? [])])].sort(),
      } as const);

/** Any invoice work at all (the menu entry). */
export const canManageAnyInvoices = (actor: InvoiceActor) => {
  const scope = invoiceClubsOf(actor);
  return scope.isAllClubs || scope.clubIds.length > 0;
};

/** The association's invoicing settings, the national fee, fee runs of all clubs: admins only. */
export const canManageAssociationInvoicing = (actor: Actor) => actor.isAdmin;

/** A member sees and downloads her own invoices; managers those of their clubs. */
export const canSeeInvoice = (actor: InvoiceActor, invoice: { personId: string | null; clubId: string }) =>
  invoice.personId === actor.personId || canManageInvoicesOf(actor, invoice.clubId);
