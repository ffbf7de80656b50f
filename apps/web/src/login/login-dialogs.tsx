import { useId } from 'react';
import { ModalDialog } from './modal-dialog';
import { useTexts } from './login-texts';

const paragraphKeys = ['terms.p1', 'terms.p2', 'terms.p3', 'terms.p4', 'terms.p5'] as const;

/** The terms and conditions (spec 01 §1), the same texts as the SPA's terms dialog. */
export function TermsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTexts();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t('terms.title')}
      isWide
      actions={
        <button type="button" className="button button-contained" onClick={onClose} data-autofocus>
          {t('common.close')}
        </button>
      }
    >
      {(titleId) => (
        // Focusable, so keyboard users can scroll the long text on small screens.
        <div className="dialog-content dialog-dividers" tabIndex={0} role="region" aria-labelledby={titleId}>
          {paragraphKeys.map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
        </div>
      )}
    </ModalDialog>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action (spec 01 §8, confirmation dialogs), like the SPA's ConfirmDialog. */
export function ConfirmDialog({ open, title, message, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const t = useTexts();
  const messageId = useId();
  return (
    <ModalDialog
      open={open}
      onClose={onCancel}
      title={title}
      describedBy={messageId}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button button-contained" onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </button>
        </>
      }
    >
      {() => (
        <div className="dialog-content">
          <p id={messageId} className="dialog-text">
            {message}
          </p>
        </div>
      )}
    </ModalDialog>
  );
}
