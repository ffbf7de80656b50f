import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useUnsubscribe, useUnsubscribeInfo } from './api/unsubscribe';
import { withMailingTexts } from './with-mailing-texts';
import { ApiError, errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { localeFromLanguage } from '../../lib/locale';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /unsubscribe/{token} (issue 18, public): the mailed link's page. Opening it changes nothing
 * (mail scanners follow links); the button leaves the list, and the page says so in her language.
 */
export function UnsubscribePage() {
  const { i18n } = useTranslation();
  const { token = '' } = useParams();
  const info = useUnsubscribeInfo(token);
  // The recipient's language, as the server names it (as LanguageFromPerson does for a signed-in
  // person): once when the answer comes, so the language switcher still has the last word. Out
  // here, because the texts' loader below shows a spinner (and remounts the page) on a switch.
  const locale = localeFromLanguage(info.data?.language);
  useEffect(() => {
    if (locale && locale !== i18n.language) void i18n.changeLanguage(locale);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale]);
  return <UnsubscribeContent token={token} />;
}

const UnsubscribeContent = withMailingTexts(function UnsubscribeContent({ token }: { token: string }) {
  const { t } = useTranslation();
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe(token);
  const [errors, setErrors] = useState<string[]>([]);
  usePageTitle('mailings.unsubscribe.title');
  const list = info.data;
  const listName = list ? (list.clubName ? `${list.listName} (${list.clubName})` : list.listName) : '';
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', py: 2 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('mailings.unsubscribe.title')}
      </Typography>
      {info.isPending ? <CircularProgress aria-label={t('app.loading')} /> : null}
      {info.isError ? (
        info.error instanceof ApiError && info.error.status === 404 ? (
          <Alert severity="warning">{t('mailings.unsubscribe.invalid')}</Alert>
        ) : (
          <ErrorList errors={errorMessages(info.error, t('common.loadError'))} />
        )
      ) : null}
      {list ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          {list.isSubscribed ? (
            <Stack spacing={2}>
              <ErrorList errors={errors} />
              <Typography>{t('mailings.unsubscribe.question', { list: listName })}</Typography>
              <Box>
                <Button
                  variant="contained"
                  color="error"
                  disabled={unsubscribe.isPending}
                  onClick={() => {
                    setErrors([]);
                    unsubscribe.mutate(undefined, {
                      onError: (error) => setErrors(errorMessages(error, t('common.clientError'))),
                    });
                  }}
                >
                  {t('mailings.unsubscribe.submit')}
                </Button>
              </Box>
            </Stack>
          ) : (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
              <CheckCircleIcon color="success" />
              <Typography>{t('mailings.unsubscribe.done', { list: listName })}</Typography>
            </Stack>
          )}
        </Paper>
      ) : null}
    </Box>
  );
});
