import Box, { type BoxProps } from '@mui/material/Box';
import { createElement, Fragment, useMemo, type ReactNode } from 'react';

/**
 * Server-written HTML (notification contents) shown without `dangerouslySetInnerHTML`: the text
 * is parsed with the browser's inert DOMParser (scripts never run, images never load there) and
 * only a whitelist of tags is rebuilt as React elements. Attributes are dropped, except an
 * http(s) `href` on links; unknown elements keep their text, dangerous ones disappear whole.
 */
const allowedTags = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'a', 'ul', 'ol', 'li']);
/** Elements whose content is code or embedded media, never readable text. */
const droppedTags = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'noscript',
  'svg',
  'math',
  'head',
  'title',
  'textarea',
  'select',
]);

/** An absolute http or https URL, else null (javascript:, data:, relative paths ...). */
export function safeHref(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (droppedTags.has(tag)) return null;
  const children = convertChildren(element);
  if (!allowedTags.has(tag)) return createElement(Fragment, { key }, ...children);
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href'));
    if (!href) return createElement(Fragment, { key }, ...children);
    return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer' }, ...children);
  }
  return createElement(tag, { key }, ...children);
}

function convertChildren(parent: Node): ReactNode[] {
  return Array.from(parent.childNodes, (child, index) => convert(child, String(index)));
}

/** The whitelisted React tree of an HTML text. */
export function sanitizeHtml(html: string): ReactNode[] {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return convertChildren(document.body);
}

type SafeHtmlProps = Omit<BoxProps, 'children' | 'dangerouslySetInnerHTML'> & { html: string };

export function SafeHtml({ html, sx, ...props }: SafeHtmlProps) {
  const content = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Box {...props} sx={[{ '& p': { my: 0.5 }, '& ul, & ol': { my: 0.5, pl: 3 } }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {content}
    </Box>
  );
}
