import CssBaseline from '@mui/material/CssBaseline';
import { styled, ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createAppTheme } from './theme';
import { defaultLocale, isLocale } from '../lib/locale';
import { queryClient } from '../lib/query-client';

// notistack's own colours are too light for white text (WCAG AA); use the theme's dark shades.
const SnackbarContent = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.dark },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.dark },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.dark },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.light, color: '#000' },
}));

const snackbarComponents = {
  default: SnackbarContent,
  success: SnackbarContent,
  error: SnackbarContent,
  info: SnackbarContent,
  warning: SnackbarContent,
};

export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : defaultLocale;
  const theme = useMemo(() => createAppTheme(locale), [locale]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          autoHideDuration={3000}
          maxSnack={3}
          Components={snackbarComponents}
        >
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
