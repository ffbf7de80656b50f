import type { LanguageCode } from '@bpw/domain/enums/language';
import { mailingPlaceholders } from '@bpw/domain/schemas/mailing';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageUsed, mailingLanguages, type TextsByLanguage } from './mailing-form-state';
import type { MarkdownEditorHandle } from '../../components/markdown-editor/markdown-editor';
import { tabContrast } from '../../components/tab-contrast';

// The event editor (markdown and WYSIWYG), its own chunk as in the event form.
const MarkdownEditor = lazy(() =>
  import('../../components/markdown-editor/markdown-editor').then((m) => ({ default: m.MarkdownEditor })),
);

interface TextsEditorProps {
  texts: TextsByLanguage;
  onChange: (texts: TextsByLanguage) => void;
  /** Languages whose subject is missing while their body is written. */
  missingSubject: readonly LanguageCode[];
  disabled?: boolean;
}

/**
 * Subject and markdown body per language (de, fr, it, en as tabs): a language with a text takes
 * part; each recipient gets her correspondence language, else German, else the first text.
 * The placeholder chips insert `{firstName}` etc. where the cursor was (subject or body).
 */
export function MailingTextsEditor({ texts, onChange, missingSubject, disabled }: TextsEditorProps) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<LanguageCode>('de');
  const [target, setTarget] = useState<'subject' | 'body'>('body');
  const editorRef = useRef<MarkdownEditorHandle>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const tabsId = useId();
  const text = texts[language];
  const change = (next: Partial<{ subject: string; body: string }>) =>
    onChange({ ...texts, [language]: { ...text, ...next } });

  const insert = (placeholder: string) => {
    if (target === 'body') {
      editorRef.current?.insert(placeholder);
      return;
    }
    const input = subjectRef.current;
    const start = input?.selectionStart ?? text.subject.length;
    const end = input?.selectionEnd ?? text.subject.length;
    change({ subject: text.subject.slice(0, start) + placeholder + text.subject.slice(end) });
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + placeholder.length, start + placeholder.length);
    });
  };

  return (
    <Box>
      <Tabs
        value={language}
        onChange={(_event, next: LanguageCode) => setLanguage(next)}
        aria-label={t('mailings.texts.languages')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={tabContrast}
      >
        {mailingLanguages.map((code) => (
          <Tab
            key={code}
            value={code}
            id={`${tabsId}-${code}`}
            aria-controls={`${tabsId}-${code}-panel`}
            label={`${t(`mailings.languages.${code}`)}${isLanguageUsed(texts[code]) ? ' ✓' : ''}`}
          />
        ))}
      </Tabs>
      <Stack
        spacing={2}
        sx={{ pt: 2 }}
        role="tabpanel"
        id={`${tabsId}-${language}-panel`}
        aria-labelledby={`${tabsId}-${language}`}
      >
        <Typography variant="body2" color="text.secondary">
          {t('mailings.texts.hint')}
        </Typography>
        <TextField
          key={`subject-${language}`}
          label={t('mailings.texts.subject')}
          value={text.subject}
          onChange={(event) => change({ subject: event.target.value })}
          onFocus={() => setTarget('subject')}
          inputRef={subjectRef}
          disabled={disabled}
          fullWidth
          error={missingSubject.includes(language)}
          helperText={missingSubject.includes(language) ? t('mailings.texts.subjectMissing') : undefined}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Box>
          <Typography variant="body2" id={`${tabsId}-placeholders`} sx={{ mb: 0.5 }}>
            {t('mailings.texts.placeholders')}
          </Typography>
          <Stack
            direction="row"
            useFlexGap
            spacing={1}
            sx={{ flexWrap: 'wrap' }}
            role="group"
            aria-labelledby={`${tabsId}-placeholders`}
          >
            {mailingPlaceholders.map((placeholder) => (
              <Chip
                key={placeholder}
                label={placeholder}
                variant="outlined"
                disabled={disabled}
                onClick={() => insert(placeholder)}
                // The focus stays where the text goes: a click on the chip must not take it.
                onMouseDown={(event) => event.preventDefault()}
                aria-label={t('mailings.texts.insert', { placeholder })}
              />
            ))}
          </Stack>
        </Box>
        <Box onFocusCapture={() => setTarget('body')}>
          <Suspense fallback={<Skeleton variant="rectangular" height={340} />}>
            <MarkdownEditor
              key={`body-${language}`}
              label={t('mailings.texts.body')}
              initialValue={text.body}
              onChange={(body) => change({ body })}
              disabled={disabled}
              handleRef={editorRef}
            />
          </Suspense>
        </Box>
      </Stack>
    </Box>
  );
}
