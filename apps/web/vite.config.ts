import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Vendor groups with their own chunk, so no chunk passes 500 kB minified.
// (Rolldown's codeSplitting groups replace Rollup's manualChunks in Vite 8.)
const nm = String.raw`[\\/]node_modules[\\/]`;
const vendorGroups = [
  { name: 'react', test: new RegExp(`${nm}(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\\\/]`) },
  // The charts (dashboard) and the date pickers (date inputs) apart: together they pass 500 kB.
  { name: 'mui-x-charts', test: new RegExp(`${nm}@mui[\\\\/]x-charts`) },
  { name: 'mui-x', test: new RegExp(`${nm}@mui[\\\\/]x-`) },
  { name: 'mui-icons', test: new RegExp(`${nm}@mui[\\\\/]icons-material[\\\\/]`) },
  {
    name: 'mui',
    test: new RegExp(
      `${nm}(@mui|@emotion|@popperjs|react-transition-group|stylis|clsx|prop-types|react-is|hoist-non-react-statics|@babel[\\\\/]runtime)[\\\\/]`,
    ),
  },
  { name: 'forms', test: new RegExp(`${nm}(react-hook-form|@hookform|@standard-schema|zod)[\\\\/]`) },
  { name: 'i18n', test: new RegExp(`${nm}(i18next|react-i18next|html-parse-stringify|void-elements)[\\\\/]`) },
  { name: 'vendor', test: new RegExp(`${nm}(@tanstack|notistack|dayjs|goober)[\\\\/]`) },
  // The event description editor (@mdxeditor/editor), loaded only with the event form, in parts
  // below 500 kB each.
  { name: 'editor-lexical', test: new RegExp(`${nm}(@lexical|lexical)[\\\\/]`) },
  { name: 'editor', test: new RegExp(`${nm}(@mdxeditor|@radix-ui|@floating-ui|downshift|diff)[\\\\/]`) },
];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000' },
    },
  },
});
