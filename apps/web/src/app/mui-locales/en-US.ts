// MUI's enUS texts, a chunk of their own loaded with the locale's texts (app/mui-locale.ts).
export { enUS as muiLocale } from '@mui/material/locale';
