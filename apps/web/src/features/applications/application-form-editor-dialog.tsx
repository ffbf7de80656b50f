import { CustomFieldMode, CustomFieldType, customFieldTypeEnum } from '@bpw/domain/enums/custom-field';
import { languageCodeEnum } from '@bpw/domain/enums/language';
import { memberTypes, membershipTypeLabelKey } from '@bpw/domain/enums/membership-type';
import type { ApplicationForm, ApplicationFormBody } from '@bpw/domain/schemas/application';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateApplicationForm } from './api/application-form';
import { FormDialog, useFormErrors } from '../../components/form-dialog';

type Question = {
  id: string | null;
  type: number;
  title: string;
  isRequired: boolean;
  /** Option texts, one per line (option questions only). */
  options: string;
  optionIds: string[];
};

const toQuestions = (form: ApplicationForm): Question[] =>
  form.questions.map((q) => ({
    id: q.id,
    type: q.eventCustomFieldType,
    title: q.title,
    isRequired: q.mode === CustomFieldMode.required,
    options: q.eventCustomFieldOptions.map((o) => o.value).join('\n'),
    optionIds: q.eventCustomFieldOptions.map((o) => o.id),
  }));

/** The form editor (issue 25): published, intro per language, member types, the club's questions. */
export function ApplicationFormEditorDialog({
  clubId,
  form,
  onClose,
}: {
  clubId: string | null;
  form: ApplicationForm;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateApplicationForm(clubId);
  const { errors, clearErrors, showErrors } = useFormErrors();
  const [isPublished, setIsPublished] = useState(form.isPublished);
  const [intro, setIntro] = useState(form.intro);
  const [types, setTypes] = useState<number[]>(form.membershipTypes);
  const [questions, setQuestions] = useState<Question[]>(() => toQuestions(form));
  const label = (key: string, params?: Record<string, string>) => t(`applications.editor.${key}`, params);
  const change = (index: number, patch: Partial<Question>) =>
    setQuestions((list) => list.map((q, i) => (i === index ? { ...q, ...patch } : q)));

  const submit = () => {
    clearErrors();
    const body: ApplicationFormBody = {
      isPublished,
      intro,
      membershipTypes: memberTypes.filter((type) => types.includes(type)),
      questions: questions.map((q) => {
        const values =
          q.type === CustomFieldType.option
            ? q.options
                .split('\n')
                .map((v) => v.trim())
                .filter(Boolean)
            : [];
        return {
          id: q.id,
          type: q.type as CustomFieldType,
          title: q.title,
          mode: q.isRequired ? CustomFieldMode.required : CustomFieldMode.optional,
          eventCustomFieldOptions: values.map((value, i) => ({ id: q.optionIds[i] ?? null, value })),
        };
      }),
    };
    update.mutate(body, {
      onSuccess: () => {
        enqueueSnackbar(label('saved'), { variant: 'success' });
        onClose();
      },
      onError: (failure) => showErrors(failure, t('common.saveError')),
    });
  };

  return (
    <FormDialog
      title={label('title')}
      errors={errors}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('common.save')}
      isBusy={update.isPending}
      isPersistent
      isFullScreenOnPhone
    >
      <Stack spacing={2}>
        <FormControlLabel
          control={<Switch checked={isPublished} onChange={(event) => setIsPublished(event.target.checked)} />}
          label={label('isPublished')}
        />
        {languageCodeEnum.values.map((code) => (
          <TextField
            key={code}
            label={label('intro', { language: t(languageCodeEnum.labelKey(code)) })}
            value={intro[code]}
            onChange={(event) => setIntro((current) => ({ ...current, [code]: event.target.value }))}
            multiline
            minRows={2}
            fullWidth
          />
        ))}
        <FormGroup>
          <FormLabel component="legend">{label('membershipTypes')}</FormLabel>
          {memberTypes.map((type) => (
            <FormControlLabel
              key={type}
              control={
                <Checkbox
                  checked={types.includes(type)}
                  onChange={(event) =>
                    setTypes((list) => (event.target.checked ? [...list, type] : list.filter((x) => x !== type)))
                  }
                />
              }
              label={t(membershipTypeLabelKey(type))}
            />
          ))}
        </FormGroup>
        <FormLabel component="legend">{label('questions')}</FormLabel>
        {questions.map((question, index) => (
          <Paper key={question.id ?? `new-${index}`} variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  label={label('questionTitle')}
                  value={question.title}
                  onChange={(event) => change(index, { title: event.target.value })}
                  required
                  fullWidth
                />
                <IconButton
                  aria-label={label('removeQuestion', { title: question.title })}
                  onClick={() => setQuestions((list) => list.filter((_, i) => i !== index))}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
              <TextField
                select
                label={label('questionType')}
                value={question.type}
                onChange={(event) => change(index, { type: Number(event.target.value) })}
                fullWidth
              >
                {customFieldTypeEnum.values.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(customFieldTypeEnum.labelKey(type))}
                  </MenuItem>
                ))}
              </TextField>
              {question.type === CustomFieldType.option ? (
                <TextField
                  label={label('options')}
                  value={question.options}
                  onChange={(event) => change(index, { options: event.target.value })}
                  multiline
                  minRows={3}
                  fullWidth
                />
              ) : null}
              <FormControlLabel
                control={
                  <Checkbox
                    checked={question.isRequired}
                    onChange={(event) => change(index, { isRequired: event.target.checked })}
                  />
                }
                label={label('required')}
              />
            </Stack>
          </Paper>
        ))}
        <Button
          startIcon={<AddIcon />}
          onClick={() =>
            setQuestions((list) => [
              ...list,
              { id: null, type: CustomFieldType.string, title: '', isRequired: false, options: '', optionIds: [] },
            ])
          }
          sx={{ alignSelf: 'flex-start' }}
        >
          {label('addQuestion')}
        </Button>
      </Stack>
    </FormDialog>
  );
}
