import { mergeFields, type MergeField, type MergeSide } from '@bpw/domain/schemas/duplicate';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { useDuplicateComparison } from './api/get-duplicate-comparison';
import { useMergePersons } from './api/merge-persons';
import { differingFields, mergeFieldViews } from './merge-fields';

const displayName = (person: { firstname: string | null; lastname: string }) =>
  [person.firstname, person.lastname].filter(Boolean).join(' ');

/**
 * The merge dialog (issue 16): both persons side by side; which one is kept; per differing
 * field whose value she keeps; what moves; then one merge on the server.
 */
export function MergeDialog({ personIds, onClose }: { personIds: readonly [string, string]; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const comparison = useDuplicateComparison(personIds);
  const merge = useMergePersons();
  const [kept, setKept] = useState<0 | 1>(0);
  const [choices, setChoices] = useState<Partial<Record<MergeField, 0 | 1>>>({});

  const sides = comparison.data?.persons;
  const fields = sides && sides.length === 2 ? differingFields(mergeFields, sides[0]!.person, sides[1]!.person) : [];
  const choiceOf = (field: MergeField) => choices[field] ?? kept;

  const submit = () => {
    if (!sides) return;
    const other = kept === 0 ? 1 : 0;
    const chosen: Partial<Record<MergeField, MergeSide>> = {};
    for (const field of fields) chosen[field] = choiceOf(field) === kept ? 'survivor' : 'merged';
    merge.mutate(
      { survivorId: sides[kept]!.person.id, mergedId: sides[other]!.person.id, fields: chosen },
      {
        onSuccess: () => {
          enqueueSnackbar(t('duplicates.merged'), { variant: 'success' });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={merge.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={isPhone}
    >
      <DialogTitle id={titleId}>{t('duplicates.mergeTitle')}</DialogTitle>
      <DialogContent>
        {comparison.isPending ? <CircularProgress aria-label={t('app.loading')} /> : null}
        {comparison.isError ? <Alert severity="error">{t('duplicates.loadError')}</Alert> : null}
        {sides && sides.length === 2 ? (
          <Stack spacing={3} sx={{ pt: 1 }}>
            <FormControl>
              <FormLabel id={`${titleId}-keep`}>{t('duplicates.keep')}</FormLabel>
              <RadioGroup
                aria-labelledby={`${titleId}-keep`}
                value={String(kept)}
                onChange={(event) => {
                  setKept(Number(event.target.value) as 0 | 1);
                  setChoices({});
                }}
              >
                {sides.map((side, index) => (
                  <FormControlLabel
                    key={side.person.id}
                    value={String(index)}
                    control={<Radio />}
                    label={`${t('duplicates.keepOption', { name: displayName(side.person) })}${side.username ? ` (${side.username})` : ''}`}
                  />
                ))}
              </RadioGroup>
              <Typography variant="body2" color="text.secondary">
                {t('duplicates.keptHint')}
              </Typography>
            </FormControl>

            {fields.length > 0 ? (
              <Stack spacing={2} component="section" aria-labelledby={`${titleId}-fields`}>
                <Typography id={`${titleId}-fields`} variant="h6" component="h3">
                  {t('duplicates.chooseFields')}
                </Typography>
                {fields.map((field) => {
                  const view = mergeFieldViews[field];
                  const legendId = `${titleId}-${field}`;
                  return (
                    <FormControl key={field} component="fieldset">
                      <FormLabel id={legendId} component="legend">
                        {t(view.labelKey)}
                      </FormLabel>
                      <RadioGroup
                        row={!isPhone}
                        aria-labelledby={legendId}
                        value={String(choiceOf(field))}
                        onChange={(event) => setChoices({ ...choices, [field]: Number(event.target.value) as 0 | 1 })}
                      >
                        {sides.map((side, index) => (
                          <FormControlLabel
                            key={side.person.id}
                            value={String(index)}
                            control={<Radio />}
                            label={view.text(side.person, t) || t('duplicates.emptyValue')}
                            sx={{ minWidth: { sm: 240 } }}
                          />
                        ))}
                      </RadioGroup>
                    </FormControl>
                  );
                })}
              </Stack>
            ) : null}
            <Typography variant="body2">{t('duplicates.sameFields')}</Typography>
            <MergeSummary comparison={comparison.data!} kept={kept} />
            <ErrorList
              title={merge.isError ? t('duplicates.mergeError') : undefined}
              errors={merge.isError ? errorMessages(merge.error, t('duplicates.mergeError')) : []}
            />
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={merge.isPending}>
          {t('common.cancel')}
        </Button>
        <Button onClick={submit} variant="contained" disabled={!sides || merge.isPending}>
          {merge.isPending ? t('duplicates.merging') : t('duplicates.merge')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What moves to the kept person, and how the conflicts are settled. */
function MergeSummary({
  comparison,
  kept,
}: {
  comparison: NonNullable<ReturnType<typeof useDuplicateComparison>['data']>;
  kept: 0 | 1;
}) {
  const { t } = useTranslation();
  const keptSide = comparison.persons[kept]!;
  const mergedSide = comparison.persons[kept === 0 ? 1 : 0]!;
  return (
    <Stack spacing={1} component="section" aria-label={t('duplicates.moves')}>
      <Typography variant="h6" component="h3">
        {t('duplicates.moves')}
      </Typography>
      <Typography variant="body2">{t('duplicates.movesList', mergedSide.counts)}</Typography>
      <Typography variant="body2">{t('duplicates.joined')}</Typography>
      {mergedSide.username && keptSide.username ? (
        <Alert severity="warning">
          {t('duplicates.accountsBoth', { kept: keptSide.username, merged: mergedSide.username })}
        </Alert>
      ) : mergedSide.username ? (
        <Typography variant="body2">{t('duplicates.accountMoves', { username: mergedSide.username })}</Typography>
      ) : null}
      {comparison.sharedEvents > 0 ? (
        <Alert severity="info">{t('duplicates.sharedEvents', { count: comparison.sharedEvents })}</Alert>
      ) : null}
    </Stack>
  );
}
