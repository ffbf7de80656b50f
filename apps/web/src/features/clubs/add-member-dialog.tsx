import type { Club } from '@bpw/domain/schemas/club';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateClubRelation } from './api/create-club-relation';
import { PersonPicker, type PickedPerson } from './person-picker';
import { ClubAssignmentDialog } from '../../components/club-assignment-dialog';

/** Spec 01 §2 "Club assignment form" bound to this club: a person is found by name. Mount it while open. */
export function AddMemberDialog({ club, onClose }: { club: Club; onClose: () => void }) {
  const { t } = useTranslation();
  const createRelation = useCreateClubRelation();
  const [person, setPerson] = useState<PickedPerson | null>(null);
  return (
    <ClubAssignmentDialog
      title={t('clubs.assignment.title', { club: club.name })}
      clubId={club.id}
      personField={{
        label: t('clubs.assignment.person'),
        render: ({ onChange, ...field }) => (
          <PersonPicker
            {...field}
            value={person}
            onChange={(picked) => {
              setPerson(picked);
              onChange(picked?.id ?? '');
            }}
          />
        ),
      }}
      onCreate={(personId, body) => createRelation.mutateAsync({ personId, body })}
      savedMessage={t('clubs.assignment.saved')}
      onClose={onClose}
    />
  );
}
