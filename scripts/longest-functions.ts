import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import ts from 'typescript';

/**
 * `npx tsx scripts/longest-functions.ts [N] [folders…]`: the N longest functions (declarations,
 * methods, arrows and function expressions, counted in source lines) of the project's code — how
 * the one-house issue measures "god closures" before and after. Nested functions count within
 * their parent too, so a composition function's length includes its inner helpers.
 */
const n = Number(process.argv[2] ?? 15);
const roots = process.argv.slice(3).length ? process.argv.slice(3) : ['src', 'server', 'domain'];
// Tracked and new files alike, so a change can be measured before it is committed.
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...roots], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts') && existsSync(f));

interface Found {
  file: string;
  name: string;
  lines: number;
  line: number;
}
const found: Found[] = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isConstructorDeclaration(node)
    ) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      let name = '(anonymous)';
      if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name)
        name = node.name.getText();
      else if (ts.isConstructorDeclaration(node)) name = 'constructor';
      else if (ts.isVariableDeclaration(node.parent)) name = node.parent.name.getText();
      else if (ts.isPropertyAssignment(node.parent)) name = node.parent.name.getText();
      found.push({ file, name, lines: end - start + 1, line: start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
found.sort((a, b) => b.lines - a.lines);
for (const f of found.slice(0, n))
  console.log(`${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`);
