// `npm run check:imports`: the dependency rules of ARCHITECTURE.md and DESIGN.md section 3, checked
// over the import statements of every module under src/ (or the folder given as the argument).
//
//   layers             common/ imports only common/; geo/ only geo/ and common/; web/ never
//                      server/; server/ never web/ (npm packages are always allowed)
//   test-helper        production modules never import test helpers (a testing/ folder or a
//                      *.testHelpers.ts file); tests and other helpers may
//   server-base        the modules directly in server/ other than the composition root (app.ts,
//                      main.ts, services.ts, background.ts) import no server folder; no server
//                      folder imports the composition root
//   server-cycle       the top-level folders of server/ import one another without a cycle; each
//                      cycle is reported once, with one example import for each arrow
//                      (server-base and server-cycle judge production code: the imports of tests
//                      and test helpers, which may use any folder, are left out)
//   feature-internals  from outside web/features/<B>/, only its index module (index.ts or
//                      index.tsx) may be imported, by features, tests and app/ alike
//   web-shared         web/ui, web/map, web/api and web/auth import no feature at all (shared
//                      pieces live below the features; app/ may use a feature's index)
//
// Prints `file:line: rule: explanation` per violation and exits 1 if there is any; otherwise
// prints one summary line and exits 0. Specifiers are resolved as TypeScript's NodeNext does for
// this project: './x.js' is x.ts or x.tsx, a folder is its index. Type-only imports count too.
//
// Usage: node scripts/check-imports.mjs [root]   (root defaults to src/)
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const SERVER_COMPOSITION_ROOT = new Set(['app.ts', 'main.ts', 'services.ts', 'background.ts']);
const WEB_SHARED = new Set(['ui', 'map', 'api', 'auth']);
/** Cycles listed per strongly connected group of folders (shortest first); the rest are counted. */
const MAX_CYCLES_PER_GROUP = 20;
/** The search for cycles in one group stops after this many. */
const MAX_CYCLES_FOUND = 10_000;

/**
 * Checks every module below `root`. File names in the answer (and in the cycle explanations) are
 * relative to `base`, with forward slashes.
 * @param {string} root
 * @param {{ base?: string }} [options]
 * @returns {{ files: number, imports: number, localImports: number, violations: { file: string, line: number, rule: string, message: string }[] }}
 */
export function checkImports(root, { base = process.cwd() } = {}) {
  const rootDir = path.resolve(root);
  const show = (absolute) => toPosix(path.relative(base, absolute)) || '.';
  const files = listSourceFiles(rootDir);
  const violations = [];
  const report = (file, line, rule, message) => violations.push({ file: show(file), line, rule, message });
  /** server folder -> imported server folder -> example edges */
  const folderGraph = new Map();
  let imports = 0;
  let localImports = 0;

  for (const file of files) {
    const from = classify(rootDir, file);
    for (const { specifier, line } of importsOf(file)) {
      imports += 1;
      const target = resolveSpecifier(file, specifier);
      if (target === null) continue; // an npm package or a Node built-in
      localImports += 1;
      const to = classify(rootDir, target);
      const where = `'${specifier}'`;

      const layer = layerViolation(from, to);
      if (layer !== null) report(file, line, 'layers', `${layer}, but ${where} is ${describe(to, show(target))}`);

      if (to.isTestHelper && !from.isTest && !from.isTestHelper) {
        report(
          file,
          line,
          'test-helper',
          `a production module imports the test helper ${show(target)} (${where}); move what it needs out of the helper, or keep the helper to tests`,
        );
      }

      // Tests and test helpers may use any server folder, the composition root included.
      if (from.area === 'server' && to.area === 'server' && !from.isTest && !from.isTestHelper && !to.isTestHelper) {
        const fromRoot = from.serverFile !== null && SERVER_COMPOSITION_ROOT.has(from.serverFile);
        const toRoot = to.serverFile !== null && SERVER_COMPOSITION_ROOT.has(to.serverFile);
        const fromLabel = from.serverFolder !== null ? `server/${from.serverFolder}/` : `the base module server/${from.serverFile}`;
        if (toRoot && !fromRoot) {
          report(
            file,
            line,
            'server-base',
            `${fromLabel} imports the composition root server/${to.serverFile} (${where}); only main.ts builds the app, the rest is given what it needs`,
          );
        } else if (from.serverFile !== null && !fromRoot && to.serverFolder !== null) {
          report(file, line, 'server-base', `${fromLabel} sits below every server folder, but imports server/${to.serverFolder}/ (${where})`);
        }
        if (from.serverFolder !== null && to.serverFolder !== null && from.serverFolder !== to.serverFolder) {
          const targets = folderGraph.get(from.serverFolder) ?? new Map();
          folderGraph.set(from.serverFolder, targets);
          const edges = targets.get(to.serverFolder) ?? [];
          targets.set(to.serverFolder, edges);
          edges.push({ file: show(file), line });
        }
      }

      if (to.feature !== null && to.feature !== from.feature && !to.isFeatureIndex) {
        const who = from.feature !== null ? `feature ${from.feature}` : show(file);
        report(
          file,
          line,
          'feature-internals',
          `${who} reaches into ${to.feature}'s internals (${where} is ${show(target)}); import from features/${to.feature}/index.ts, exporting there what is meant for reuse`,
        );
      }
      if (from.webSection !== null && WEB_SHARED.has(from.webSection) && to.feature !== null) {
        report(
          file,
          line,
          'web-shared',
          `web/${from.webSection}/ is shared code below the features, but imports feature ${to.feature} (${where}); move the piece both need to web/ui/ (or pass it in)`,
        );
      }
    }
  }

  for (const cycle of serverCycles(folderGraph)) violations.push(cycle);
  violations.sort((a, b) => compare(a.file, b.file) || a.line - b.line || compare(a.rule, b.rule) || compare(a.message, b.message));
  return { files: files.length, imports, localImports, violations };
}

/** `file:line: rule: explanation` */
export function formatViolation({ file, line, rule, message }) {
  return `${file}:${line}: ${rule}: ${message}`;
}

/** Code-point order, the same on every machine (localeCompare depends on the locale). */
function compare(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

function toPosix(p) {
  return p.split(path.sep).join('/');
}

function listSourceFiles(dir) {
  const found = [];
  const visit = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => compare(a.name, b.name))) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile() && SOURCE_EXTENSIONS.includes(path.extname(entry.name))) found.push(full);
    }
  };
  visit(dir);
  return found;
}

function scriptKind(file) {
  switch (path.extname(file)) {
    case '.tsx':
      return ts.ScriptKind.TSX;
    case '.jsx':
      return ts.ScriptKind.JSX;
    case '.js':
    case '.mjs':
    case '.cjs':
      return ts.ScriptKind.JS;
    default:
      return ts.ScriptKind.TS;
  }
}

/**
 * Every module specifier of a file with its 1-based line: import and export ... from, import x =
 * require(...), dynamic import(...), and import('...') types.
 */
function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const found = [];
  const add = (node) => {
    if (node !== undefined && ts.isStringLiteralLike(node)) {
      found.push({ specifier: node.text, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
    }
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node.moduleReference.expression);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isFile(candidate) {
  try {
    return fs.statSync(candidate).isFile();
  } catch {
    return false;
  }
}

/**
 * The file a relative specifier names, or null for a package. './x.js' is x.ts or x.tsx (then
 * x.js itself), './x' is x.ts, x.tsx or the folder's index. A specifier that names no file gives
 * its most likely file, so the rules still judge where it points.
 */
function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../') && specifier !== '.' && specifier !== '..') return null;
  const target = path.resolve(path.dirname(fromFile), specifier.replace(/[?#].*$/, ''));
  const extension = path.extname(target);
  const stem = target.slice(0, target.length - extension.length);
  const byExtension = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };
  const candidates = [
    ...(byExtension[extension] ?? []).map((replacement) => stem + replacement),
    target,
    ...['.ts', '.tsx', '.d.ts'].map((added) => target + added),
    ...['index.ts', 'index.tsx', 'index.js'].map((index) => path.join(target, index)),
  ];
  return candidates.find(isFile) ?? candidates[0];
}

/** Where a file sits in the layout, from its path relative to the root. */
function classify(rootDir, file) {
  const relative = toPosix(path.relative(rootDir, file));
  const outside = relative.startsWith('../') || path.isAbsolute(relative);
  const parts = outside ? [] : relative.split('/');
  const area = parts.length > 1 ? parts[0] : null;
  const name = path.basename(file);
  const isServerRootFile = area === 'server' && parts.length === 2;
  const feature = area === 'web' && parts[1] === 'features' && parts.length > 3 ? parts[2] : null;
  return {
    outside,
    area,
    serverFolder: area === 'server' && parts.length > 2 ? parts[1] : null,
    serverFile: isServerRootFile ? name : null,
    webSection: area === 'web' && parts.length > 2 ? parts[1] : null,
    feature,
    isFeatureIndex: feature !== null && parts.length === 4 && /^index\.(ts|tsx|js)$/.test(name),
    isTest: /\.test\.(ts|tsx|mts|js|mjs)$/.test(name),
    isTestHelper: parts.slice(0, -1).includes('testing') || /\.testHelpers\.(ts|tsx)$/.test(name),
  };
}

/** The rule a module of `from`'s area breaks by importing `to`, as "area/ may ..." text, or null. */
function layerViolation(from, to) {
  if (from.area === 'common' && to.area !== 'common') return 'common/ may import only common/ and npm packages';
  if (from.area === 'geo' && to.area !== 'geo' && to.area !== 'common') return 'geo/ may import only geo/, common/ and npm packages';
  if (from.area === 'web' && to.area === 'server') return 'web/ never imports server/';
  if (from.area === 'server' && to.area === 'web') return 'server/ never imports web/';
  return null;
}

function describe(to, shown) {
  if (to.outside) return `${shown}, outside the checked root`;
  return to.area === null ? shown : `in ${to.area}/ (${shown})`;
}

/**
 * The elementary cycles of the server folder graph, each once (listed from its alphabetically first
 * folder), with the first import (by file and line) of each arrow as its example.
 */
function serverCycles(graph) {
  const violations = [];
  const folders = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((targets) => [...targets.keys()])])].sort();
  const next = (folder) => [...(graph.get(folder)?.keys() ?? [])].sort();
  for (const group of stronglyConnected(folders, next)) {
    if (group.length < 2) continue;
    const members = new Set(group);
    const cycles = [];
    for (const start of group) {
      // Cycles whose first folder is `start` visit only folders after it: each cycle is found once.
      const walk = (folder, trail) => {
        for (const target of next(folder)) {
          if (cycles.length >= MAX_CYCLES_FOUND) return;
          if (!members.has(target) || target < start) continue;
          if (target === start) cycles.push([...trail, start]);
          else if (!trail.includes(target)) walk(target, [...trail, target]);
        }
      };
      walk(start, [start]);
    }
    cycles.sort((a, b) => a.length - b.length || compare(a.join('>'), b.join('>')));
    for (const cycle of cycles.slice(0, MAX_CYCLES_PER_GROUP)) {
      const arrows = cycle.slice(0, -1).map((folder, i) => {
        const edges = graph.get(folder)?.get(cycle[i + 1] ?? '') ?? [];
        const example = [...edges].sort((a, b) => compare(a.file, b.file) || a.line - b.line)[0];
        return { from: folder, to: cycle[i + 1], example, count: edges.length };
      });
      const first = arrows[0]?.example ?? { file: '?', line: 0 };
      const examples = arrows.map(
        ({ from, to, example, count }) => `${from} -> ${to}: ${example?.file}:${example?.line}${count > 1 ? ` and ${count - 1} more` : ''}`,
      );
      violations.push({
        file: first.file,
        line: first.line,
        rule: 'server-cycle',
        message: `server folders import each other in a cycle: ${cycle.join(' -> ')} [${examples.join('; ')}]`,
      });
    }
    if (cycles.length > MAX_CYCLES_PER_GROUP) {
      const last = violations[violations.length - 1];
      const count = cycles.length >= MAX_CYCLES_FOUND ? `at least ${cycles.length - MAX_CYCLES_PER_GROUP}` : `${cycles.length - MAX_CYCLES_PER_GROUP}`;
      violations.push({ ...last, message: `${count} more cycles among the server folders ${group.join(', ')}` });
    }
  }
  return violations;
}

/** Tarjan's strongly connected components, each sorted, in a stable order. */
function stronglyConnected(nodes, next) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const connect = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next(node)) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      groups.push(group.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) connect(node);
  return groups.sort((a, b) => compare(a[0] ?? '', b[0] ?? ''));
}

function main() {
  const root = process.argv[2] ?? 'src';
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    console.error(`check-imports: ${root} is not a folder`);
    process.exit(2);
  }
  const { files, imports, localImports, violations } = checkImports(root);
  for (const violation of violations) console.log(formatViolation(violation));
  const counts = `${files} files (${imports} imports, ${localImports} of them between modules under ${toPosix(root)})`;
  if (violations.length > 0) {
    console.log(`check-imports: ${violations.length} violation${violations.length === 1 ? '' : 's'} in ${counts}`);
    process.exit(1);
  }
  console.log(`check-imports: no violations in ${counts}`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
