import '@mdxeditor/editor/style.css';
import {
  BlockTypeSelect,
  BoldItalicUnderlineToggles,
  CreateLink,
  headingsPlugin,
  imagePlugin,
  linkDialogPlugin,
  linkPlugin,
  listsPlugin,
  ListsToggle,
  markdownShortcutPlugin,
  MDXEditor,
  type MDXEditorMethods,
  quotePlugin,
  thematicBreakPlugin,
  toolbarPlugin,
  UndoRedo,
  type Translation,
} from '@mdxeditor/editor';
import UnfoldLess from '@mui/icons-material/UnfoldLess';
import UnfoldMore from '@mui/icons-material/UnfoldMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPastedImage } from './pasted-image';

/** Spec 02 §9: editor height 300 px, 700 px expanded. */
const heights = { normal: 300, expanded: 700 } as const;
type EditorMode = 'markdown' | 'wysiwyg';

export interface MarkdownEditorProps {
  label: string;
  /** Read when the editor mounts; afterwards the editor keeps the text. */
  initialValue: string;
  onChange: (markdown: string) => void;
  disabled?: boolean;
  /** Lets a caller insert text where the cursor is (the mailing's placeholder chips). */
  handleRef?: Ref<MarkdownEditorHandle>;
}

export interface MarkdownEditorHandle {
  /** Inserts the text at the cursor (at the end when the editor has had no focus) and focuses it. */
  insert: (text: string) => void;
}

/**
 * The description editor (spec 02 §5, §9): markdown by default, WYSIWYG (MDXEditor) on the
 * switch, 300 px high or 700 px expanded. The markdown mode is a plain text area rather than
 * MDXEditor's CodeMirror source mode: it is natively accessible and spares the form 670 kB.
 * There is no image upload: images are linked by URL (the image plugin shows them and has no
 * upload handler and no toolbar button), and a pasted or dropped image file is stopped before
 * either mode sees it, with an info message.
 */
export function MarkdownEditor({ label, initialValue, onChange, disabled, handleRef }: MarkdownEditorProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [mode, setMode] = useState<EditorMode>('markdown');
  const [text, setText] = useState(initialValue);
  const [isExpanded, setIsExpanded] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const textAreaRef = useRef<HTMLTextAreaElement>(null);
  const mdxRef = useRef<MDXEditorMethods>(null);
  const labelId = useId();
  const height = heights[isExpanded ? 'expanded' : 'normal'];

  const change = (markdown: string) => {
    setText(markdown);
    onChange(markdown);
  };

  useImperativeHandle(
    handleRef,
    () => ({
      insert: (inserted: string) => {
        if (mode === 'wysiwyg') {
          mdxRef.current?.focus();
          mdxRef.current?.insertMarkdown(inserted);
          return;
        }
        const area = textAreaRef.current;
        const start = area?.selectionStart ?? text.length;
        const end = area?.selectionEnd ?? text.length;
        change(text.slice(0, start) + inserted + text.slice(end));
        // After React wrote the new value: the cursor stands behind the inserted text.
        requestAnimationFrame(() => {
          area?.focus();
          area?.setSelectionRange(start + inserted.length, start + inserted.length);
        });
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `change` is a plain function of this render
    [mode, text],
  );

  const translation = useCallback<Translation>(
    (key, defaultValue, interpolations) => t(`markdownEditor.${key}`, { ...interpolations, defaultValue }) as string,
    [t],
  );

  // Capture listeners on the wrapper run before the editors' own, so the image never arrives.
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    const stopImage = (event: ClipboardEvent | DragEvent) => {
      const data = 'clipboardData' in event ? event.clipboardData : event.dataTransfer;
      if (!hasPastedImage(data)) return;
      event.preventDefault();
      event.stopPropagation();
      enqueueSnackbar(t('markdownEditor.noImageUpload'), { variant: 'info' });
    };
    wrapper.addEventListener('paste', stopImage, true);
    wrapper.addEventListener('drop', stopImage, true);
    return () => {
      wrapper.removeEventListener('paste', stopImage, true);
      wrapper.removeEventListener('drop', stopImage, true);
    };
  }, [enqueueSnackbar, t]);

  // MDXEditor creates its editable area itself: give it the field's name and a textbox role.
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper || mode !== 'wysiwyg') return;
    const name = () =>
      wrapper.querySelectorAll('[contenteditable="true"]').forEach((element) => {
        if (element.getAttribute('aria-labelledby') !== labelId) element.setAttribute('aria-labelledby', labelId);
        element.setAttribute('role', 'textbox');
        element.setAttribute('aria-multiline', 'true');
      });
    name();
    const observer = new MutationObserver(name);
    observer.observe(wrapper, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [labelId, mode]);

  const plugins = useMemo(
    () => [
      headingsPlugin(),
      listsPlugin(),
      quotePlugin(),
      thematicBreakPlugin(),
      linkPlugin(),
      linkDialogPlugin(),
      imagePlugin({ disableImageResize: true }),
      markdownShortcutPlugin(),
      toolbarPlugin({
        toolbarContents: () => (
          <>
            <UndoRedo />
            <BoldItalicUnderlineToggles options={['Bold', 'Italic']} />
            <BlockTypeSelect />
            <ListsToggle options={['bullet', 'number']} />
            <CreateLink />
          </>
        ),
      }),
    ],
    [],
  );

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={labelId} component="span" variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {label}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          onChange={(_event, next: EditorMode | null) => next && setMode(next)}
          aria-label={t('markdownEditor.mode')}
          disabled={disabled}
        >
          <ToggleButton value="markdown">{t('markdownEditor.markdown')}</ToggleButton>
          <ToggleButton value="wysiwyg">{t('markdownEditor.wysiwyg')}</ToggleButton>
        </ToggleButtonGroup>
        <Button
          size="small"
          color="inherit"
          startIcon={isExpanded ? <UnfoldLess /> : <UnfoldMore />}
          onClick={() => setIsExpanded((value) => !value)}
          aria-pressed={isExpanded}
        >
          {t(isExpanded ? 'markdownEditor.collapse' : 'markdownEditor.expand')}
        </Button>
      </Stack>
      <Box ref={wrapperRef}>
        {mode === 'markdown' ? (
          <TextField
            multiline
            fullWidth
            value={text}
            onChange={(event) => change(event.target.value)}
            disabled={disabled}
            inputRef={textAreaRef}
            slotProps={{
              htmlInput: { 'aria-labelledby': labelId, spellCheck: true },
              input: { sx: { alignItems: 'flex-start', fontFamily: 'monospace', fontSize: '0.875rem' } },
            }}
            sx={{ '& textarea': { height: `${height - 34}px !important`, overflowY: 'auto !important' } }}
          />
        ) : (
          <Box
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              '& .bpw-markdown-content': { height, overflowY: 'auto' },
              // The block type's placeholder is a pale grey below 4.5:1 (WCAG AA).
              '&& [data-placeholder] > span:first-of-type': { color: 'text.secondary' },
            }}
          >
            <MDXEditor
              ref={mdxRef}
              markdown={text}
              onChange={(markdown, isNormalization) => {
                if (!isNormalization) change(markdown);
              }}
              plugins={plugins}
              translation={translation}
              readOnly={Boolean(disabled)}
              contentEditableClassName="bpw-markdown-content"
              spellCheck
            />
          </Box>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('markdownEditor.hint')}
      </Typography>
    </Box>
  );
}
