import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';

type Yearly = { year: number };

/**
 * A section listing amounts per year with an editor per year (a club's fee schedules, the
 * national fee): `texts` is the i18n prefix of its title, add, intro and none texts.
 */
export function YearlyAmountsSection<T extends Yearly>({
  id,
  texts,
  query,
  lineOf,
  editor,
}: {
  id: string;
  texts: 'invoices.schedule' | 'invoices.nationalFee';
  query: UseQueryResult<{ items: T[] }>;
  lineOf: (item: T) => string;
  editor: (item: T | null, takenYears: number[], onClose: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const items = query.data?.items ?? [];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby={`${id}-heading`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, justifyContent: 'space-between', mb: 1 }}>
        <Typography id={`${id}-heading`} variant="h6" component="h2">
          {t(`${texts}.title`)}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
          {t(`${texts}.add`)}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t(`${texts}.intro`)}
      </Typography>
      {query.isError ? <ErrorList errors={errorMessages(query.error, t('common.loadError'))} /> : null}
      {query.isSuccess && items.length === 0 ? (
        <Typography color="text.secondary">{t(`${texts}.none`)}</Typography>
      ) : null}
      {items.length > 0 ? (
        <List dense disablePadding aria-label={t(`${texts}.title`)}>
          {items.map((item) => (
            <ListItem key={item.year} divider disableGutters sx={{ display: 'block' }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, justifyContent: 'space-between' }}>
                <Typography>
                  <strong>{item.year}</strong>
                  {': '}
                  {lineOf(item)}
                </Typography>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => setEditing(item)}
                  aria-label={t('invoices.schedule.editYear', { year: item.year })}
                >
                  {t('invoices.schedule.edit')}
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      ) : null}
      {editing
        ? editor(
            editing === 'new' ? null : editing,
            items.map((item) => item.year),
            () => setEditing(null),
          )
        : null}
    </Paper>
  );
}
