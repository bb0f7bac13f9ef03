/** Every page of the real site passes html-validate's recommended rules. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { HtmlValidate, type ConfigData } from 'html-validate';
import { ALL_ROUTES, builtSite, routeFile } from '../helpers/site.ts';

const CONFIG: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // The home page title is the real site's "Redux | <tagline>" (the Docusaurus home title), kept as it is.
    'long-title': 'off',
    // React writes void elements as <img/>, hast-util-to-html (the Markdown body) as <img>; both are valid HTML.
    'void-style': 'off',
    // React writes boolean attributes as open="", hast-util-to-html as open; both are valid HTML.
    'attribute-boolean-style': 'off',
    // React writes hidden (an enumerated attribute since hidden="until-found") as hidden=""; valid HTML.
    'attribute-empty-style': 'off',
    // HTML allows any id without spaces; the default also wants a leading letter, which our mount points (__app, __main) lack.
    'valid-id': ['error', { relaxed: true }],
  },
};

test('every built page passes html-validate with the recommended rules', async () => {
  const { outDir } = await builtSite();
  const files = [...ALL_ROUTES.map((route) => routeFile(outDir, route)), path.join(outDir, '404.html')];
  const validator = new HtmlValidate(CONFIG);
  const errors: string[] = [];
  for (const file of files) {
    const report = await validator.validateString(readFileSync(file, 'utf8'), file);
    for (const result of report.results) {
      for (const message of result.messages) {
        errors.push(`${path.relative(outDir, file)}:${message.line}:${message.column} ${message.ruleId}: ${message.message} (${message.selector ?? ''})`);
      }
    }
  }
  assert.equal(files.length, ALL_ROUTES.length + 1);
  assert.deepEqual(errors.slice(0, 50), [], `${errors.length} html-validate errors`);
});
