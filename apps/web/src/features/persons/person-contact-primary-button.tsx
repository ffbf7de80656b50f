import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import IconButton from '@mui/material/IconButton';
import type { PrimaryItemKind } from '@bpw/domain/schemas/address';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useSetPrimaryItem } from './api/set-primary-item';
import { errorMessages } from '../../api/api-error';

interface PrimaryButtonProps {
  personId: string;
  kind: PrimaryItemKind;
  itemId: string;
  /** What the item is, for the button's label ("anna@example.ch"). */
  itemText: string;
  isPrimary: boolean;
  canChange: boolean;
}

/**
 * The star of a primary item. Choosing the current primary unsets it with id null (spec 01 §4
 * "Primary toggles"); a failure shows the update error (§8).
 */
export function PrimaryButton({ personId, kind, itemId, itemText, isPrimary, canChange }: PrimaryButtonProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const setPrimary = useSetPrimaryItem();
  const label = t(isPrimary ? `personDetail.primary.unset.${kind}` : `personDetail.primary.set.${kind}`, {
    item: itemText,
  });
  if (!canChange) {
    return isPrimary ? (
      <Star fontSize="small" titleAccess={t(`personDetail.primary.is.${kind}`)} sx={{ color: 'warning.dark', m: 1 }} />
    ) : null;
  }
  return (
    <IconButton
      size="small"
      aria-label={label}
      title={label}
      aria-pressed={isPrimary}
      disabled={setPrimary.isPending}
      onClick={() =>
        setPrimary.mutate(
          { personId, kind, id: isPrimary ? null : itemId },
          {
            onError: (error) =>
              enqueueSnackbar([t('common.updateError'), ...errorMessages(error, '')].filter(Boolean).join(': '), {
                variant: 'error',
              }),
          },
        )
      }
    >
      {isPrimary ? <Star sx={{ color: 'warning.dark' }} /> : <StarBorder />}
    </IconButton>
  );
}
