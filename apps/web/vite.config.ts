import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { loginTexts } from './vite-login-texts';
import { precompress } from './vite-precompress';

// Rolldown splits by use: a page's chunk and the shared chunks it needs, so the login route
// loads only what the login page uses. Named groups only where a chunk would otherwise pass
// 500 kB minified: the event description editor (loaded with the event form only). A group takes
// its modules' dependencies along unless a group of higher priority took them first; so what
// the editor shares with the rest of the app (React and small helpers, forms, the markdown
// parser of the description view) has groups of its own, of higher priority.
const nm = String.raw`[\\/]node_modules[\\/]`;
const vendorGroups = [
  {
    name: 'react',
    priority: 5,
    test: new RegExp(`${nm}(react|react-dom|scheduler|@babel[\\\\/]runtime|clsx|tslib|use-sync-external-store)[\\\\/]`),
  },
  { name: 'forms', priority: 4, test: new RegExp(`${nm}(react-hook-form|@hookform)[\\\\/]`) },
  {
    name: 'markdown',
    priority: 3,
    test: new RegExp(
      `${nm}(micromark[^\\\\/]*|mdast-[^\\\\/]*|unist-[^\\\\/]*|vfile[^\\\\/]*|estree-util-[^\\\\/]*|decode-named-character-reference|character-entities[^\\\\/]*|devlop)[\\\\/]`,
    ),
  },
  { name: 'editor-lexical', priority: 2, test: new RegExp(`${nm}(@lexical|lexical)[\\\\/]`) },
  { name: 'editor', priority: 1, test: new RegExp(`${nm}(@mdxeditor|@radix-ui|@floating-ui|downshift|diff)[\\\\/]`) },
];

/**
 * The login page is a page of its own (login.html, issue 8); the dev server answers /login with
 * it, as the API server does in production.
 */
const loginPageInDev: Plugin = {
  name: 'bpw-login-page-in-dev',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (request.url === '/login' || request.url?.startsWith('/login?')) {
        request.url = request.url.replace('/login', '/login.html');
      }
      next();
    });
  },
};

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), loginTexts(), loginPageInDev, precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      // Two pages: the SPA and the login page, which share the `react` chunk.
      input: {
        index: path.join(import.meta.dirname, 'index.html'),
        login: path.join(import.meta.dirname, 'login.html'),
      },
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000' },
    },
  },
});
