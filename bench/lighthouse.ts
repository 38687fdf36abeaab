/**
 * Issue 10, section 5: Lighthouse (mobile emulation, its default simulated throttling) on the
 * public map `/` and the embed page `/embed` of the built app, in Debian's Chromium. Targets:
 * performance at least 90, accessibility at least 95, best practices at least 95. Each page runs
 * RUNS times and the median score of the runs it completed is reported (Lighthouse's own advice for
 * noisy machines), with the audits that cost points when a category misses its target. A bare
 * MapLibre page of the same view (bareMapPage.ts) runs in the same rounds as the reference: what a
 * page whose first view is a WebGL map scores on this machine.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Flags, Result } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, chromiumPath } from '../e2e/support/chromium.js';
import { startLiveApp } from '../e2e/support/liveApp.js';
import { PNG_1X1 } from '../test/support/kml.js';
import { startLocalServer } from '../test/support/localServer.js';
import { bareMapHandler } from './bareMapPage.js';

// LIGHTHOUSE_RUNS=5 or more steadies the medians on a busy machine.
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// More Chromium flags, e.g. LIGHTHOUSE_CHROMIUM_FLAGS=--disable-webgl to see the page's scores
// without the map's drawing (the map then shows its no-WebGL notice).
const EXTRA_FLAGS = (process.env.LIGHTHOUSE_CHROMIUM_FLAGS ?? '').split(' ').filter(Boolean);
// LIGHTHOUSE_USE_GPU=1 on a machine with a GPU: Chromium without --disable-gpu draws WebGL and
// composites on the GPU, as a visitor's phone does. Without a GPU it falls back to SwiftShader.
const BROWSER_FLAGS = process.env.LIGHTHOUSE_USE_GPU === '1' ? CHROMIUM_FLAGS.filter((flag) => flag !== '--disable-gpu') : CHROMIUM_FLAGS;
// LIGHTHOUSE_COMPARE_WEB_ROOT=/path/to/an/older/dist/web adds that build's / and /embed, served by a
// second app of this server, to the same rounds: a before-and-after measured in the same conditions.
const COMPARE_WEB_ROOT = process.env.LIGHTHOUSE_COMPARE_WEB_ROOT;
// LIGHTHOUSE_REPORT_DIR=/tmp/lh keeps each run's full report (JSON) for a closer look.
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const TOP = 5;
const TARGETS: Record<string, number> = { performance: 90, accessibility: 95, 'best-practices': 95 };

/** Scores 0–100 per category, the audits that lost points in each, and where the main thread's time went. */
interface PageScores {
  scores: Record<string, number>;
  losses: Record<string, string[]>;
  mainThread: string[];
  totalBlockingMs: number;
  /** The script time of the page's entry chunk (index-*.js) in "CPU by script", with the 4× slowdown. */
  entryScriptMs: number;
}

/** Vite's entry chunk, the script the page's HTML loads. */
const ENTRY_CHUNK = /\/assets\/index-[\w-]+\.js$/;

interface TableItem {
  url?: string;
  startTime?: number;
  duration?: number;
  total?: number;
  scripting?: number;
  groupLabel?: string;
}

function tableItems(result: Result, auditId: string): TableItem[] {
  const details = result.audits[auditId]?.details;
  return details?.type === 'table' ? (details.items as TableItem[]) : [];
}

/** A script's file name (or the page's path), short enough for one line. */
const shortUrl = (url = '') => (URL.canParse(url) ? new URL(url).pathname.split('/').pop() || new URL(url).pathname : url);
const ms = (value = 0) => `${Math.round(value)} ms`;

/**
 * What blocked the main thread, the usual reason performance misses: the longest tasks and the
 * script each is attributed to, each script's CPU time, and the time by kind of work. Durations are
 * Lighthouse's, with its simulated 4× CPU slowdown.
 */
function mainThreadCosts(result: Result): string[] {
  const longTasks = tableItems(result, 'long-tasks')
    .slice(0, TOP)
    .map((task) => `${shortUrl(task.url)} ${ms(task.duration)} at ${ms(task.startTime)}`);
  const scripts = tableItems(result, 'bootup-time')
    .slice(0, TOP)
    .map((script) => `${shortUrl(script.url)} ${ms(script.total)} (script ${ms(script.scripting)})`);
  const kinds = tableItems(result, 'mainthread-work-breakdown')
    .slice(0, TOP)
    .map((kind) => `${kind.groupLabel} ${ms(kind.duration)}`);
  return [`longest tasks: ${longTasks.join(', ')}`, `CPU by script: ${scripts.join(', ')}`, `CPU by kind: ${kinds.join(', ')}`];
}

function scoresOf(result: Result): PageScores {
  const scores: Record<string, number> = {};
  const losses: Record<string, string[]> = {};
  for (const id of Object.keys(TARGETS)) {
    const category = result.categories[id];
    if (!category) continue;
    scores[id] = Math.round((category.score ?? 0) * 100);
    losses[id] = category.auditRefs
      .filter((ref) => ref.weight > 0 && (result.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id} (${result.audits[ref.id]?.displayValue ?? result.audits[ref.id]?.score})`);
  }
  const entry = tableItems(result, 'bootup-time').find((script) => ENTRY_CHUNK.test(script.url ?? ''));
  return {
    scores,
    losses,
    mainThread: mainThreadCosts(result),
    totalBlockingMs: result.audits['total-blocking-time']?.numericValue ?? 0,
    entryScriptMs: entry?.scripting ?? 0,
  };
}

async function writeReport(dir: string, name: string, report: string | string[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), Array.isArray(report) ? report.join('\n') : report);
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

interface Page {
  name: string;
  url: string;
  reportName: string;
  /** The bare-map reference: printed for comparison, held to no target. */
  reference?: boolean;
}

/** Prints a page's median scores and, where it misses a target, what cost the points; true when every target is met. */
function printPage(page: Page, runs: PageScores[]): boolean {
  if (runs.length === 0) {
    console.log(`  ${page.name}: no run completed`);
    return false;
  }
  let met = true;
  const line = Object.keys(TARGETS).map((id) => {
    const score = median(runs.map((r) => r.scores[id] ?? 0));
    const pass = score >= (TARGETS[id] as number);
    if (!pass) met = false;
    const verdict = page.reference ? '' : ` ${pass ? 'ok' : 'FAIL'}`;
    return `${id} ${score} (runs ${runs.map((r) => r.scores[id]).join('/')}, target ≥ ${TARGETS[id]})${verdict}`;
  });
  const label = page.reference ? `${page.name} (reference)` : page.name;
  console.log(`  ${label.padEnd(9)} ${line.join(' · ')}`);
  console.log(
    `          total blocking time median ${ms(median(runs.map((r) => r.totalBlockingMs)))} (runs ${runs.map((r) => Math.round(r.totalBlockingMs)).join('/')})`,
  );
  if (!page.name.startsWith('bare map')) {
    console.log(
      `          entry chunk script time median ${ms(median(runs.map((r) => r.entryScriptMs)))} (runs ${runs.map((r) => Math.round(r.entryScriptMs)).join('/')})`,
    );
  }
  const last = runs.at(-1) as PageScores;
  for (const id of Object.keys(TARGETS)) {
    const lost = last.losses[id] ?? [];
    if (lost.length > 0) console.log(`          ${id} lost points on: ${lost.join(', ')}`);
  }
  if (median(runs.map((r) => r.scores.performance ?? 0)) < (TARGETS.performance as number)) {
    for (const cost of last.mainThread) console.log(`          ${cost}`);
  }
  return met;
}

export async function run(): Promise<void> {
  console.log(`\n== Lighthouse, mobile emulation, Debian Chromium (median of ${RUNS} runs) ==`);
  const chromePath = chromiumPath();
  if (!chromePath) {
    console.log('  skipped: no Chromium at CHROMIUM_PATH or /usr/bin/chromium');
    return;
  }
  // Local basemap tiles (a failed tile request would be logged as a console error against best
  // practices), and beside them the bare-map reference page.
  const tiles = await startLocalServer((req, res) => {
    if (referencePage(req, res)) return;
    res.setHeader('content-type', 'image/png');
    res.setHeader('access-control-allow-origin', '*');
    res.end(PNG_1X1);
  });
  const tilesUrl = `${tiles.url}/{z}/{x}/{y}.png`;
  // Assigned before any request can come: only the lines above know the server's port.
  const referencePage = bareMapHandler(tilesUrl);
  const live = await startLiveApp({ BASEMAP_TILES_URL: tilesUrl });
  const compare = COMPARE_WEB_ROOT ? await startLiveApp({ BASEMAP_TILES_URL: tilesUrl }, { webRoot: COMPARE_WEB_ROOT }) : null;
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...BROWSER_FLAGS, ...EXTRA_FLAGS] });
  const pages: Page[] = [
    { name: '/', url: `${live.baseUrl}/`, reportName: 'root' },
    { name: '/embed', url: `${live.baseUrl}/embed`, reportName: 'embed' },
    { name: 'bare map', url: `${tiles.url}/bare-map`, reportName: 'bare-map', reference: true },
    ...(compare
      ? [
          { name: '/ of the compared build', url: `${compare.baseUrl}/`, reportName: 'compare-root', reference: true },
          { name: '/embed of the compared build', url: `${compare.baseUrl}/embed`, reportName: 'compare-embed', reference: true },
        ]
      : []),
  ];
  let failed = false;
  try {
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGETS) };
    const runs = new Map<Page, PageScores[]>(pages.map((page) => [page, []]));
    // Round by round rather than page by page, so a busy spell of the machine touches every page alike.
    for (let n = 0; n < RUNS; n++) {
      for (const page of pages) {
        const answer = await lighthouse(page.url, flags);
        if (!answer) throw new Error(`Lighthouse returned nothing for ${page.name}`);
        if (REPORT_DIR) await writeReport(REPORT_DIR, `${page.reportName}-${n + 1}.json`, answer.report);
        // A run Lighthouse could not complete has no scores: say why and do not count it as zeros.
        if (answer.lhr.runtimeError) console.log(`  ${page.name}: run ${n + 1} failed: ${answer.lhr.runtimeError.code} ${answer.lhr.runtimeError.message}`);
        else runs.get(page)?.push(scoresOf(answer.lhr));
      }
    }
    for (const page of pages) {
      if (!printPage(page, runs.get(page) ?? []) && !page.reference) failed = true;
    }
  } finally {
    chrome.kill();
    await live.close();
    await compare?.close();
    await tiles.close();
  }
  if (failed) console.log('  at least one score is under its target');
}
