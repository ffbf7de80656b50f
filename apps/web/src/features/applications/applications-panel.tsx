import { type MembershipType, membershipTypeLabelKey } from '@bpw/domain/enums/membership-type';
import { ApplicationState, type Application } from '@bpw/domain/schemas/application';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplicationForm } from './api/application-form';
import { usePendingApplications } from './api/applications';
import { ApplicationFormEditorDialog } from './application-form-editor-dialog';
import { DecisionDialog, type DecisionKind } from './decision-dialog';
import { formatIsoDate } from '../../lib/dates';

/**
 * A club's applications (the club page's tab) or the association's (/applications): the form
 * with its link and editor, and the confirmed applications, paged on the server, with accept,
 * reject and ask (issue 25).
 */
export function ApplicationsPanel({ clubId }: { clubId: string | null }) {
  const { t } = useTranslation();
  const form = useApplicationForm(clubId);
  const [isEditing, setIsEditing] = useState(false);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const list = usePendingApplications(clubId, page, perPage);
  const [decision, setDecision] = useState<{ application: Application; kind: DecisionKind } | null>(null);
  const publicLink = `${window.location.origin}/apply${clubId ? `/${clubId}` : ''}`;

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            {t('applications.editor.title')}
          </Typography>
          {form.data ? (
            <>
              <Box>
                <Chip
                  size="small"
                  color={form.data.isPublished ? 'success' : 'default'}
                  label={
                    form.data.isPublished ? t('applications.editor.published') : t('applications.editor.notPublished')
                  }
                />
              </Box>
              {form.data.isPublished ? (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {t('applications.editor.link')}: <Link href={publicLink}>{publicLink}</Link>
                </Typography>
              ) : null}
              <Box>
                <Button startIcon={<EditIcon />} variant="outlined" onClick={() => setIsEditing(true)}>
                  {t('applications.editor.edit')}
                </Button>
              </Box>
            </>
          ) : (
            <CircularProgress aria-label={t('app.loading')} />
          )}
        </Stack>
      </Paper>
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('applications.list.title')}
        </Typography>
        {list.isPending ? <CircularProgress aria-label={t('app.loading')} /> : null}
        {list.isError ? <Alert severity="error">{t('common.loadError')}</Alert> : null}
        {list.data && list.data.total === 0 ? <Typography>{t('applications.list.empty')}</Typography> : null}
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.data?.items.map((application) => (
            <ApplicationCard
              key={application.id}
              application={application}
              onDecide={(kind) => setDecision({ application, kind })}
            />
          ))}
        </Stack>
        {list.data && list.data.total > 0 ? (
          <TablePagination
            component="div"
            count={list.data.total}
            page={page}
            onPageChange={(_event, next) => setPage(next)}
            rowsPerPage={perPage}
            onRowsPerPageChange={(event) => {
              setPerPage(Number(event.target.value));
              setPage(0);
            }}
            rowsPerPageOptions={[10, 20, 50]}
            labelRowsPerPage={t('applications.list.perPage')}
          />
        ) : null}
      </Box>
      {isEditing && form.data ? (
        <ApplicationFormEditorDialog clubId={clubId} form={form.data} onClose={() => setIsEditing(false)} />
      ) : null}
      {decision ? (
        <DecisionDialog application={decision.application} kind={decision.kind} onClose={() => setDecision(null)} />
      ) : null}
    </Stack>
  );
}

function ApplicationCard({
  application,
  onDecide,
}: {
  application: Application;
  onDecide: (kind: DecisionKind) => void;
}) {
  const { t, i18n } = useTranslation();
  const name = `${application.firstname} ${application.lastname}`;
  const line = (labelKey: string, value: string | null) =>
    value ? (
      <Typography variant="body2">
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {t(`applications.form.${labelKey}`)}:
        </Box>{' '}
        {value}
      </Typography>
    ) : null;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} aria-label={name}>
      <Stack spacing={1}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          {application.state === ApplicationState.informationRequested ? (
            <Chip size="small" color="warning" label={t('applications.list.informationRequested')} />
          ) : null}
        </Stack>
        {line('email', application.email)}
        {line('phone', application.phone)}
        {line('birthday', formatIsoDate(application.birthday, i18n.language))}
        {line('privateAddress', `${application.street}, ${application.zip} ${application.city}`)}
        {line('membershipType', t(membershipTypeLabelKey(application.membershipType as MembershipType)))}
        {application.answers.map((answer) => (
          <Typography key={answer.title} variant="body2">
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {answer.title}:
            </Box>{' '}
            {answer.value}
          </Typography>
        ))}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="contained" onClick={() => onDecide('accept')}>
            {t('applications.list.accept')}
          </Button>
          <Button variant="outlined" onClick={() => onDecide('ask')}>
            {t('applications.list.ask')}
          </Button>
          <Button variant="outlined" color="error" onClick={() => onDecide('reject')}>
            {t('applications.list.reject')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
