import type { LanguageCode } from '@bpw/domain/enums/language';
import type { Mailing } from '@bpw/domain/schemas/mailing';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMailingPreview, useTestMailing } from './api/mailings';
import { RecipientSummary } from './recipient-summary';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { tabContrast } from '../../components/tab-contrast';

/**
 * The mailing as a recipient of each language sees it (the server renders it, placeholders
 * filled for a sample recipient), how many get it in which language, and a test to oneself.
 */
export function MailingPreviewDialog({ mailing, onClose }: { mailing: Mailing; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const languages = mailing.texts.map((text) => text.language);
  const [language, setLanguage] = useState<LanguageCode>(languages[0] ?? 'de');
  const preview = useMailingPreview(mailing.id, language);
  const test = useTestMailing();
  const { enqueueSnackbar } = useSnackbar();
  const [errors, setErrors] = useState<string[]>([]);
  const sendTest = () => {
    setErrors([]);
    test.mutate(
      { id: mailing.id, language },
      {
        onSuccess: ({ address }) =>
          enqueueSnackbar(t('mailings.preview.testSent', { address }), { variant: 'success' }),
        onError: (error) => setErrors(errorMessages(error, t('common.clientError'))),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={isPhone}>
      <DialogTitle id={titleId}>{t('mailings.preview.title')}</DialogTitle>
      <DialogContent dividers>
        <Tabs
          value={language}
          onChange={(_event, next: LanguageCode) => setLanguage(next)}
          aria-label={t('mailings.texts.languages')}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={tabContrast}
        >
          {languages.map((code) => (
            <Tab key={code} value={code} label={t(`mailings.languages.${code}`)} />
          ))}
        </Tabs>
        <ErrorList errors={errors} />
        {preview.isPending ? (
          <CircularProgress aria-label={t('app.loading')} sx={{ mt: 2 }} />
        ) : !preview.data ? (
          <ErrorList errors={errorMessages(preview.error, t('common.loadError'))} />
        ) : (
          <Box sx={{ mt: 2 }}>
            <RecipientSummary recipients={preview.data.recipients} isAdvertising={mailing.isAdvertising} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {t('mailings.preview.subject')}
            </Typography>
            <Typography sx={{ fontWeight: 'bold', overflowWrap: 'anywhere' }}>{preview.data.subject}</Typography>
            {preview.data.sample ? (
              <Typography variant="body2" color="text.secondary">
                {t('mailings.preview.sample', {
                  name: [preview.data.sample.firstname, preview.data.sample.lastname].filter(Boolean).join(' '),
                })}
              </Typography>
            ) : null}
            {/* The server's sanitised HTML in a sandbox: no scripts, no access to the app. */}
            <Box
              component="iframe"
              title={t('mailings.preview.frame')}
              sandbox=""
              srcDoc={preview.data.html}
              sx={{
                mt: 1,
                width: '100%',
                height: 400,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: '#fff',
              }}
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<SendIcon />} onClick={sendTest} disabled={test.isPending}>
          {t('mailings.preview.sendTest')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
