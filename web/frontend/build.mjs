// Bundles the page scripts into web/assets with esbuild: `node build.mjs` writes them,
// `node build.mjs --check` builds into a temporary folder and fails if any differs from the
// committed file (the assets are built into the bot's binary, so they must match the sources).

import { build } from 'esbuild';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const assets = join(here, '..', 'assets');

/** Each bundle: its file in web/assets, its entry module, and what it is. */
const BUNDLES = [
  ['game.js', 'src/watch.js', 'the live game page'],
  ['tournament.js', 'src/tournament.js', "a tournament's live page"],
  ['activity.js', 'src/activity-discord.js', 'the Discord Activity'],
  ['activity-mock.js', 'src/activity-mock.js', "the Discord Activity with the SDK's mock, for tests and local runs"],
];

async function bundle(outdir) {
  for (const [file, entry, what] of BUNDLES) {
    await build({
      entryPoints: [join(here, entry)],
      outfile: join(outdir, file),
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: ['es2020'],
      minify: true,
      sourcemap: false,
      charset: 'utf8',
      legalComments: 'eof',
      banner: { js: `/* ${what}: built by web/frontend (npm run build) from ${entry}; do not edit. */` },
      logLevel: 'warning',
    });
  }
}

async function check() {
  const outdir = await mkdtemp(join(tmpdir(), 'halma-assets-'));
  try {
    await bundle(outdir);
    const stale = [];
    for (const [file] of BUNDLES) {
      const built = await readFile(join(outdir, file));
      const committed = await readFile(join(assets, file)).catch(() => null);
      if (!committed || !built.equals(committed)) stale.push(file);
    }
    if (stale.length) {
      console.error(`web/assets is out of date (${stale.join(', ')}): run npm run build in web/frontend and commit`);
      process.exitCode = 1;
    } else {
      console.log(`web/assets matches the sources (${BUNDLES.map((b) => b[0]).join(', ')})`);
    }
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--check')) await check();
else await bundle(assets);
