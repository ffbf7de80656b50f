import type { EventPublication, EventPublicationStateBody } from '@bpw/domain/schemas/event-publication';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePublication } from './api/change-publications';
import { ApiError } from '../../../api/api-error';

export type PublicationChange =
  { kind: 'state'; body: EventPublicationStateBody; doneKey: string } | { kind: 'delete' };

/**
 * Runs a state change or delete of a publication with its snackbars (spec 02 §8): a failure
 * shows the delete error for a delete, the update error for a state change, each with the
 * server's reason (e.g. that the publication is locked).
 */
export function usePublicationChange() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const mutation = useChangePublication();
  const apply = async (publication: EventPublication, change: PublicationChange) => {
    const names = { club: publication.club.name, title: publication.event.title };
    try {
      await mutation.mutateAsync({ publication, ...change });
      const doneKey = change.kind === 'delete' ? 'eventPublicationsStaff.done.delete' : change.doneKey;
      enqueueSnackbar(t(doneKey, names), { variant: 'success' });
    } catch (error) {
      const reasons = error instanceof ApiError ? error.errors : [];
      const failed = t(change.kind === 'delete' ? 'common.deleteError' : 'common.updateError');
      enqueueSnackbar([failed, ...reasons].join(' '), { variant: 'error' });
    }
  };
  const latest = useRef(apply);
  useEffect(() => {
    latest.current = apply;
  });
  // Stable, so the table's columns need not be rebuilt on every render.
  const run = useCallback(
    (publication: EventPublication, next: PublicationChange) => latest.current(publication, next),
    [],
  );
  return { run, isBusy: mutation.isPending };
}
