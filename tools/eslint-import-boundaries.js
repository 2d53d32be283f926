// @ts-check
/**
 * A local ESLint rule for DESIGN §3's import boundaries. It resolves each relative import against
 * the importing file and refuses it when the target lies in a zone the file may not reach.
 * (eslint-plugin-import-x would do this, but its native resolver's platform packages are not all
 * on the registry this project installs from, which breaks `npm ci`.)
 */
import { dirname, relative, resolve, sep } from 'node:path';

/** @typedef {{ target: string, from: string[], except?: string[], message: string }} Zone */

const inside = (file, dir) => {
  const rel = relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel));
};

/** @type {import('eslint').Rule.RuleModule} */
const noRestrictedPaths = {
  meta: { type: 'problem', schema: [{ type: 'object', additionalProperties: true }], messages: { restricted: '{{message}}' } },
  create(context) {
    const { basePath, zones } = /** @type {{ basePath: string, zones: Zone[] }} */ (context.options[0]);
    const file = context.filename;
    const applicable = zones.filter((zone) => inside(file, resolve(basePath, zone.target)));
    if (applicable.length === 0) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolve(dirname(file), source);
      for (const zone of applicable) {
        const blocked = zone.from.some((from) => inside(target, resolve(basePath, from)));
        const excepted = (zone.except ?? []).some((except) => zone.from.some((from) => inside(target, resolve(basePath, from, except))));
        if (blocked && !excepted) context.report({ node, messageId: 'restricted', data: { message: zone.message } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'no-restricted-paths': noRestrictedPaths } };
