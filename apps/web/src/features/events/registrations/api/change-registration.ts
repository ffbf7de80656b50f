import type { PaymentStatus, RegistrationState } from '@bpw/domain/enums/registration';
import type { EventRegistration, RegistrationUpdateBody } from '@bpw/domain/schemas/event-registration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateRegistrations } from './registration-keys';
import { api } from '../../../../api/api';

const registrationPath = (id: string) => `/event-registration/${encodeURIComponent(id)}`;

/**
 * The staff changes of one registration (spec 02 §7): PUT event-registration/{id} (fields and
 * custom values), PUT …/state, PUT …/payment-status, PUT …/extend (issue 15) and DELETE
 * event-registration/{id}.
 */
export type RegistrationChange =
  | { kind: 'update'; body: RegistrationUpdateBody }
  | { kind: 'state'; eventRegistrationState: RegistrationState }
  | { kind: 'payment'; paymentStatus: PaymentStatus }
  | { kind: 'extend' }
  | { kind: 'delete' };

export function changeRegistration(id: string, change: RegistrationChange): Promise<EventRegistration | undefined> {
  switch (change.kind) {
    case 'update':
      return api.put<EventRegistration>(registrationPath(id), change.body);
    case 'state':
      return api.put<EventRegistration>(`${registrationPath(id)}/state`, {
        eventRegistrationState: change.eventRegistrationState,
      });
    case 'payment':
      return api.put<EventRegistration>(`${registrationPath(id)}/payment-status`, {
        paymentStatus: change.paymentStatus,
      });
    case 'extend':
      return api.put<EventRegistration>(`${registrationPath(id)}/extend`);
    case 'delete':
      return api.delete(registrationPath(id));
  }
}

/** A change of a registration of `eventId`; afterwards the event's lists and slots reload. */
export function useChangeRegistration(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: RegistrationChange }) => changeRegistration(id, change),
    onSettled: () => invalidateRegistrations(queryClient, eventId),
  });
}
