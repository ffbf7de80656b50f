import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { competenceTopicEnum } from '@bpw/domain/enums/competence';
import { ExportFormat, exportFormatEnum, exportFormatValues } from '@bpw/domain/enums/export-format';
import { languageCodeEnum, languageCodeValues, type LanguageCode } from '@bpw/domain/enums/language';
import { courierTypeEnum, courierTypeValues, type CourierType } from '@bpw/domain/enums/person-fields';
import {
  limitedPersonListFilters,
  PersonListFilter,
  personListFilterEnum,
  personListFilterValues,
  type PersonListFilter as PersonListFilterValue,
} from '@bpw/domain/enums/person-list-filter';
import type { CompetenceTopic } from '@bpw/domain/enums/competence';
import { canExportFormat, canSeeAllClubsOnDashboard, canUseAllPersonFilters } from '@bpw/domain/permissions';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../lib/file-download';
import { useDownloadExport } from './api/download-export';
import { EnumMultiSelect } from './enum-multi-select';
import { ClubMultiSelect } from '../../components/club-multi-select';
import { useClubOptions } from '../../components/club-options';
import { PageHeading } from '../../components/page-heading';
import { useActor } from '../../lib/use-claims';

/**
 * Spec 01 §2 "Export page": format, person filters, clubs, languages and courier, then download.
 * Only the formats the user may export are offered (§6 "Export limits"); with onlyMainData the
 * person selection is disabled and cleared (§5).
 */
export function ExportPage() {
  const { t } = useTranslation();
  const actor = useActor();
  const { enqueueSnackbar } = useSnackbar();
  const download = useDownloadExport();
  const formats = exportFormatValues.filter((format) => canExportFormat(actor, format));
  const [format, setFormat] = useState<ExportFormat | ''>(formats[0] ?? '');
  const [personOptions, setPersonOptions] = useState<PersonListFilterValue[]>([]);
  const [mentoringTypes, setMentoringTypes] = useState<CompetenceTopic[]>([]);
  const [clubIds, setClubIds] = useState<string[]>([]);
  const [languageCodes, setLanguageCodes] = useState<LanguageCode[]>([]);
  const [courier, setCourier] = useState<CourierType[]>([]);
  const { options: clubOptions, isLoading: isLoadingClubs } = useClubOptions({
    limitTo: canSeeAllClubsOnDashboard(actor) ? null : actor.clubManagerOf,
  });

  const isMainDataOnly = format === ExportFormat.onlyMainData;
  const filterValues = canUseAllPersonFilters(actor) ? personListFilterValues : limitedPersonListFilters;
  const asksMentoringAreas = personOptions.includes(PersonListFilter.mentorInArea);

  const chooseFormat = (next: ExportFormat) => {
    setFormat(next);
    if (next === ExportFormat.onlyMainData) {
      setPersonOptions([]);
      setMentoringTypes([]);
    }
  };

  const start = async () => {
    if (format === '') return;
    try {
      const { blob, fileName } = await download.mutateAsync({
        OutputFormat: format,
        PersonOptions: isMainDataOnly ? [] : personOptions,
        PersonMentoringTypes: isMainDataOnly || !asksMentoringAreas ? [] : mentoringTypes,
        Clubs: clubIds,
        LanguageCodes: languageCodes,
        BpwCourier: courier,
      });
      saveFile(blob, fileName);
    } catch {
      enqueueSnackbar(t('common.loadError'), { variant: 'error' });
    }
  };

  return (
    <>
      <PageHeading titleKey="pages.export" />
      <Paper
        component="form"
        aria-label={t('export.formLabel')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
        sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}
      >
        <Stack spacing={2.5}>
          <TextField
            select
            required
            fullWidth
            label={t('export.format')}
            value={format}
            onChange={(event) => chooseFormat(Number(event.target.value) as ExportFormat)}
          >
            {formats.map((value) => (
              <MenuItem key={value} value={value}>
                {t(exportFormatEnum.labelKey(value))}
              </MenuItem>
            ))}
          </TextField>
          <EnumMultiSelect
            label={t('export.personOptions')}
            values={filterValues}
            value={personOptions}
            onChange={setPersonOptions}
            labelOf={(value) => t(personListFilterEnum.labelKey(value))}
            disabled={isMainDataOnly}
            helperText={isMainDataOnly ? t('export.personOptionsMainData') : t('export.personOptionsHint')}
          />
          {asksMentoringAreas && !isMainDataOnly ? (
            <EnumMultiSelect
              label={t('export.mentoringAreas')}
              values={competenceTopicEnum.values}
              value={mentoringTypes}
              onChange={setMentoringTypes}
              labelOf={(value) => t(competenceTopicEnum.labelKey(value))}
            />
          ) : null}
          <ClubMultiSelect
            label={t('export.clubs')}
            options={clubOptions}
            value={clubIds}
            onChange={setClubIds}
            isLoading={isLoadingClubs}
            selectedText={(count) => t('export.clubsSelected', { number: count })}
            helperText={t('export.clubsHint')}
          />
          <EnumMultiSelect
            label={t('export.languageCodes')}
            values={languageCodeValues}
            value={languageCodes}
            onChange={setLanguageCodes}
            labelOf={(value) => t(languageCodeEnum.labelKey(value))}
          />
          <EnumMultiSelect
            label={t('export.courier')}
            values={courierTypeValues}
            value={courier}
            onChange={setCourier}
            labelOf={(value) => t(courierTypeEnum.labelKey(value))}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={format === '' || download.isPending}
              startIcon={
                download.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <DownloadIcon />
              }
              aria-busy={download.isPending}
            >
              {download.isPending ? t('export.downloading') : t('export.download')}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </>
  );
}
