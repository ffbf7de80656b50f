import type { LanguageCode } from '@bpw/domain/enums/language';
import type { Mailing, MailingAudience, MailingWriteData } from '@bpw/domain/schemas/mailing';
import DeleteIcon from '@mui/icons-material/Delete';
import PreviewIcon from '@mui/icons-material/Preview';
import SaveIcon from '@mui/icons-material/Save';
import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  mailingKeys,
  useCreateMailing,
  useDeleteMailing,
  useMailingPreview,
  useSaveMailing,
  useSendMailing,
} from './api/mailings';
import { MailingAttachments } from './mailing-attachments';
import { MailingAudienceFields } from './mailing-audience-fields';
import {
  emptyTexts,
  isAudienceComplete,
  languagesWithoutSubject,
  textsFromMailing,
  toMailingWrite,
  usedLanguages,
  withClubLimit,
  type TextsByLanguage,
} from './mailing-form-state';
import { MailingPreviewDialog } from './mailing-preview-dialog';
import { MailingSendDialog } from './mailing-send-dialog';
import { MailingTextsEditor } from './mailing-texts-editor';
import { errorMessages } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorList } from '../../components/error-list';
import { useActor } from '../../lib/use-claims';

type Dialog = 'preview' | 'send' | 'delete' | null;

/**
 * Compose a mailing (a new one or a draft): recipients, advertising, the texts per language and
 * the attachments; then preview, test, send. Every action after the first saves the draft first.
 */
export function MailingEditor({
  mailing,
  audience: startAudience,
}: {
  mailing: Mailing | null;
  audience: MailingAudience;
}) {
  const { t } = useTranslation();
  const actor = useActor();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [audience, setAudience] = useState<MailingAudience>(mailing?.audience ?? startAudience);
  const [isAdvertising, setIsAdvertising] = useState(mailing?.isAdvertising ?? false);
  const [texts, setTexts] = useState<TextsByLanguage>(() => (mailing ? textsFromMailing(mailing.texts) : emptyTexts()));
  const [errors, setErrors] = useState<string[]>([]);
  const [isChecked, setIsChecked] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const create = useCreateMailing();
  const save = useSaveMailing();
  const send = useSendMailing();
  const remove = useDeleteMailing();
  const isBusy = create.isPending || save.isPending || send.isPending || remove.isPending;
  const missingSubject = isChecked ? languagesWithoutSubject(texts) : [];
  const firstLanguage: LanguageCode = mailing?.texts[0]?.language ?? 'de';
  // The count of persons left out for lack of consent, as the saved draft stands.
  const preview = useMailingPreview(mailing?.id ?? '', firstLanguage, mailing !== null);
  const withoutConsent = mailing && preview.data ? preview.data.recipients.withoutConsent : null;

  const body = (): MailingWriteData => toMailingWrite(withClubLimit(audience, actor.isAdmin), isAdvertising, texts);
  const isUnchanged = () => mailing !== null && JSON.stringify(body()) === JSON.stringify(toWriteOf(mailing));

  /** Saves (creates) the draft; answers it, or null when something is missing or the server refused. */
  const store = async (): Promise<Mailing | null> => {
    setIsChecked(true);
    setErrors([]);
    const problems = [
      ...(isAudienceComplete(audience) ? [] : [t('mailings.editor.audienceMissing')]),
      ...(usedLanguages(texts).length === 0 ? [t('mailings.editor.textMissing')] : []),
      ...(languagesWithoutSubject(texts).length > 0 ? [t('mailings.editor.subjectMissing')] : []),
    ];
    if (problems.length > 0) {
      setErrors(problems);
      return null;
    }
    if (mailing && isUnchanged()) return mailing;
    try {
      if (!mailing) {
        const created = await create.mutateAsync(body());
        queryClient.setQueryData(mailingKeys.detail(created.id), created);
        await navigate(`/mailings/${created.id}`, { replace: true });
        return created;
      }
      const saved = await save.mutateAsync({ id: mailing.id, body: body() });
      queryClient.setQueryData(mailingKeys.detail(saved.id), saved);
      return saved;
    } catch (error) {
      enqueueSnackbar(t('common.saveError'), { variant: 'error' });
      setErrors(errorMessages(error, t('common.saveError')));
      return null;
    }
  };

  const saveDraft = async () => {
    if (await store()) enqueueSnackbar(t('mailings.editor.saved'), { variant: 'success' });
  };
  const open = async (next: Dialog) => {
    const saved = await store();
    // A new mailing moves to its own page first; the dialogs open there.
    if (saved && mailing) setDialog(next);
  };

  return (
    <Stack spacing={3}>
      <ErrorList errors={errors} />
      <Paper variant="outlined" component="section" aria-labelledby="mailing-recipients" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" id="mailing-recipients" sx={{ mb: 2 }}>
          {t('mailings.editor.recipients')}
        </Typography>
        <MailingAudienceFields
          audience={audience}
          onChange={setAudience}
          clubIds={actor.isAdmin ? null : actor.clubManagerOf}
          savedLabel={mailing?.audienceLabel}
          disabled={isBusy}
        />
        <FormControlLabel
          sx={{ mt: 2 }}
          control={<Switch checked={isAdvertising} onChange={(event) => setIsAdvertising(event.target.checked)} />}
          label={t('mailings.editor.advertising')}
          disabled={isBusy}
        />
        <Typography variant="body2" color="text.secondary">
          {isAdvertising && withoutConsent !== null
            ? t('mailings.editor.advertisingLeftOut', { number: withoutConsent.toLocaleString() })
            : t('mailings.editor.advertisingHint')}
        </Typography>
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="mailing-texts" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" id="mailing-texts" sx={{ mb: 1 }}>
          {t('mailings.editor.texts')}
        </Typography>
        <MailingTextsEditor texts={texts} onChange={setTexts} missingSubject={missingSubject} disabled={isBusy} />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <MailingAttachments mailing={mailing} disabled={isBusy} />
      </Paper>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<SaveIcon />} onClick={() => void saveDraft()} disabled={isBusy}>
          {t('mailings.editor.save')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<PreviewIcon />}
          onClick={() => void open('preview')}
          disabled={isBusy || !mailing}
        >
          {t('mailings.editor.preview')}
        </Button>
        <Button
          variant="contained"
          startIcon={<SendIcon />}
          onClick={() => void open('send')}
          disabled={isBusy || !mailing}
        >
          {t('mailings.editor.send')}
        </Button>
        {mailing ? (
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDialog('delete')} disabled={isBusy}>
            {t('mailings.editor.delete')}
          </Button>
        ) : null}
      </Stack>
      {mailing && dialog === 'preview' ? (
        <MailingPreviewDialog mailing={mailing} onClose={() => setDialog(null)} />
      ) : null}
      {mailing && dialog === 'send' ? (
        <MailingSendDialog
          mailing={mailing}
          isBusy={send.isPending}
          onCancel={() => setDialog(null)}
          onSend={() =>
            send.mutate(mailing.id, {
              onSuccess: (sent) => {
                queryClient.setQueryData(mailingKeys.detail(sent.id), sent);
                setDialog(null);
                enqueueSnackbar(t('mailings.editor.sending'), { variant: 'success' });
              },
              onError: (error) => {
                setDialog(null);
                setErrors(errorMessages(error, t('common.clientError')));
              },
            })
          }
        />
      ) : null}
      <ConfirmDialog
        open={mailing !== null && dialog === 'delete'}
        title={t('mailings.editor.deleteTitle')}
        message={t('mailings.editor.deleteText')}
        confirmLabel={t('mailings.editor.delete')}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          mailing &&
          remove.mutate(mailing.id, {
            onSuccess: () => {
              enqueueSnackbar(t('mailings.editor.deleted'), { variant: 'success' });
              void navigate('/mailings', { replace: true });
            },
            onError: (error) => {
              setDialog(null);
              setErrors(errorMessages(error, t('common.deleteError')));
            },
          })
        }
      />
    </Stack>
  );
}

const toWriteOf = (mailing: Mailing): MailingWriteData => ({
  audience: mailing.audience,
  isAdvertising: mailing.isAdvertising,
  texts: mailing.texts.map((text) => ({ language: text.language, subject: text.subject, body: text.body })),
});
