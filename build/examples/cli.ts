/**
 * `npm run check-examples -- [files…]`: type-checks every ```ts check / ```tsx check fence, runs every
 * `run` fence and compares its output with the page's, and prints each page's prose word count, so
 * authors see all three before the test suite runs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { extractExamples } from './extract.ts';
import { runPage } from './run.ts';
import { ExampleChecker } from './typecheck.ts';
import { formatProblem } from '../errors.ts';
import { listMarkdownFiles } from '../fs-utils.ts';
import { countProseWords } from '../markdown/word-count.ts';

const projectRoot = process.cwd();
const args = process.argv.slice(2);
const files = args.length > 0 ? args : listMarkdownFiles(path.join(projectRoot, 'content/docs'));
const checker = new ExampleChecker(projectRoot);
let errorCount = 0;
for (const file of files) {
  const relative = path.relative(projectRoot, path.resolve(file));
  const markdown = readFileSync(file, 'utf8');
  const examples = extractExamples(markdown, relative);
  const errors = [...checker.checkPage(examples.checked), ...await runPage(projectRoot, examples)].sort((a, b) => a.line - b.line);
  const { words, codeBlocks } = countProseWords(markdown, relative);
  console.log(`${relative}: ${words} prose words, ${codeBlocks} code blocks, ${examples.checked.length} checked, ${examples.runBlocks.length} run, ${errors.length} errors`);
  for (const { sourceFile, line, message } of errors) console.log(`  ${formatProblem({ file: sourceFile, line, message })}`);
  errorCount += errors.length;
}
process.exitCode = errorCount > 0 ? 1 : 0;
