import Chip from '@mui/material/Chip';
import { InvoiceState } from '@bpw/domain/enums/invoice';
import { useTranslation } from 'react-i18next';
import { stateLabel } from './invoice-format';

// Outlined chips' text must keep 4.5:1 on white: MUI's info and warning colours do not.
const colors = {
  [InvoiceState.draft]: 'default',
  [InvoiceState.issued]: 'default',
  [InvoiceState.partlyPaid]: 'secondary',
  [InvoiceState.paid]: 'success',
  [InvoiceState.cancelled]: 'default',
} as const;

/** An invoice's state, and "overdue" beside it when the due date has passed. */
export function InvoiceStateChip({ state, isOverdue = false }: { state: InvoiceState; isOverdue?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Chip size="small" variant="outlined" color={colors[state] ?? 'default'} label={stateLabel(t, state)} />
      {isOverdue ? (
        <Chip size="small" variant="outlined" color="error" label={t('invoices.list.overdue')} sx={{ ml: 0.5 }} />
      ) : null}
    </>
  );
}
