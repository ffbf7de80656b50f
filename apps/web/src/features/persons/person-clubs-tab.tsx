import { membershipTypeEnum, typeWithLabel } from '@bpw/domain/enums/membership-type';
import type { PersonClubRelation } from '@bpw/domain/schemas/membership';
import type { PersonDetail } from '@bpw/domain/schemas/person';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDeletePersonClub } from './api/delete-person-club';
import { ClubAssignmentFormDialog } from './club-assignment-form-dialog';
import { PrimaryButton } from './person-contact-primary-button';
import { relationPeriod, type PersonDetailAccess, type RelationPeriod } from './person-detail-access';
import { enumLabel, formatDate } from './person-detail-format';
import { errorMessages } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';

interface PersonClubsTabProps {
  person: PersonDetail;
  access: PersonDetailAccess;
  relations: PersonClubRelation[];
  today: string;
  onCreate: () => void;
}

const periods: RelationPeriod[] = ['active', 'future', 'past'];

/** The club relations, active, future and past (spec 01 §4 "Club relation"), with their actions. */
export function PersonClubsTab({ person, access, relations, today, onCreate }: PersonClubsTabProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeletePersonClub();
  const [editing, setEditing] = useState<PersonClubRelation | null>(null);
  const [deleting, setDeleting] = useState<PersonClubRelation | null>(null);
  const typeText = (relation: PersonClubRelation) =>
    relation.type === typeWithLabel && relation.membershipTypeLabel
      ? relation.membershipTypeLabel
      : enumLabel(membershipTypeEnum, relation.type, t);
  const dates = (relation: PersonClubRelation) =>
    relation.to
      ? t('personDetail.clubs.fromTo', { from: formatDate(relation.from), to: formatDate(relation.to) })
      : t('personDetail.clubs.since', { from: formatDate(relation.from) });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { personId: person.id, relationId: deleting.id },
      {
        onSuccess: () => enqueueSnackbar(t('personDetail.deleted'), { variant: 'success' }),
        // The API's reason (e.g. an erased person's placeholder keeps its memberships) follows.
        onError: (error) =>
          enqueueSnackbar([t('common.deleteError'), ...errorMessages(error, '')].filter(Boolean).join(' '), {
            variant: 'error',
          }),
      },
    );
    setDeleting(null);
  };

  return (
    <Stack spacing={2}>
      {access.canCreateAssignment ? (
        <Box>
          <Button startIcon={<Add />} variant="outlined" color="inherit" onClick={onCreate}>
            {t('personDetail.menu.assignment')}
          </Button>
        </Box>
      ) : null}
      {relations.length === 0 ? <Typography>{t('personDetail.clubs.none')}</Typography> : null}
      {periods.map((period) => {
        const items = relations.filter((relation) => relationPeriod(relation, today) === period);
        if (items.length === 0) return null;
        return (
          <Card key={period} variant="outlined" component="section">
            <CardContent>
              <Typography variant="h6" component="h2">
                {t(`personDetail.clubs.${period}`)}
              </Typography>
              <List dense>
                {items.map((relation) => {
                  const canChange = access.canChangeRelation(relation);
                  return (
                    <ListItem key={relation.id} divider sx={{ flexWrap: 'wrap', pr: 0 }}>
                      <ListItemText
                        primary={
                          <Link component={RouterLink} to={`/clubs/${relation.clubId}`}>
                            {relation.club.name}
                          </Link>
                        }
                        secondary={`${typeText(relation)} · ${dates(relation)}`}
                        sx={{ minWidth: '12rem' }}
                      />
                      <Box sx={{ display: 'flex', alignItems: 'center', ml: 'auto' }}>
                        {period === 'active' ? (
                          <PrimaryButton
                            personId={person.id}
                            kind="club"
                            itemId={relation.clubId}
                            itemText={relation.club.name}
                            isPrimary={person.primaryClubId === relation.clubId}
                            canChange={access.canSetPrimaryClub}
                          />
                        ) : null}
                        {canChange ? (
                          <>
                            <IconButton
                              aria-label={t('personDetail.clubs.edit', { club: relation.club.name })}
                              onClick={() => setEditing(relation)}
                            >
                              <Edit />
                            </IconButton>
                            <IconButton
                              aria-label={t('personDetail.clubs.delete', { club: relation.club.name })}
                              onClick={() => setDeleting(relation)}
                            >
                              <Delete />
                            </IconButton>
                          </>
                        ) : null}
                      </Box>
                    </ListItem>
                  );
                })}
              </List>
            </CardContent>
          </Card>
        );
      })}
      {editing ? (
        <ClubAssignmentFormDialog personId={person.id} relation={editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('personDetail.clubs.deleteTitle')}
        message={t('personDetail.clubs.deleteMessage', {
          club: deleting?.club.name ?? '',
          type: deleting ? typeText(deleting) : '',
        })}
        confirmLabel={t('personDetail.delete')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
