import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { BirthdayListItem } from '@bpw/domain/schemas/dashboard';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataTableColumn, type DataTablePaginationState } from '../../components/data-table/data-table';
import { PersonAvatar } from '../../components/person-avatar';
import { useAuth } from '../../lib/auth-store';
import { formatIsoDate } from '../../lib/dates';

/** Spec 01 §2/§9: the age chip is highlighted when the age is a multiple of 10. */
const isRoundAge = (age: number) => age > 0 && age % 10 === 0;

const fullName = (person: BirthdayListItem) => [person.firstname, person.lastname].filter(Boolean).join(' ');

/**
 * Spec 01 §2 "Dashboard" birthday list: avatar, firstname, lastname, primary club, birthday with
 * an age chip (highlighted at multiples of 10); a row opens the person. The server answers a
 * page in birthday order.
 */
export function BirthdayTable({
  items,
  total,
  isLoading,
  pagination,
  onPaginationChange,
}: {
  items: readonly BirthdayListItem[];
  total: number;
  isLoading: boolean;
  pagination: DataTablePaginationState;
  onPaginationChange: (next: DataTablePaginationState) => void;
}) {
  const { t, i18n } = useTranslation();
  const isSignedIn = Boolean(useAuth());
  const columns = useMemo<DataTableColumn<BirthdayListItem>[]>(
    () => [
      {
        id: 'avatar',
        header: t('dashboard.birthdays.avatar'),
        isHeaderHidden: true,
        width: 56,
        cell: (person) => (
          <PersonAvatar personId={person.id} avatarId={person.avatarId} name={fullName(person)} diameter={32} />
        ),
      },
      {
        id: 'firstname',
        header: t('dashboard.birthdays.firstname'),
        isRowHeader: true,
        cell: (p) => p.firstname ?? '',
      },
      { id: 'lastname', header: t('dashboard.birthdays.lastname'), cell: (p) => p.lastname },
      {
        id: 'primaryClub',
        header: t('dashboard.birthdays.primaryClub'),
        // Club names are links only when signed in (spec 01 §2 "Clubs list").
        cell: (p) =>
          p.primaryClub && isSignedIn ? (
            <Link component={RouterLink} to={`/clubs/${p.primaryClub.id}`} underline="hover">
              {p.primaryClub.name}
            </Link>
          ) : (
            (p.primaryClub?.name ?? '')
          ),
      },
      {
        id: 'birthday',
        header: t('dashboard.birthdays.birthday'),
        cell: (p) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <span>{formatIsoDate(p.nextBirthday, i18n.language)}</span>
            <Chip
              size="small"
              label={t('dashboard.birthdays.age', { age: p.age })}
              color={isRoundAge(p.age) ? 'primary' : 'default'}
              variant={isRoundAge(p.age) ? 'filled' : 'outlined'}
              data-round-age={isRoundAge(p.age) || undefined}
            />
          </Stack>
        ),
      },
    ],
    [t, i18n.language, isSignedIn],
  );
  return (
    <DataTable
      label={t('dashboard.birthdays.title')}
      columns={columns}
      rows={items}
      total={total}
      getRowId={(person) => person.id}
      getRowLabel={fullName}
      getRowHref={(person) => `/persons/${person.id}`}
      sorting={[]}
      onSortingChange={() => undefined}
      pagination={pagination}
      onPaginationChange={onPaginationChange}
      isLoading={isLoading}
      emptyText={t('dashboard.birthdays.none')}
    />
  );
}
