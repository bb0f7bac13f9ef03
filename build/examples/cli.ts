/**
 * `npm run check-examples -- [files…]`: type-checks every ```ts check / ```tsx check fence and
 * prints each page's prose word count, so authors see both before the test suite runs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { extractCheckedExamples } from './extract.ts';
import { ExampleChecker } from './typecheck.ts';
import { listMarkdownFiles } from '../fs-utils.ts';
import { countProseWords } from '../markdown/prose.ts';

const projectRoot = process.cwd();
const args = process.argv.slice(2);
const files = args.length > 0 ? args : listMarkdownFiles(path.join(projectRoot, 'content/docs'));
const checker = new ExampleChecker(projectRoot);
let errorCount = 0;
for (const file of files) {
  const relative = path.relative(projectRoot, path.resolve(file));
  const markdown = readFileSync(file, 'utf8');
  const examples = extractCheckedExamples(markdown, relative);
  const errors = checker.checkPage(examples);
  const { words, codeBlocks } = countProseWords(markdown, relative);
  console.log(`${relative}: ${words} prose words, ${codeBlocks} code blocks, ${examples.length} checked, ${errors.length} errors`);
  for (const error of errors) console.log(`  ${error.sourceFile}:${error.line}: ${error.message}`);
  errorCount += errors.length;
}
process.exitCode = errorCount > 0 ? 1 : 0;
