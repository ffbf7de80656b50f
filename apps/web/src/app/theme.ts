import { createTheme, type Theme } from '@mui/material/styles';
import { muiLocaleOf } from './mui-locale';
import type { Locale } from '../lib/locale';

const ink = '#1a1a1a';

/**
 * Primary yellow with black text, secondary black (spec 01 §9). Yellow fails contrast as text
 * or outline on white, so text-like controls (links, text buttons, inputs, checkboxes) and the
 * keyboard focus ring use the dark ink instead.
 */
export function createAppTheme(locale: Locale): Theme {
  return createTheme(
    {
      palette: {
        primary: { main: '#FFD400', light: '#FFE566', dark: '#C7A600', contrastText: '#000000' },
        secondary: { main: ink, contrastText: '#FFFFFF' },
        background: { default: '#F7F7F5' },
      },
      focusVisible: { outlineColor: ink },
      components: {
        MuiButton: {
          variants: [
            { props: { variant: 'text', color: 'primary' }, style: { color: ink } },
            { props: { variant: 'outlined', color: 'primary' }, style: { color: ink, borderColor: ink } },
          ],
        },
        MuiLink: { defaultProps: { color: 'inherit' } },
        MuiTextField: { defaultProps: { color: 'secondary' } },
        MuiCheckbox: { defaultProps: { color: 'secondary' } },
        MuiRadio: { defaultProps: { color: 'secondary' } },
        MuiSwitch: { defaultProps: { color: 'secondary' } },
        MuiTabs: { defaultProps: { textColor: 'inherit', indicatorColor: 'secondary' } },
        MuiCircularProgress: { defaultProps: { color: 'secondary' } },
        MuiLinearProgress: { defaultProps: { color: 'secondary' } },
      },
    },
    muiLocaleOf(locale),
  );
}
