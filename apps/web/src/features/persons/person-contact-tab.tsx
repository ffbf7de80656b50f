import type { Address } from '@bpw/domain/schemas/address';
import type { PersonDetail } from '@bpw/domain/schemas/person';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAddress } from './api/delete-address';
import { useAddresses } from './api/get-addresses';
import { AddressFormDialog } from './address-form-dialog';
import { AddressCard } from './person-contact-address-card';
import type { PersonDetailAccess } from './person-detail-access';
import { errorMessages } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';

interface PersonContactTabProps {
  person: PersonDetail;
  access: PersonDetailAccess;
  /** Opens the address form for a new address (also the menu's "create address"). */
  onCreate: () => void;
}

/** The addresses with their contact entries (spec 01 §2 "contact (addresses)"). */
export function PersonContactTab({ person, access, onCreate }: PersonContactTabProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const addresses = useAddresses(person.id);
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<Address | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { personId: person.id, addressId: deleting.id },
      {
        onSuccess: () => enqueueSnackbar(t('personDetail.deleted'), { variant: 'success' }),
        onError: (error) =>
          enqueueSnackbar([t('common.deleteError'), ...errorMessages(error, '')].filter(Boolean).join(' '), {
            variant: 'error',
          }),
      },
    );
    setDeleting(null);
  };

  if (addresses.isPending) return <CircularProgress aria-label={t('app.loading')} />;
  if (addresses.isError) return <Alert severity="error">{t('common.loadError')}</Alert>;

  return (
    <Stack spacing={2}>
      {access.canEdit ? (
        <Box>
          <Button startIcon={<Add />} variant="outlined" color="inherit" onClick={onCreate}>
            {t('personDetail.menu.address')}
          </Button>
        </Box>
      ) : null}
      {addresses.data.length === 0 ? <Typography>{t('personDetail.contact.none')}</Typography> : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        {addresses.data.map((address) => (
          <AddressCard
            key={address.id}
            address={address}
            person={person}
            canEdit={access.canEdit}
            onEdit={() => setEditing(address)}
            onDelete={() => setDeleting(address)}
          />
        ))}
      </Box>
      {editing ? <AddressFormDialog personId={person.id} address={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('personDetail.contact.deleteTitle')}
        message={t('personDetail.contact.deleteMessage', { label: deleting?.label ?? '' })}
        confirmLabel={t('personDetail.delete')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
