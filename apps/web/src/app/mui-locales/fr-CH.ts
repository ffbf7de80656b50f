// MUI's frFR texts, a chunk of their own loaded with the locale's texts (app/mui-locale.ts).
export { frFR as muiLocale } from '@mui/material/locale';
