import { defineConfig } from 'vitest/config';
import { loginTexts } from './vite-login-texts';

export default defineConfig({
  root: import.meta.dirname,
  // The login page's texts are a virtual module of the build (vite-login-texts.ts).
  plugins: [loginTexts()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
