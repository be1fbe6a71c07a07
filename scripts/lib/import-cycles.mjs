/**
 * Import cycles among the TypeScript files under a folder: each cycle as the list of its files (relative
 * to the folder), empty when there is none. Type-only imports count too: a model that imports its types
 * from a schema that imports the model's constants is a circle for the reader even when the compiler
 * erases half of it. Only relative imports are followed (packages are other folders' business).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

function sourceFiles(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [resolve(path)] : [];
  });
}

/** The files of `files` that `file` imports: './x.js' is './x.ts' (or .tsx), './dir' is './dir/index.ts'. */
function importsOf(file, files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .flatMap((name) => {
      const base = resolve(dirname(file), name).replace(/\.(m?js|jsx)$/, '');
      return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].filter((c) => files.has(c)).slice(0, 1);
    });
}

/** @param {string} folder @returns {string[][]} */
export function importCycles(folder) {
  const files = new Set(sourceFiles(folder));
  const graph = new Map([...files].map((file) => [file, importsOf(file, files)]));
  // Tarjan's strongly connected components: every component of more than one file is a cycle.
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (file) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file)) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(relative(folder, member));
    } while (member !== file);
    if (component.length > 1 || graph.get(file).includes(file)) cycles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}
