/**
 * npm run check:exports (part of npm run check): product code (app/, components/, lib/, middleware.ts,
 * instrumentation.ts) exports no value that is used nowhere (dead code), and no product module is imported only by
 * tests or scripts (such code belongs under tests/helpers or scripts/lib). Next.js's entry exports (page default,
 * metadata, route handlers, middleware config …) count as used; type-only exports are not checked. Imports through
 * a barrel (`export * from`) count for the module that declares the name; `import('x').then((m) => m.Name)` and
 * `(await import('x')).Name` count the names they read. Uses the TypeScript compiler API with the project's
 * tsconfig, so `@/` paths resolve as in the build. Exits non-zero with the list.
 */
import path from 'node:path';
import ts from 'typescript';

const ROOT = process.cwd();
const PRODUCT = /^(app|components|lib)\/|^(middleware|instrumentation)\.ts$/;

/** Exports Next.js reads from route files, middleware and instrumentation. */
const NEXT_ENTRY_FILE =
  /^app\/(.*\/)?(page|layout|route|error|not-found|loading|forbidden|unauthorized|global-error|template|default)\.tsx?$|^(middleware|instrumentation)\.ts$/;
const NEXT_ENTRY_EXPORTS = new Set(
  'default metadata generateMetadata viewport generateViewport generateStaticParams dynamic dynamicParams revalidate runtime preferredRegion maxDuration fetchCache config middleware register GET HEAD POST PUT PATCH DELETE OPTIONS'.split(
    ' ',
  ),
);

/**
 * Modules kept although no screen uses them yet, each proven by its component or unit tests: the shadcn-style
 * primitives (a module exports a primitive's parts; screens use the parts they need), and kit pieces and widgets
 * of spec 001 for the screens still to build. A screen that starts using one may delete its line.
 */
const KEPT_FOR_SCREENS: readonly RegExp[] = [
  /^components\/ui\//,
  // The kit's column grouping, URL paging and URL time range: opt-in parts for the list screens to come.
  /^components\/data-table\/features\/grouped\.ts$/,
  /^components\/data-table\/use-url-table\.ts$/,
  // The progress bar of spec 001 §9 (min 5 %, orange over 75, red over 90), for the screens that show a percentage.
  /^components\/widgets\/progress-bar\.tsx$/,
  // The form kit (docs/forms.md) and the connection form, tested by their component tests, for the screens to build.
  /^components\/forms\//,
  /^components\/connections\//,
  /^lib\/forms\//,
  /^lib\/connections\//,
];

/** Single exports kept the same way (`path#name`): dead today, in areas whose owners remove them, or spec constants. */
const KEPT_EXPORTS: ReadonlySet<string> = new Set([
  'components/shell/session-provider.tsx#useAccess',
  'lib/format/severity.ts#INCIDENT_SEVERITY_OPTIONS',
  'lib/auth/next-auth.ts#authModeIsNextAuth',
  'lib/embedded-backend/bootstrap.ts#getDatabase',
  'lib/embedded-backend/endpoints/shared/http.ts#optionalString',
]);

function relative(file: string): string {
  return path.relative(ROOT, file).split(path.sep).join('/');
}

function main() {
  const configPath = ts.findConfigFile(ROOT, ts.sys.fileExists, 'tsconfig.json');
  if (!configPath) throw new Error('tsconfig.json not found');
  const parsed = ts.parseJsonConfigFileContent(
    ts.readConfigFile(configPath, ts.sys.readFile).config,
    ts.sys,
    ROOT,
  );
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: { ...parsed.options, noEmit: true },
  });
  const checker = program.getTypeChecker();
  const files = program
    .getSourceFiles()
    .filter((f) => !f.isDeclarationFile && !f.fileName.includes('/node_modules/'));
  const byName = new Map(files.map((f) => [relative(f.fileName), f]));

  const resolve = (specifier: string, from: string): string | undefined => {
    const resolved = ts.resolveModuleName(specifier, from, parsed.options, ts.sys).resolvedModule
      ?.resolvedFileName;
    return resolved && !resolved.includes('/node_modules/') ? relative(resolved) : undefined;
  };

  /** Per module: its exported values, whether each is declared here, and its re-exports. */
  interface ModuleInfo {
    values: Set<string>;
    own: Set<string>;
    named: Map<string, { target: string; name: string }>;
    star: string[];
  }
  const infos = new Map<string, ModuleInfo>();
  for (const file of files) {
    const name = relative(file.fileName);
    const info: ModuleInfo = { values: new Set(), own: new Set(), named: new Map(), star: [] };
    const symbol = checker.getSymbolAtLocation(file);
    for (const exported of symbol ? checker.getExportsOfModule(symbol) : []) {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const isValue = (target.flags & ts.SymbolFlags.Value) !== 0;
      if (!isValue) continue;
      info.values.add(exported.getName());
      if (target.declarations?.some((d) => d.getSourceFile() === file)) info.own.add(exported.getName());
    }
    for (const statement of file.statements) {
      if (
        !ts.isExportDeclaration(statement) ||
        !statement.moduleSpecifier ||
        !ts.isStringLiteral(statement.moduleSpecifier)
      )
        continue;
      const target = resolve(statement.moduleSpecifier.text, file.fileName);
      if (!target) continue;
      const clause = statement.exportClause;
      if (!clause) info.star.push(target);
      else if (ts.isNamespaceExport(clause)) info.named.set(clause.name.text, { target, name: '*' });
      else if (ts.isNamedExports(clause))
        for (const el of clause.elements)
          info.named.set(el.name.text, { target, name: (el.propertyName ?? el.name).text });
    }
    infos.set(name, info);
  }

  const used = new Map<string, Set<string>>();
  const importers = new Map<string, Set<'product' | 'tooling'>>();
  const credit = (module: string, name: string, seen = new Set<string>()) => {
    const key = `${module}\u0000${name}`;
    if (seen.has(key)) return;
    seen.add(key);
    const set = used.get(module) ?? new Set<string>();
    set.add(name);
    used.set(module, set);
    const info = infos.get(module);
    if (!info || name === '*' || info.own.has(name)) {
      if (name === '*' && info)
        for (const value of info.values) if (!info.own.has(value)) credit(module, value, seen);
      return;
    }
    const named = info.named.get(name);
    if (named) credit(named.target, named.name, seen);
    for (const target of info.star) if (infos.get(target)?.values.has(name)) credit(target, name, seen);
  };
  const markUsed = (target: string | undefined, names: Iterable<string>, from: string) => {
    if (!target || target === from) return;
    for (const name of names) credit(target, name);
    const kinds = importers.get(target) ?? new Set();
    kinds.add(PRODUCT.test(from) ? 'product' : 'tooling');
    importers.set(target, kinds);
  };

  /** The names read from a dynamic import's module: `.Name`, `{ Name } =`, or `.then((m) => m.Name)`. */
  const dynamicNames = (call: ts.CallExpression): string[] => {
    let parent: ts.Node = call.parent;
    while (ts.isAwaitExpression(parent) || ts.isParenthesizedExpression(parent)) parent = parent.parent;
    if (ts.isPropertyAccessExpression(parent) && parent.name.text !== 'then') return [parent.name.text];
    if (ts.isVariableDeclaration(parent) && ts.isObjectBindingPattern(parent.name)) {
      return parent.name.elements.map((el) => ((el.propertyName ?? el.name) as ts.Identifier).text);
    }
    if (
      ts.isPropertyAccessExpression(parent) &&
      parent.name.text === 'then' &&
      ts.isCallExpression(parent.parent)
    ) {
      const callback = parent.parent.arguments[0];
      if (callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) {
        const param = callback.parameters[0]?.name;
        if (param && ts.isIdentifier(param)) {
          const names: string[] = [];
          const find = (node: ts.Node) => {
            if (
              ts.isPropertyAccessExpression(node) &&
              ts.isIdentifier(node.expression) &&
              node.expression.text === param.text
            )
              names.push(node.name.text);
            ts.forEachChild(node, find);
          };
          find(callback.body);
          if (names.length > 0) return names;
        }
      }
    }
    return ['*'];
  };

  for (const file of files) {
    const from = relative(file.fileName);
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.importClause;
        const names: string[] = [];
        if (clause?.name) names.push('default');
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
        if (bindings && ts.isNamedImports(bindings))
          for (const el of bindings.elements) names.push((el.propertyName ?? el.name).text);
        markUsed(resolve(node.moduleSpecifier.text, file.fileName), names, from);
      } else if (
        ts.isExportDeclaration(node) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        // A re-export is the barrel's own business: its importers credit the declaring module (see credit).
        const target = resolve(node.moduleSpecifier.text, file.fileName);
        if (target) markUsed(target, [], from);
      } else if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
        const specifier = node.arguments[0].text;
        const callee = node.expression;
        if (callee.kind === ts.SyntaxKind.ImportKeyword)
          markUsed(resolve(specifier, file.fileName), dynamicNames(node), from);
        else if (
          ts.isPropertyAccessExpression(callee) &&
          ts.isIdentifier(callee.expression) &&
          callee.expression.text === 'jest'
        ) {
          // jest.mock('x') / jest.requireActual('x'): a test stands in for the module; its exports are the contract.
          markUsed(resolve(specifier, file.fileName), ['*'], from);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  /** Whether a name declared in a file is also referred to inside it (an export that is used, just not elsewhere). */
  const usedInside = (file: ts.SourceFile, name: string): boolean => {
    let count = 0;
    const find = (node: ts.Node) => {
      if (ts.isIdentifier(node) && node.text === name) count++;
      if (count < 2) ts.forEachChild(node, find);
    };
    find(file);
    return count > 1;
  };

  const problems: string[] = [];
  for (const [name, file] of byName) {
    if (!PRODUCT.test(name) || KEPT_FOR_SCREENS.some((re) => re.test(name))) continue;
    const info = infos.get(name);
    if (!info || info.values.size === 0) continue;
    const entry = NEXT_ENTRY_FILE.test(name);
    const kinds = importers.get(name);
    if (!entry && kinds && !kinds.has('product')) {
      problems.push(`${name}: used only by tests or scripts; move it under tests/helpers or scripts/lib`);
      continue;
    }
    const names = used.get(name) ?? new Set<string>();
    for (const exported of info.own) {
      if (names.has(exported) || names.has('*')) continue;
      if (entry && NEXT_ENTRY_EXPORTS.has(exported)) continue;
      if (KEPT_EXPORTS.has(`${name}#${exported}`)) continue;
      // An export its own module uses is over-exported, not dead: only exports used nowhere are reported.
      if (!usedInside(file, exported))
        problems.push(`${name}: export '${exported}' is used nowhere (delete it)`);
    }
  }

  if (problems.length > 0) {
    console.error(
      `Unused exports and tools-only modules (${problems.length}):\n${problems
        .sort()
        .map((p) => `  ${p}`)
        .join('\n')}`,
    );
    process.exitCode = 1;
  } else {
    console.info(
      `No unused exports in the product modules (${[...byName.keys()].filter((n) => PRODUCT.test(n)).length} files).`,
    );
  }
}

main();
