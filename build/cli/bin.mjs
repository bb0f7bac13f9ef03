#!/usr/bin/env node
// The installed command (package.json "bin"): the CLI's help names it, not this repository's npm scripts.
process.env.REDUX_DOCS_COMMAND = 'redux-docs-site';
await import('./launch.mjs');
