import { MAILING_ATTACHMENTS_MAX_BYTES, type Mailing } from '@bpw/domain/schemas/mailing';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteAttachment, useUploadAttachment } from './api/mailings';
import { formatBytes } from './mailing-form-state';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';

/**
 * A draft's attachments, 10 MB in all: a file that would go over is refused here with the sizes
 * (the server refuses it as well, 413), so nobody waits for an upload that cannot succeed.
 */
export function MailingAttachments({ mailing, disabled }: { mailing: Mailing | null; disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const upload = useUploadAttachment();
  const remove = useDeleteAttachment();
  const [errors, setErrors] = useState<string[]>([]);
  const attachments = mailing?.attachments ?? [];
  const used = attachments.reduce((sum, attachment) => sum + attachment.byteSize, 0);
  const size = (bytes: number) => formatBytes(bytes, i18n.language);

  const add = async (files: FileList | null) => {
    if (!mailing || !files) return;
    setErrors([]);
    let total = used;
    for (const file of Array.from(files)) {
      if (total + file.size > MAILING_ATTACHMENTS_MAX_BYTES) {
        setErrors([
          t('mailings.attachments.tooLarge', {
            name: file.name,
            size: size(file.size),
            left: size(Math.max(0, MAILING_ATTACHMENTS_MAX_BYTES - total)),
            max: size(MAILING_ATTACHMENTS_MAX_BYTES),
          }),
        ]);
        return;
      }
      try {
        await upload.mutateAsync({ id: mailing.id, file });
        total += file.size;
      } catch (error) {
        setErrors(errorMessages(error, t('common.uploadError')));
        return;
      }
    }
    enqueueSnackbar(t('mailings.attachments.added'), { variant: 'success' });
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h6" component="h2" id={headingId}>
        {t('mailings.attachments.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {mailing
          ? t('mailings.attachments.usage', { used: size(used), max: size(MAILING_ATTACHMENTS_MAX_BYTES) })
          : t('mailings.attachments.saveFirst')}
      </Typography>
      <ErrorList errors={errors} />
      {attachments.length > 0 ? (
        <List dense aria-labelledby={headingId}>
          {attachments.map((attachment) => (
            <ListItem
              key={attachment.id}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('mailings.attachments.remove', { name: attachment.filename })}
                  disabled={disabled || remove.isPending}
                  onClick={() =>
                    remove.mutate(
                      { id: mailing!.id, attachmentId: attachment.id },
                      { onError: (error) => setErrors(errorMessages(error, t('common.deleteError'))) },
                    )
                  }
                >
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText
                primary={attachment.filename}
                secondary={size(attachment.byteSize)}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
      <input
        ref={inputRef}
        type="file"
        multiple
        hidden
        aria-label={t('mailings.attachments.add')}
        onChange={(event) => {
          void add(event.target.files).finally(() => {
            if (inputRef.current) inputRef.current.value = '';
          });
        }}
      />
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<AttachFileIcon />}
        disabled={!mailing || disabled || upload.isPending}
        onClick={() => inputRef.current?.click()}
        sx={{ mt: 1 }}
      >
        {upload.isPending ? t('mailings.attachments.uploading') : t('mailings.attachments.add')}
      </Button>
    </Box>
  );
}
