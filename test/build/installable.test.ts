/**
 * The generator as a Docusaurus user gets it: `npm pack`, the tarball installed into a folder that
 * holds only a Docusaurus site (written as `create-docusaurus` writes one), and the `redux-docs-site`
 * command run there through npx. ~12 s, most of it npm installing ~180 packages (from its cache when
 * it can).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { tempTree } from '../helpers/tmp.ts';

const execFileAsync = promisify(execFile);
const repository = path.join(import.meta.dirname, '../..');

const SITE = {
  'package.json': JSON.stringify({ name: 'lunar-garden', private: true }),
  'docusaurus.config.js': `// @ts-check
import { themes as prismThemes } from 'prism-react-renderer';

/** @type {import('@docusaurus/types').Config} */
const config = {
  title: 'Lunar Garden',
  tagline: 'Plants on the moon',
  url: 'https://garden.example.com',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  presets: [['classic', { docs: { sidebarPath: './sidebars.js' }, blog: false }]],
  themeConfig: {
    navbar: { title: 'Lunar Garden', items: [{ type: 'docSidebar', sidebarId: 'garden', label: 'Docs' }] },
    prism: { theme: prismThemes.github },
  },
};

export default config;
`,
  'sidebars.js': "export default { garden: ['intro', 'watering'] };\n",
  'docs/intro.md': '---\ntitle: Welcome\n---\n\nGrow things; see [watering](./watering.md).\n\n![A sprout](/img/sprout.svg)\n',
  'docs/watering.md': '# Watering\n\nOnce a lunar day.\n',
  'static/img/sprout.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
};

interface Run { code: number; stdout: string; stderr: string }

/** A command as the user's shell runs it: without the npm_* variables of `npm test` around this file. */
async function run(command: string, args: string[], cwd: string, settings: Record<string, string> = {}): Promise<Run> {
  const env = { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|init_cwd$)/i.test(name))), ...settings };
  try {
    const { stdout, stderr } = await execFileAsync(command, args, { cwd, env, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as Run;
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

/** Every file and folder below `dir` with its size and modification time: any write shows. */
function snapshot(dir: string): Map<string, string> {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true }).map((entry) => path.join(entry.parentPath, entry.name));
  return new Map([dir, ...entries].map((file) => [path.relative(dir, file), `${statSync(file).size} ${statSync(file).mtimeMs}`]));
}

async function installIntoSite() {
  const packDir = tempTree({});
  const site = tempTree(SITE);
  const pack = await run('npm', ['pack', '--json', '--pack-destination', packDir], repository);
  assert.equal(pack.code, 0, pack.stderr);
  const [{ filename, files }] = JSON.parse(pack.stdout) as [{ filename: string; files: { path: string }[] }];
  // No install scripts, to save time: the generator has none, and esbuild's only checks the binary npm installs as a package.
  const install = await run('npm', ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', path.join(packDir, filename)], site);
  assert.equal(install.code, 0, install.stderr);
  const packageDir = path.join(site, 'node_modules/redux-docs-site');
  return { site, packageDir, packedFiles: files.map((file) => file.path), packageAsInstalled: snapshot(packageDir) };
}

const installation = installIntoSite();

/**
 * `npx redux-docs-site …` as the user types it. npm_config_yes=false makes npx fail rather than fetch a
 * package of that name from the registry (the --no flag would take the command's own --help).
 */
const npx = async (args: string[]) => run('npx', ['redux-docs-site', ...args], (await installation).site, { npm_config_yes: 'false' });

test('the tarball holds the generator and its theme, not the Redux site, its tests or benchmarks', async () => {
  const { packedFiles } = await installation;
  const topLevel = [...new Set(packedFiles.map((file) => file.split('/')[0]))].sort();
  assert.deepEqual(topLevel, ['README.md', 'build', 'package.json', 'src', 'tsconfig.base.json']);
});

test('npx redux-docs-site --help lists the commands as the installed command starts them', async () => {
  const help = await npx(['--help']);
  assert.equal(help.code, 0, help.stderr);
  for (const command of ['build', 'start', 'serve', 'check-links', 'clean']) assert.match(help.stdout, new RegExp(`^  redux-docs-site ${command} `, 'm'));
});

test('npx redux-docs-site build --config docusaurus.config.js builds the site and writes nothing into the installed package', async () => {
  const { site, packageDir, packageAsInstalled } = await installation;
  const build = await npx(['build', '--config', 'docusaurus.config.js']);
  assert.equal(build.code, 0, build.stderr);
  assert.doesNotMatch(build.stderr, /is not installed/, 'the config imports prism-react-renderer, which comes with the generator');
  const css = readdirSync(path.join(site, 'dist/assets')).find((file) => /^site-\w+\.css$/.test(file))!;
  assert.match(readFileSync(path.join(site, 'dist/assets', css), 'utf8'), /\.token\.comment[^}]*\{[^}]*color: ?(#999988|#998)\b/i, 'the GitHub Prism theme colours the code');
  const page = (route: string) => readFileSync(path.join(site, 'dist', route, 'index.html'), 'utf8');
  assert.match(page('docs/intro'), /<h1>Welcome<\/h1>/);
  assert.match(page('docs/intro'), /<img src="\/img\/sprout.svg" alt="A sprout"/);
  assert.match(page('docs/intro'), /<a href="\/docs\/watering">watering<\/a>/);
  assert.match(page('docs/watering'), /<title>Watering \| Lunar Garden<\/title>/);
  assert.ok(existsSync(path.join(site, 'dist/img/sprout.svg')));
  assert.ok(existsSync(path.join(site, 'node_modules/.cache/redux-docs/pages')), 'the build cache is kept in the site\'s node_modules/.cache');
  assert.deepEqual(snapshot(packageDir), packageAsInstalled);
});
