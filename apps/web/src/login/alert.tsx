import type { ReactNode } from 'react';
import { Icon } from './icons';
import { useTexts } from './login-texts';

interface AlertProps {
  severity: 'error' | 'success';
  title?: string;
  onClose?: () => void;
  children: ReactNode;
}

/** A message box like MUI's Alert (role alert, so screen readers announce it). */
export function Alert({ severity, title, onClose, children }: AlertProps) {
  const t = useTexts();
  return (
    <div role="alert" className={`alert alert-${severity}`}>
      <div className="alert-icon">
        <Icon name={severity === 'error' ? 'errorOutline' : 'successOutlined'} />
      </div>
      <div className="alert-message">
        {title ? <div className="alert-title">{title}</div> : null}
        {children}
      </div>
      {onClose ? (
        <div className="alert-close">
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The server's messages for a failed sign-in, as a list in an error box (spec 01 §8). */
export function ErrorList({ title, errors }: { title: string; errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert severity="error" title={title}>
      {errors.length === 1 ? (
        errors[0]
      ) : (
        <ul className="alert-list">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
