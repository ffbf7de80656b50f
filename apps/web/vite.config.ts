import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress';

// Rolldown splits by use: a page's chunk and the shared chunks it needs, so the login route
// loads only what the login page uses. Named groups only where a chunk would otherwise pass
// 500 kB minified. React's group takes its dependencies along; the editor's groups do not, so
// small libraries they share with the shell (clsx and the like) stay out of the editor's chunks.
const nm = String.raw`[\\/]node_modules[\\/]`;
const vendorGroups = [
  { name: 'react', priority: 3, test: new RegExp(`${nm}(react|react-dom|scheduler)[\\\\/]`) },
  // The event description editor (@mdxeditor/editor), loaded only with the event form, in parts
  // below 500 kB each.
  {
    name: 'editor-lexical',
    priority: 2,
    includeDependenciesRecursively: false,
    test: new RegExp(`${nm}(@lexical|lexical)[\\\\/]`),
  },
  {
    name: 'editor',
    priority: 1,
    includeDependenciesRecursively: false,
    test: new RegExp(`${nm}(@mdxeditor|@radix-ui|@floating-ui|downshift|diff)[\\\\/]`),
  },
];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
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
