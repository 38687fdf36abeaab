import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const script = path.join(repository, 'scripts', 'check-imports.mjs');
const fixtures = path.join(repository, 'test', 'fixtures', 'imports');

/** Runs `node scripts/check-imports.mjs .` in a fixture folder (laid out like src/). */
function checkFixture(name: string) {
  const run = spawnSync(process.execPath, [script, '.'], { cwd: path.join(fixtures, name), encoding: 'utf8' });
  return { status: run.status, lines: run.stdout.trim().split('\n'), stderr: run.stderr };
}

describe('scripts/check-imports.mjs', () => {
  it('passes a tree that keeps the rules, with a one-line summary', () => {
    const { status, lines, stderr } = checkFixture('clean');
    expect(stderr).toBe('');
    expect(lines).toEqual(['check-imports: no violations in 20 files (26 imports, 24 of them between modules under .)']);
    expect(status).toBe(0);
  });

  it('reports every broken rule as file:line: rule: explanation, each server cycle once, and fails', () => {
    const { status, lines, stderr } = checkFixture('violations');
    expect(stderr).toBe('');
    expect(lines).toEqual([
      "common/leak.ts:1: layers: common/ may import only common/ and npm packages, but '../server/errors.js' is in server/ (server/errors.ts)",
      "geo/index.ts:1: test-helper: a production module imports the test helper geo/testing/helper.ts ('./testing/helper.js'); move what it needs out of the helper, or keep the helper to tests",
      "geo/index.ts:2: layers: geo/ may import only geo/, common/ and npm packages, but '../web/ui/button.js' is in web/ (web/ui/button.ts)",
      "server/auth/authService.ts:1: server-base: server/auth/ imports the composition root server/app.ts ('../app.js'); only main.ts builds the app, the rest is given what it needs",
      'server/coverage/coverageEngine.ts:1: server-cycle: server folders import each other in a cycle: coverage -> leads -> providers -> coverage [coverage -> leads: server/coverage/coverageEngine.ts:1; leads -> providers: server/leads/leadService.ts:1; providers -> coverage: server/providers/providerService.ts:1]',
      'server/coverage/coverageEngine.ts:2: server-cycle: server folders import each other in a cycle: coverage -> providers -> coverage [coverage -> providers: server/coverage/coverageEngine.ts:2; providers -> coverage: server/providers/providerService.ts:1]',
      "server/errors.ts:1: server-base: the base module server/errors.ts sits below every server folder, but imports server/auth/ ('./auth/authService.js')",
      "server/outbound/client.ts:1: layers: server/ never imports web/, but '../../web/ui/button.js' is in web/ (web/ui/button.ts)",
      "web/api/client.ts:1: layers: web/ never imports server/, but '../../server/errors.js' is in server/ (server/errors.ts)",
      "web/features/widget/WidgetPage.test.tsx:2: feature-internals: feature widget reaches into embed-generator's internals ('../embed-generator/embedCode.js' is web/features/embed-generator/embedCode.ts); import from features/embed-generator/index.ts, exporting there what is meant for reuse",
      "web/features/widget/WidgetPage.ts:2: feature-internals: feature widget reaches into embed-generator's internals ('../embed-generator/embedCode.js' is web/features/embed-generator/embedCode.ts); import from features/embed-generator/index.ts, exporting there what is meant for reuse",
      "web/map/overlay.ts:1: web-shared: web/map/ is shared code below the features, but imports feature coverage-check ('../features/coverage-check/index.js'); move the piece both need to web/ui/ (or pass it in)",
      "web/map/overlay.ts:2: feature-internals: web/map/overlay.ts reaches into coverage-check's internals ('../features/coverage-check/messages.js' is web/features/coverage-check/messages.ts); import from features/coverage-check/index.ts, exporting there what is meant for reuse",
      "web/map/overlay.ts:2: web-shared: web/map/ is shared code below the features, but imports feature coverage-check ('../features/coverage-check/messages.js'); move the piece both need to web/ui/ (or pass it in)",
      'check-imports: 14 violations in 19 files (18 imports, 18 of them between modules under .)',
    ]);
    expect(status).toBe(1);
  });

  it('refuses a root that is not a folder', () => {
    const run = spawnSync(process.execPath, [script, 'no-such-folder'], { cwd: fixtures, encoding: 'utf8' });
    expect(run.stderr.trim()).toBe('check-imports: no-such-folder is not a folder');
    expect(run.status).toBe(2);
  });
});
