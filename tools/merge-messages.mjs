// Adds keys to the shared message files without clobbering other people's keys:
//   node tools/merge-messages.mjs patch.json
// where patch.json is { "de-CH": {...}, "fr-CH": {...}, "it-CH": {...}, "en-US": {...} }.
// Each locale's tree is deep-merged into packages/domain/src/messages/<locale>.json.
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../packages/domain/src/messages');
const patch = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const locales = ['de-CH', 'fr-CH', 'it-CH', 'en-US'];
for (const locale of locales) if (!patch[locale]) throw new Error(`patch lacks ${locale}`);

const merge = (target, source) => {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object') target[key] = merge(target[key] ?? {}, value);
    else target[key] = value;
  }
  return target;
};
for (const locale of locales) {
  const file = path.join(dir, `${locale}.json`);
  const merged = merge(JSON.parse(fs.readFileSync(file, 'utf8')), patch[locale]);
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(merged, null, 2)}\n`);
  fs.renameSync(`${file}.tmp`, file);
}
console.log(`merged into ${locales.length} message files`);
