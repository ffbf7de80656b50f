import type { MailingList } from '@bpw/domain/schemas/mailing';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeMailingList, useCreateMailingList } from './api/mailing-lists';
import { FormDialog, useFormErrors } from '../../components/form-dialog';

/** Create or change a mailing list: name, description, open (members join and leave themselves) or closed. */
export function MailingListFormDialog({
  clubId,
  list,
  onClose,
}: {
  clubId: string | null;
  list: MailingList | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [name, setName] = useState(list?.name ?? '');
  const [description, setDescription] = useState(list?.description ?? '');
  const [isOpen, setIsOpen] = useState(list?.isOpen ?? true);
  const [isChecked, setIsChecked] = useState(false);
  const { errors, showErrors, clearErrors } = useFormErrors();
  const create = useCreateMailingList();
  const change = useChangeMailingList();
  const isBusy = create.isPending || change.isPending;
  const isNameMissing = name.trim() === '';
  const submit = () => {
    setIsChecked(true);
    clearErrors();
    if (isNameMissing) return;
    const body = { clubId: list ? list.clubId : clubId, name: name.trim(), description: description.trim(), isOpen };
    const done = {
      onSuccess: () => {
        enqueueSnackbar(t('mailings.lists.saved'), { variant: 'success' });
        onClose();
      },
      onError: (error: unknown) => showErrors(error, t('common.saveError')),
    };
    if (list) change.mutate({ id: list.id, body }, done);
    else create.mutate(body, done);
  };
  return (
    <FormDialog
      title={list ? t('mailings.lists.edit') : t('mailings.lists.new')}
      errors={errors}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('common.save')}
      isBusy={isBusy}
    >
      <TextField
        label={t('mailings.lists.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        fullWidth
        autoFocus
        error={isChecked && isNameMissing}
        helperText={isChecked && isNameMissing ? t('mailings.lists.nameMissing') : undefined}
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <TextField
        label={t('mailings.lists.description')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      <FormControlLabel
        control={<Switch checked={isOpen} onChange={(event) => setIsOpen(event.target.checked)} />}
        label={t('mailings.lists.isOpen')}
      />
    </FormDialog>
  );
}
