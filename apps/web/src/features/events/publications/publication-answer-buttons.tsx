import CheckCircle from '@mui/icons-material/CheckCircle';
import Cancel from '@mui/icons-material/Cancel';
import Lock from '@mui/icons-material/Lock';
import LockOpen from '@mui/icons-material/LockOpen';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { PublicationState } from '@bpw/domain/enums/publication-state';
import { canChangeLockedPublication } from '@bpw/domain/permissions';
import type { EventPublication } from '@bpw/domain/schemas/event-publication';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicationChange } from './use-publication-change';
import { useActor } from '../../../lib/use-claims';

interface PublicationAnswerButtonsProps {
  publication: EventPublication;
  isBusy: boolean;
  onChange: (publication: EventPublication, change: PublicationChange) => void;
}

interface Answer {
  key: 'confirm' | 'reject' | 'confirmAndLock' | 'unlock';
  icon: ReactElement;
  color: 'success' | 'error' | 'default';
  state: 20 | 30;
  isLocked?: boolean;
  isDisabled: boolean;
}

/**
 * Spec 02 §4 "Publication state": confirm or reject, each disabled when the publication is in that
 * state already or the caller may not change it (locked and not an administrator: the server's
 * `canChangeState`). Administrators also accept and lock, or unlock an answered one.
 */
export function PublicationAnswerButtons({ publication, isBusy, onChange }: PublicationAnswerButtonsProps) {
  const { t } = useTranslation();
  const isAdmin = canChangeLockedPublication(useActor());
  const state = publication.eventPublicationState;
  const cannot = !publication.canChangeState || isBusy;
  const isAnswered = state === PublicationState.Confirmed || state === PublicationState.Rejected;
  const answers: Answer[] = [
    {
      key: 'confirm',
      icon: <CheckCircle />,
      color: 'success',
      state: PublicationState.Confirmed,
      isDisabled: cannot || state === PublicationState.Confirmed,
    },
    {
      key: 'reject',
      icon: <Cancel />,
      color: 'error',
      state: PublicationState.Rejected,
      isDisabled: cannot || state === PublicationState.Rejected,
    },
  ];
  if (isAdmin && !publication.isLocked) {
    answers.push({
      key: 'confirmAndLock',
      icon: <Lock />,
      color: 'default',
      state: PublicationState.Confirmed,
      isLocked: true,
      isDisabled: cannot,
    });
  }
  if (isAdmin && publication.isLocked && isAnswered) {
    answers.push({ key: 'unlock', icon: <LockOpen />, color: 'default', state, isLocked: false, isDisabled: cannot });
  }
  return (
    <Stack direction="row">
      {answers.map((answer) => {
        const name = t(`eventPublicationsStaff.actions.${answer.key}For`, { title: publication.event.title });
        const body =
          answer.isLocked === undefined
            ? { eventPublicationState: answer.state }
            : { eventPublicationState: answer.state, isLocked: answer.isLocked };
        const button = (
          <IconButton
            size="small"
            color={answer.color}
            aria-label={name}
            disabled={answer.isDisabled}
            onClick={() =>
              onChange(publication, { kind: 'state', body, doneKey: `eventPublicationsStaff.done.${answer.key}` })
            }
          >
            {answer.icon}
          </IconButton>
        );
        // A disabled button gets no pointer events: the tooltip needs a wrapper.
        return (
          <Tooltip key={answer.key} describeChild title={t(`eventPublicationsStaff.actions.${answer.key}`)}>
            <span>{button}</span>
          </Tooltip>
        );
      })}
    </Stack>
  );
}
