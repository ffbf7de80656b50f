import Box, { type BoxProps } from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

/**
 * User-written markdown (an event's description) as React elements. react-markdown never renders
 * raw HTML, rehype-sanitize removes what is left unsafe (javascript: links, event handlers, ids
 * that could clobber the page), and links open in a new tab. Headings start below the page's own
 * h1, so a "# Title" in the text keeps the page's outline.
 */
const shiftedHeadings = { h1: 'h2', h2: 'h3', h3: 'h4', h4: 'h5', h5: 'h6', h6: 'h6' } as const;

const headingComponents = Object.fromEntries(
  Object.entries(shiftedHeadings).map(([from, to]) => [
    from,
    ({ node: _node, ...props }: ComponentProps<'h1'> & { node?: unknown }) => <Box component={to} {...props} />,
  ]),
) as Components;

const components: Components = {
  ...headingComponents,
  a: ({ node: _node, href, children, ...props }) => (
    <Link href={href} target="_blank" rel="noopener noreferrer nofollow" underline="always" {...props}>
      {children}
    </Link>
  ),
};

export function MarkdownView({ text, sx, ...props }: { text: string } & Omit<BoxProps, 'children'>) {
  return (
    <Box
      {...props}
      sx={[
        {
          overflowWrap: 'anywhere',
          '& img': { maxWidth: '100%', height: 'auto' },
          '& h2, & h3, & h4, & h5, & h6': { lineHeight: 1.3, mt: 2, mb: 1 },
          '& h2': { typography: 'h5' },
          '& h3': { typography: 'h6' },
          '& h4, & h5, & h6': { typography: 'subtitle1', fontWeight: 600 },
          '& p': { typography: 'body1', my: 1 },
          '& pre': { overflowX: 'auto' },
          '& blockquote': { borderLeft: 4, borderColor: 'divider', m: 0, pl: 2, color: 'text.secondary' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Markdown rehypePlugins={[rehypeSanitize]} components={components}>
        {text}
      </Markdown>
    </Box>
  );
}
