import labels from '@bpw/domain/labels/it-CH.json';
import messages from '@bpw/domain/messages/it-CH.json';
import common from '../it-CH.json';
import { buildTranslation } from '../translation';

// One chunk per locale: a visitor loads the texts of her language only.
const features = import.meta.glob<Record<string, unknown>>(
  [
    '../../features/**/i18n/it-CH.json',
    '../../components/**/i18n/it-CH.json',
    // Loaded with their pages (features/webhooks/use-webhook-texts.ts), not with the shell.
    '!../../features/webhooks/i18n/it-CH.json',
    // The same for the invoices (features/invoices/use-invoice-texts.ts).
    '!../../features/invoices/i18n/it-CH.json',
    // And the mailings (features/mailings/use-mailing-texts.ts).
    '!../../features/mailings/i18n/it-CH.json',
    // And the privacy requests (features/privacy-requests/use-privacy-request-texts.ts).
    '!../../features/privacy-requests/i18n/it-CH.json',
  ],
  {
    eager: true,
    import: 'default',
  },
);

export default buildTranslation({ common, features, labels, messages });
