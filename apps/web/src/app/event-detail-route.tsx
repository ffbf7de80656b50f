import RequestQuote from '@mui/icons-material/RequestQuote';
import { lazy, Suspense, useMemo } from 'react';
import { EventPage } from '../features/events/staff/event-page';
import type { EventMenuAction } from '../features/events/staff/event-page-extensions';
import { useInvoiceClubs } from '../features/invoices/api/invoicing-api';

// Issue 17: the dialog's code and the invoice texts load when the action is chosen.
const EventInvoiceRunDialog = lazy(() => import('../features/invoices/event-invoice-run-dialog'));

/**
 * /events/{id}: the event page with the actions of other features, composed here because
 * features never import each other. Issue 17: "invoice registrations" for those who manage the
 * invoices of the event's responsible club (its finance responsible and database managers,
 * admins): `GET invoice-clubs` tells, as the finance responsible is not in the token's claims;
 * the server decides again on every call.
 */
export function EventDetailRoute() {
  const invoiceClubs = useInvoiceClubs();
  const extraMenuActions = useMemo<EventMenuAction[]>(
    () => [
      {
        key: 'invoiceRegistrations',
        labelKey: 'invoicesNav.eventRun',
        icon: <RequestQuote />,
        // Not the event's managers: the club's invoicing managers (who may only read the event).
        isForManagersOnly: false,
        isAvailable: (event) =>
          Boolean(
            invoiceClubs.data &&
            (invoiceClubs.data.isAllClubs ||
              invoiceClubs.data.clubs.some((club) => club.id === event.responsibleClub.id)),
          ),
        render: ({ event, onClose }) => (
          <Suspense fallback={null}>
            <EventInvoiceRunDialog event={event} onClose={onClose} />
          </Suspense>
        ),
      },
    ],
    [invoiceClubs.data],
  );
  return <EventPage extraMenuActions={extraMenuActions} />;
}
