// Keeps the boundaries of DESIGN.md: web features never import each other; an API feature uses
// another only through that feature's service module; packages/domain does no I/O.
import path from 'node:path';
import { builtinModules } from 'node:module';

const root = path.resolve(import.meta.dirname, '..');
const featureOf = (file, base) => {
  const rel = path.relative(path.join(root, base), file);
  if (rel.startsWith('..')) return undefined;
  const [feature, ...rest] = rel.split(path.sep);
  return rest.length ? feature : undefined;
};
const ioModules = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
const ioPackages = [
  'pg',
  '@electric-sql/',
  'drizzle-orm',
  'fastify',
  '@fastify/',
  'nodemailer',
  'sharp',
  'react',
  'exceljs',
];

const rule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const inDomain = !path.relative(path.join(root, 'packages/domain'), file).startsWith('..');
      if (inDomain) {
        if (
          ioModules.has(source) ||
          ioPackages.some((p) => source === p || source.startsWith(p.endsWith('/') ? p : `${p}/`))
        ) {
          context.report({ node, message: `packages/domain does no I/O: '${source}' is not allowed here.` });
        }
        if (source.includes('apps/')) context.report({ node, message: 'packages/domain must not import from apps/.' });
        return;
      }
      if (!source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      for (const base of ['apps/web/src/features', 'apps/api/src/features']) {
        const from = featureOf(file, base);
        const to = featureOf(target, base);
        if (!from || !to || from === to) continue;
        if (base.startsWith('apps/web')) {
          context.report({
            node,
            message: `Web feature '${from}' must not import feature '${to}': move shared code to components/ or lib/.`,
          });
        } else if (!/\.service(\.ts)?$/.test(target)) {
          context.report({ node, message: `API feature '${from}' may use '${to}' only through its service module.` });
        }
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { imports: rule } };
