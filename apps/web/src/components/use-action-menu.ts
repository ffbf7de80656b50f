import { type MouseEvent, useCallback, useId, useState } from 'react';

/**
 * A menu opened by a button, wired for screen readers (the button says it opens a menu and
 * which, the menu names its button) and opening below the button's right edge. Spread
 * `buttonProps` on the button and `menuProps` on MUI's Menu; `close` after a choice.
 */
export function useActionMenu() {
  const menuId = useId();
  const buttonId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = useCallback(() => setAnchor(null), []);
  return {
    close,
    buttonProps: {
      id: buttonId,
      'aria-haspopup': 'menu' as const,
      'aria-controls': anchor ? menuId : undefined,
      'aria-expanded': anchor ? true : undefined,
      onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
    },
    menuProps: {
      id: menuId,
      anchorEl: anchor,
      open: anchor !== null,
      onClose: close,
      slotProps: { list: { 'aria-labelledby': buttonId } },
      anchorOrigin: { vertical: 'bottom', horizontal: 'right' } as const,
      transformOrigin: { vertical: 'top', horizontal: 'right' } as const,
    },
  };
}
