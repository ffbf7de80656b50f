// MUI's deDE texts, a chunk of their own loaded with the locale's texts (app/mui-locale.ts).
export { deDE as muiLocale } from '@mui/material/locale';
