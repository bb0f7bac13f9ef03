/**
 * npm run build | start | serve | check-links. One entry point, so every command reports
 * errors the same way: the file, the line, the fix, and a non-zero exit code.
 */
import { parseArgs } from 'node:util';
import { BrokenLinksError, buildSite } from './build.ts';
import { ContentError, ContentErrors, formatWarning } from './errors.ts';
import { discardActiveOutput } from './output.ts';

process.env.NODE_ENV ??= 'production';

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  build: runBuild,
};

async function runBuild(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      docs: { type: 'string' },
      sidebars: { type: 'string' },
      out: { type: 'string' },
      static: { type: 'string' },
      config: { type: 'string' },
      'no-search': { type: 'boolean' },
    },
  });
  const result = await buildSite({
    projectRoot: process.cwd(),
    docsDir: values.docs,
    sidebarsFile: values.sidebars,
    outDir: values.out,
    staticDir: values.static,
    configFile: values.config,
    search: !values['no-search'],
  });
  for (const warning of result.warnings) console.warn(`warning: ${formatWarning(warning)}`);
  console.log(`Content-Security-Policy script hash of the theme script: '${result.themeScriptHash}' (written to _headers)`);
  console.log(result.summary);
}

function reportError(error: unknown): void {
  if (error instanceof ContentErrors) console.error(`error: ${error.message}`);
  else if (error instanceof ContentError) console.error(`error: ${error.format()}`);
  else if (error instanceof BrokenLinksError) console.error(error.message);
  else console.error(error);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    discardActiveOutput();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

const [command = 'build', ...rest] = process.argv.slice(2);
const run = COMMANDS[command];
if (!run) {
  console.error(`error: unknown command "${command}". Use one of: ${Object.keys(COMMANDS).join(', ')}.`);
  process.exit(2);
}
run(rest).catch((error: unknown) => {
  reportError(error);
  process.exitCode = 1;
});
