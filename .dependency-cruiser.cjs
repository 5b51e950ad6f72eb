/**
 * `npm run check:cycles`: no import cycles in the product code (issue 30). A cycle makes module order decide what
 * is initialised when, and blurs which of two modules is the lower layer; type-only imports count too, since they
 * tie the layers the same way.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Break the cycle: move the shared piece down a layer (platform below features, lib below components).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.next)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
