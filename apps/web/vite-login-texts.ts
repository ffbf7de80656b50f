import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { isLocale } from './src/lib/locale';
import { pickLoginTexts } from './src/login/login-text-keys';

const prefix = 'virtual:login-texts/';

/**
 * `virtual:login-texts/<locale>`: the login page's texts of one locale, picked at build time
 * from the SPA's locale files. A JSON import would bring a whole file (bundlers do not
 * tree-shake JSON by key).
 */
export function loginTexts(): Plugin {
  return {
    name: 'bpw-login-texts',
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const locale = id.slice(prefix.length + 1);
      if (!isLocale(locale)) return this.error(`No login texts for '${locale}'.`);
      const files = [
        path.join(import.meta.dirname, 'src/i18n', `${locale}.json`),
        path.join(import.meta.dirname, '../../packages/domain/src/messages', `${locale}.json`),
      ];
      for (const file of files) this.addWatchFile(file);
      const texts = pickLoginTexts(files.map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as unknown));
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}
