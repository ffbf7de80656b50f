import type { Mailing } from '@bpw/domain/schemas/mailing';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { downloadAttachment, useMailing } from './api/mailings';
import { MailingEditor } from './mailing-editor';
import { formatBytes } from './mailing-form-state';
import { MailingProgressPanel } from './mailing-progress';
import { MailingRecipientsTable } from './mailing-recipients-table';
import { withMailingTexts } from './with-mailing-texts';
import { ApiError, errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { MarkdownView } from '../../components/markdown-view';
import { saveFile } from '../../lib/file-download';
import { usePageTitle } from '../../lib/use-page-title';

/** /mailings/{id}: a draft to compose further, or a sent mailing's progress, texts and recipients. */
export const MailingPage = withMailingTexts(function MailingPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const mailing = useMailing(id);
  const title = usePageTitle('mailings.page.title');
  const backTo = mailing.data?.clubId ? `/mailings?club=${mailing.data.clubId}` : '/mailings';
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />} color="inherit" sx={{ mb: 1 }}>
        {t('mailings.page.back')}
      </Button>
      <Typography variant="h4" component="h1" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {mailing.data?.texts[0]?.subject || title}
      </Typography>
      {mailing.isPending ? <CircularProgress aria-label={t('app.loading')} /> : null}
      {mailing.isError ? (
        mailing.error instanceof ApiError && mailing.error.status === 404 ? (
          <Alert severity="warning">{t('mailings.page.notFound')}</Alert>
        ) : (
          <ErrorList errors={errorMessages(mailing.error, t('common.loadError'))} />
        )
      ) : null}
      {mailing.data ? <MailingView mailing={mailing.data} /> : null}
    </Box>
  );
});

function MailingView({ mailing }: { mailing: Mailing }) {
  const { t } = useTranslation();
  if (mailing.state === 'draft') {
    return (
      <>
        <MailingFacts mailing={mailing} />
        {/* Keyed by the saved version: after a save elsewhere the form starts from the server's data. */}
        <MailingEditor key={mailing.id} mailing={mailing} audience={mailing.audience} />
      </>
    );
  }
  return (
    <Stack spacing={3}>
      <MailingFacts mailing={mailing} />
      <Paper variant="outlined" component="section" aria-labelledby="mailing-progress" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" id="mailing-progress" sx={{ mb: 1 }}>
          {t('mailings.progress.title')}
        </Typography>
        <MailingProgressPanel mailing={mailing} />
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="mailing-sent-texts" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" id="mailing-sent-texts" sx={{ mb: 1 }}>
          {t('mailings.editor.texts')}
        </Typography>
        {mailing.texts.map((text) => (
          <Box key={text.language} component="article" sx={{ mb: 2 }} lang={text.language}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 'bold', overflowWrap: 'anywhere' }}>
              {t(`mailings.languages.${text.language}`)}: {text.subject}
            </Typography>
            <MarkdownView text={text.body} />
          </Box>
        ))}
        <MailingAttachmentLinks mailing={mailing} />
      </Paper>
      <Box component="section" aria-labelledby="mailing-recipient-list">
        <Typography variant="h6" component="h2" id="mailing-recipient-list" sx={{ mb: 1 }}>
          {t('mailings.recipients.title')}
        </Typography>
        <MailingRecipientsTable mailingId={mailing.id} />
      </Box>
    </Stack>
  );
}

function MailingFacts({ mailing }: { mailing: Mailing }) {
  const { t, i18n } = useTranslation();
  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      <Chip label={t(`mailings.states.${mailing.state}`)} color={mailing.state === 'sent' ? 'success' : 'default'} />
      <Typography variant="body2">
        {t(`mailings.audience.kinds.${mailing.audience.kind}`)}: {mailing.audienceLabel}
      </Typography>
      {mailing.clubName ? <Typography variant="body2">· {mailing.clubName}</Typography> : null}
      {mailing.isAdvertising ? <Chip size="small" variant="outlined" label={t('mailings.list.advertising')} /> : null}
      {mailing.sendRequestedAt ? (
        <Typography variant="body2" color="text.secondary">
          · {t('mailings.page.sentAt', { date: dateTime(mailing.sendRequestedAt) })}
        </Typography>
      ) : null}
    </Stack>
  );
}

function MailingAttachmentLinks({ mailing }: { mailing: Mailing }) {
  const { t, i18n } = useTranslation();
  if (mailing.attachments.length === 0) return null;
  return (
    <>
      <Typography variant="subtitle2" component="h3">
        {t('mailings.attachments.title')}
      </Typography>
      <List dense>
        {mailing.attachments.map((attachment) => (
          <ListItem key={attachment.id} disableGutters>
            <Link
              component="button"
              type="button"
              onClick={() =>
                void downloadAttachment(mailing.id, attachment.id).then(({ blob, fileName }) =>
                  saveFile(blob, fileName),
                )
              }
              sx={{ overflowWrap: 'anywhere', textAlign: 'left' }}
            >
              {attachment.filename}
            </Link>
            &nbsp;({formatBytes(attachment.byteSize, i18n.language)})
          </ListItem>
        ))}
      </List>
    </>
  );
}
