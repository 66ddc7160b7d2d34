// A static reading of the web client's imports, for the check that it reads top-down (web-layers.test.ts): app/
// (router, shell, menu) stands on top and nothing below imports it, and no files import each other in a loop.
import fs from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
/** `import … from 'x'`, `export … from 'x'`, `import 'x'`, over several lines too. */
const STATIC_IMPORT = /(?:^|[;\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\sfrom\s*)?['"]([^'"\n]+)['"]/g;
/** `import('x')` with a literal path; one built from an expression is not followed. */
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** Every source file under `dir`, as paths relative to it with `/` (tests excluded: they are no part of the app). */
export function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => SOURCE.test(file) && !/\.(test|spec)\.[^.]+$/.test(file))
    .sort();
}

/** The specifiers a file's code names in its imports, re-exports and literal dynamic imports. */
export function specifiersOf(code: string): string[] {
  // Comments may quote an import; whole-line and block comments are left out.
  const withoutComments = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...withoutComments.matchAll(STATIC_IMPORT), ...withoutComments.matchAll(DYNAMIC_IMPORT)].map(
    (match) => match[1] ?? '',
  );
}

/**
 * The files under `dir` that each file imports, relative to `dir` (packages and files outside it are left out).
 * A specifier is resolved relative to the importing file, its query (`?url`) dropped, with TypeScript's extensions
 * tried where it names none.
 */
export function importGraph(dir: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(dir)) {
    const targets = new Set<string>();
    for (const specifier of specifiersOf(fs.readFileSync(path.join(dir, file), 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = resolve(dir, path.posix.join(path.posix.dirname(file), specifier.replace(/\?.*$/, '')));
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

function resolve(dir: string, file: string): string | undefined {
  if (file.startsWith('..')) return undefined;
  const candidates = [file, `${file}.ts`, `${file}.tsx`, `${file}/index.ts`, `${file}/index.tsx`];
  return candidates.find((candidate) => fs.statSync(path.join(dir, candidate), { throwIfNoEntry: false })?.isFile());
}

/** `importer -> imported` for every import of a file under `top/` by a file outside it, but `allowed`. */
export function importsIntoTop(graph: Map<string, Set<string>>, top: string, allowed: string[]): string[] {
  const inTop = (file: string) => file.startsWith(`${top}/`);
  return [...graph].flatMap(([file, targets]) =>
    inTop(file) || allowed.includes(file) ? [] : [...targets].filter(inTop).map((target) => `${file} -> ${target}`),
  );
}

/** The loops of files importing each other, directly or through others, each as its files (Tarjan's components). */
export function importLoops(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const loop: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      loop.push(member);
      if (member === file) break;
    }
    if (loop.length > 1 || graph.get(file)?.has(file)) loops.push(loop.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return loops;
}
