/**
 * Tabs with textColor inherit dim the unselected ones to 60 % opacity, which fails WCAG AA on the
 * light background: full opacity with the theme's secondary text instead.
 */
export const tabContrast = {
  '& .MuiTab-root': { opacity: 1, color: 'text.secondary' },
  '& .MuiTab-root.Mui-selected': { color: 'text.primary' },
  '& .MuiTab-root.Mui-disabled': { color: 'text.disabled' },
} as const;
