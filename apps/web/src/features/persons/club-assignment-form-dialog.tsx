import type { PersonClubRelation } from '@bpw/domain/schemas/membership';
import { useTranslation } from 'react-i18next';
import { useCreatePersonClub } from './api/create-person-club';
import { useUpdatePersonClub } from './api/update-person-club';
import { ClubAssignmentDialog } from '../../components/club-assignment-dialog';

interface ClubAssignmentFormDialogProps {
  personId: string;
  /** The relation to edit (only from and to change); absent for a new assignment. */
  relation?: PersonClubRelation | undefined;
  onClose: () => void;
}

/** The club assignment form with the person fixed (spec 01 §2 "Club assignment form"). */
export function ClubAssignmentFormDialog({ personId, relation, onClose }: ClubAssignmentFormDialogProps) {
  const { t } = useTranslation();
  const create = useCreatePersonClub();
  const update = useUpdatePersonClub();
  return (
    <ClubAssignmentDialog
      title={relation ? t('personDetail.clubs.editTitle') : t('personDetail.menu.assignment')}
      personId={personId}
      relation={relation}
      onCreate={(id, body) => create.mutateAsync({ personId: id, body })}
      onUpdate={(edited, body) => update.mutateAsync({ personId, relationId: edited.id, body })}
      savedMessage={t('personDetail.saved')}
      onClose={onClose}
    />
  );
}
