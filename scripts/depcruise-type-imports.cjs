/**
 * A Babel plugin for dependency-cruiser (.dependency-cruiser.babel.json): in the server's files, an import that
 * takes only types (`import type`, `import { type A }`, `export type … from`) becomes a plain import of the same
 * file, so the server's rules, module cycles included, count what a file only takes types from. Babel's
 * TypeScript preset would strip it unseen, and TypeScript 7 has no compiler API for dependency-cruiser to tell
 * type imports apart. The web's and the contracts' files keep theirs stripped: their rules let types through.
 */
module.exports = function keepServerTypeImports({ types: t }) {
  const typeOnly = (node) =>
    node.importKind === 'type' ||
    node.exportKind === 'type' ||
    (node.specifiers.length > 0 &&
      node.specifiers.every((specifier) => specifier.importKind === 'type' || specifier.exportKind === 'type'));
  return {
    name: 'keep-server-type-imports',
    visitor: {
      // On entering the program: the TypeScript preset drops type imports there, after this plugin's turn.
      Program(path, state) {
        if (!/(^|[\\/])apps[\\/]server[\\/]/.test(state.filename ?? '')) return;
        for (const statement of path.get('body')) {
          const { node } = statement;
          const kind = node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration';
          if (kind && node.source && typeOnly(node)) {
            statement.replaceWith(t.importDeclaration([], t.stringLiteral(node.source.value)));
          }
        }
      },
    },
  };
};
