import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalDialogProps {
  open: boolean;
  /** Called for Escape, a click on the backdrop, and when the dialog closed in any other way. */
  onClose: () => void;
  title: string;
  /** The text that says what the dialog asks (a confirmation's message). */
  describedBy?: string;
  isWide?: boolean;
  children: (titleId: string) => ReactNode;
  actions: ReactNode;
}

/**
 * A modal dialog on the native <dialog>: the browser keeps the rest of the page inert and closes
 * it with Escape. The element marked `data-autofocus` takes the focus; on closing, the focus goes
 * back to where it was, as in MUI's Dialog.
 */
export function ModalDialog({ open, onClose, title, describedBy, isWide, children, actions }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || open === dialog.open) return;
    if (!open) return dialog.close();
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const giveFocusBack = () => opener?.focus();
    dialog.addEventListener('close', giveFocusBack, { once: true });
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={isWide ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onClose={() => {
        if (open) onClose();
      }}
      // The dialog box is covered by its parts, so a click on the element itself hit the backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {children(titleId)}
      <div className="dialog-actions">{actions}</div>
    </dialog>
  );
}
