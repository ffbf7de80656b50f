import { type LanguageCode, localeOfLanguage } from '@bpw/domain/enums/language';
import { salutationEnum, type Salutation } from '@bpw/domain/enums/person-fields';
import type { MailingText } from '@bpw/domain/schemas/mailing';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { translate } from '../../platform/i18n';

/**
 * A mailing's text as mail (issue 18): markdown to HTML the way the web app shows an event's
 * description (components/markdown-view.tsx: remark without raw HTML, then rehype-sanitize with
 * its default schema), plus the markdown itself as the text part. Placeholders are replaced
 * after rendering, HTML-escaped, so a name can never become markup.
 */
const processor = unified().use(remarkParse).use(remarkRehype).use(rehypeSanitize).use(rehypeStringify);

export const markdownToHtml = (markdown: string): string => String(processor.processSync(markdown));

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** What the placeholders of one recipient stand for. */
export type RecipientFields = {
  language: LanguageCode;
  salutation: number | null;
  firstname: string | null;
  lastname: string | null;
  clubName: string | null;
};

export function placeholderValues(r: RecipientFields): Record<string, string> {
  const salutation =
    r.salutation !== null && salutationEnum.is(r.salutation)
      ? translate(localeOfLanguage[r.language], salutationEnum.labelKey(r.salutation as Salutation))
      : '';
  return {
    '{salutation}': salutation,
    '{firstName}': r.firstname ?? '',
    '{lastName}': r.lastname ?? '',
    '{club}': r.clubName ?? '',
  };
}

const PLACEHOLDER = /\{(?:salutation|firstName|lastName|club)\}/g;
const fill = (template: string, values: Record<string, string>, escape: (s: string) => string) =>
  template.replace(PLACEHOLDER, (name) => escape(values[name] ?? ''));

/** The parts of one language rendered once; `forRecipient` only fills in her values. */
export type MailTemplate = {
  language: LanguageCode;
  forRecipient: (r: RecipientFields, unsubscribe?: { url: string; listName: string }) => MailParts;
};
export type MailParts = { subject: string; html: string; text: string };

export function mailTemplate(text: MailingText): MailTemplate {
  const html = markdownToHtml(text.body);
  const language = text.language as LanguageCode;
  return {
    language,
    forRecipient: (r, unsubscribe) => {
      const values = placeholderValues(r);
      // A header line: the values cannot break it into two.
      const subject = fill(text.subject, values, (s) => s).replace(/[\r\n]+/g, ' ');
      let bodyHtml = fill(html, values, escapeHtml);
      let bodyText = fill(text.body, values, (s) => s);
      if (unsubscribe) {
        const locale = localeOfLanguage[language];
        const notice = translate(locale, 'mail.mailingListNotice', { list: unsubscribe.listName });
        const action = translate(locale, 'mail.mailingUnsubscribe');
        bodyHtml += `\n<hr>\n<p><small>${escapeHtml(notice)} <a href="${escapeHtml(unsubscribe.url)}">${escapeHtml(action)}</a></small></p>`;
        bodyText += `\n\n-- \n${notice}\n${action}: ${unsubscribe.url}\n`;
      }
      return { subject, html: bodyHtml, text: bodyText };
    },
  };
}

/** Her correspondence language if the mailing has it, else German, else the first text's. */
export function textFor(texts: readonly MailingText[], language: string): MailingText {
  return texts.find((t) => t.language === language) ?? texts.find((t) => t.language === 'de') ?? texts[0]!;
}
