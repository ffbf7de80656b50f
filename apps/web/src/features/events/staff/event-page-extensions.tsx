import ContentCopy from '@mui/icons-material/ContentCopy';
import FileDownload from '@mui/icons-material/FileDownload';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import Share from '@mui/icons-material/Share';
import type { EventDetail } from '@bpw/domain/schemas/event';
import type { ReactElement, ReactNode } from 'react';
import { EventTab } from './event-tab';
import { OpenCheckInAction } from './open-check-in-action';
import { CopyCustomFieldsDialog } from '../custom-fields/copy-custom-fields-dialog';
import { CustomFieldDialog } from '../custom-fields/custom-field-form-dialog';
import { CustomFieldsTab } from '../custom-fields/custom-fields-tab';
import { EventPublicationsTab } from '../publications/event-publications-tab';
import { PublicationCreateDialog } from '../publications/publication-create-dialog';
import { ExportRegistrationsAction } from '../registrations/export-registrations-action';
import { RegistrationsTab } from '../registrations/registrations-tab';

/**
 * The event page's extension point (spec 02 §2 "Internal event detail"). The page shows the tabs
 * and menu actions listed here, in this order; the other parts of the event area (custom fields,
 * registrations, publications) add their entries to these lists, and the page needs no change.
 */

/** A tab of the event page. */
export interface EventPageTab {
  /** The tab's value, remembered per route in session storage; unique. */
  name: string;
  /** i18n key of the tab's label. */
  labelKey: string;
  /** Spec 02 §2: only the Event tab is shown to those who cannot manage the event (read-only). */
  isForManagersOnly: boolean;
  render: (event: EventDetail, canManage: boolean) => ReactNode;
}

export interface EventMenuActionProps {
  event: EventDetail;
  /** Ends the action: the page stops rendering it. */
  onClose: () => void;
  /** Shows a tab of the page (e.g. the list the action added to). */
  showTab: (name: string) => void;
}

/**
 * An action of the header menu. While it is chosen the page renders `render(...)`: usually a
 * dialog (open from the start, calling onClose when done); an action without a dialog (a
 * download) does its work in an effect and calls onClose.
 */
export interface EventMenuAction {
  key: string;
  /** i18n key of the menu item's text. */
  labelKey: string;
  icon: ReactElement;
  /** Spec 02 §2: managing actions are offered only to those who can manage the event. */
  isForManagersOnly: boolean;
  /** Offered only when this answers true (default: always). */
  isAvailable?: (event: EventDetail) => boolean;
  render: (props: EventMenuActionProps) => ReactNode;
}

/** Spec 02 §2 tab order: Event, custom fields, registrations, publications. */
export const eventPageTabs: readonly EventPageTab[] = [
  {
    name: 'event',
    labelKey: 'eventsStaff.tabs.event',
    isForManagersOnly: false,
    render: (event, canManage) => <EventTab event={event} canManage={canManage} />,
  },
  {
    name: 'customFields',
    labelKey: 'eventCustomFieldsStaff.tab',
    isForManagersOnly: true,
    render: (event) => <CustomFieldsTab event={event} />,
  },
  {
    name: 'registrations',
    labelKey: 'eventRegistrationsStaff.tab',
    isForManagersOnly: true,
    render: (event) => <RegistrationsTab event={event} />,
  },
  {
    name: 'publications',
    labelKey: 'eventPublicationsStaff.tab',
    isForManagersOnly: true,
    render: (event) => <EventPublicationsTab event={event} />,
  },
];

/**
 * The menu actions between "open public page" and "edit" (spec 02 §2 order: add publication,
 * export registrations, add custom field, copy custom fields). Preview, open public page, edit,
 * update state and delete are the page's own.
 */
export const eventMenuActions: readonly EventMenuAction[] = [
  {
    // Issue 19: the door page (its own full-screen page, made for a phone).
    key: 'checkIn',
    labelKey: 'eventsStaff.checkIn',
    icon: <QrCodeScanner />,
    isForManagersOnly: true,
    isAvailable: (event) => event.registrationSlots !== null && !event.externalRegistrationUrl,
    render: ({ event }) => <OpenCheckInAction eventId={event.id} />,
  },
  {
    key: 'addPublication',
    labelKey: 'eventPublicationsStaff.actions.create',
    icon: <Share />,
    isForManagersOnly: true,
    render: ({ event, onClose, showTab }) => (
      <PublicationCreateDialog event={event} onClose={onClose} onCreated={() => showTab('publications')} />
    ),
  },
  {
    key: 'exportRegistrations',
    labelKey: 'eventRegistrationsStaff.export.action',
    icon: <FileDownload />,
    isForManagersOnly: true,
    render: ({ event, onClose }) => <ExportRegistrationsAction eventId={event.id} onClose={onClose} />,
  },
  {
    key: 'addCustomField',
    labelKey: 'eventCustomFieldsStaff.actions.create',
    icon: <PlaylistAdd />,
    isForManagersOnly: true,
    render: ({ event, onClose, showTab }) => (
      <CustomFieldDialog eventId={event.id} field={null} onClose={onClose} onSaved={() => showTab('customFields')} />
    ),
  },
  {
    key: 'copyCustomFields',
    labelKey: 'eventCustomFieldsStaff.actions.copy',
    icon: <ContentCopy />,
    isForManagersOnly: true,
    render: ({ event, onClose, showTab }) => (
      <CopyCustomFieldsDialog event={event} onClose={onClose} onCopied={() => showTab('customFields')} />
    ),
  },
];
