import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MarkdownView } from '../../../components/markdown-view';

/** Spec 02 §2: the teaser split into paragraphs at line breaks. */
export const teaserParagraphs = (teaser: string) =>
  teaser
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The teaser as paragraphs and the markdown description, sanitised. */
export function EventTexts({ teaserText, description }: { teaserText: string; description: string | null }) {
  return (
    <Box>
      {teaserParagraphs(teaserText).map((paragraph, index) => (
        <Typography key={index} variant="body1" sx={{ fontWeight: 500, mb: 1.5, overflowWrap: 'anywhere' }}>
          {paragraph}
        </Typography>
      ))}
      {description ? <MarkdownView text={description} /> : null}
    </Box>
  );
}
