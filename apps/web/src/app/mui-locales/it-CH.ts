// MUI's itIT texts, a chunk of their own loaded with the locale's texts (app/mui-locale.ts).
export { itIT as muiLocale } from '@mui/material/locale';
