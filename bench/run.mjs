#!/usr/bin/env node
// Crossover's benchmark: the release page (dist/) against a Chart.js page drawing the same two
// figures from the same numbers (bench/chartjs/), both measured in one headless Chromium run,
// then the step latency of both again in headless Firefox (reported beside Chromium's). Beside
// the steps, a task of fixed work timed the same way shows how much the machine alone spreads a
// p95.
//
//   cargo xtask bench                  builds the release page, then runs this
//   node bench/run.mjs --dist dist     measures an existing build
//
// Options (all optional):
//   --dist DIR            the built page (default: dist)
//   --out FILE            the JSON result (default: bench/results/latest.json)
//   --steps N             slider steps per step-latency series (default 600, at least 500 for the goal)
//   --drag-frames N       animation frames in the simulated drag (default 300)
//   --memory-steps N      steps between the two memory readings (default 10000)
//   --loads N             cold page loads for the first-figure time (default 7)
//   --profile-steps N     steps under the CPU profiler and the attribution hooks (default 200)
//   --width PX --height PX --dpr X   the browser window (default 1200 x 900 at 1x)
//   --quick               small counts, for trying the harness (not for results)
//   --no-firefox          skip the Firefox step-latency run
//   --import-only         only the measurements import (a 100,000-request file), first-load bytes
//                         and the first load of each door (lesson, workbench, embed, presentation)
//   --compare-dist DIR    another build (e.g. one without the measurements section) whose first
//                         load is reported beside ours, with the difference
//   --lighthouse-runs N   Lighthouse runs per page and serving, median taken (default 3)
//   --no-lighthouse       skip the Lighthouse runs
//   --lighthouse-only     only the Lighthouse runs (a few minutes)
//   --no-live             skip the live section: a slider stepped while the workbench measures
//                         two real llama.cpp servers (skipped anyway, with a note, when
//                         target/live-venv/bin/python is missing)
//   --live-only           only the live section (about three minutes; --steps sets its idle steps)
//
// Timings are reported, never asserted: the goals (goals.mjs) are printed as PASS/MISS lines and
// the exit code is 0 unless the harness itself fails. See bench/README.md for what each figure
// means and how it is measured.
//
// The parts, in the order a full run uses them: options.mjs (the command line), page-bench.mjs
// (one page in Chromium, driving the code in in-page.mjs), machine.mjs (the machine alone),
// attribution.mjs (where the time goes), firefox.mjs, doors.mjs (each door's first load),
// import.mjs (your own measurements), live.mjs (a slider stepped while two live servers are
// measured),
// lighthouse.mjs, report.mjs and goals.mjs (what is printed), stats.mjs (numbers).

import { copyFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium.mjs';
import { startServer } from '../tests/e2e/server.mjs';
import { attributionText } from './attribution.mjs';
import { doorBytes, doorLines } from './doors.mjs';
import { engineTable, firefoxSteps } from './firefox.mjs';
import { goalLines, importGoals, liveGoals, pageGoals } from './goals.mjs';
import { firstLoadBytes, importBench, importLines } from './import.mjs';
import { lighthouseAll, lighthouseTable } from './lighthouse.mjs';
import { liveBench } from './live.mjs';
import { machineText, openFixedTask } from './machine.mjs';
import { parseArgs } from './options.mjs';
import { PageBench } from './page-bench.mjs';
import { comparisonTable, liveTable } from './report.mjs';
import { intervals, ratio, roundDeep, summary } from './stats.mjs';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(BENCH_DIR, '..');

const PAGE_GOALS_HEADING = 'goals for the lesson page';
const IMPORT_GOALS_HEADING = 'goals for reading your own measurements';
const LIVE_GOALS_HEADING = 'goals for measuring two live servers';

// ---- the peer page, staged with Chart.js ----------------------------------------------------

async function stagePeer() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crossover-bench-peer-'));
  const chartFile = path.join(ROOT, 'node_modules', 'chart.js', 'dist', 'chart.umd.min.js');
  try {
    await stat(chartFile);
  } catch {
    throw new Error(`${chartFile} is missing: run \`npm ci\` (chart.js is a devDependency in package.json)`);
  }
  await copyFile(path.join(BENCH_DIR, 'chartjs', 'index.html'), path.join(dir, 'index.html'));
  await copyFile(path.join(BENCH_DIR, 'chartjs', 'peer.js'), path.join(dir, 'peer.js'));
  await copyFile(chartFile, path.join(dir, 'chart.umd.min.js'));
  return dir;
}

/** Writes the JSON result (rounded) to --out and says where. */
async function writeResult(o, result) {
  const out = path.resolve(o.out);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, JSON.stringify(roundDeep(result), null, 2) + '\n');
  console.log(`\nbench: wrote ${path.relative(process.cwd(), out) || out}`);
}

const log = (lines) => {
  for (const line of lines) console.log(line);
};

// ---- --import-only: your own measurements and the first load's bytes -------------------------

async function importOnly(o, dist) {
  const ourServer = await startServer({ root: dist });
  const compareServer = o.compareDist ? await startServer({ root: path.resolve(o.compareDist) }) : null;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    console.log(`bench: Chromium ${browser.version()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}; load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    const bytes = { ours: await firstLoadBytes(browser, ourServer.url, o) };
    if (compareServer) bytes.compare = await firstLoadBytes(browser, compareServer.url, o);
    const doors = await doorBytes(browser, ourServer.url, o);
    const imp = await importBench(browser, ourServer.url, o);
    const goals = importGoals(imp, bytes);
    console.log('');
    log(doorLines(doors));
    log(importLines(imp, bytes));
    log(goalLines(IMPORT_GOALS_HEADING, goals));
    await writeResult(o, { meta: { date: new Date().toISOString(), dist, chromium: browser.version(), cpus: os.cpus().length, loadAverage: os.loadavg() }, import: imp, firstLoad: { ours: bytes.ours.gzip, readThrough: bytes.ours.readThrough.gzip, compare: bytes.compare?.gzip ?? null }, doors: doors.map(({ name, gzip, files }) => ({ name, gzip, files: files.length })), goals });
  } finally {
    await browser.close();
    await ourServer.close();
    await compareServer?.close();
  }
}

// ---- the live section, and --live-only -----------------------------------------------------------

/** The live section in `browser`; a failure is reported, never the end of a full run. */
async function liveSection(browser, ourUrl, o) {
  if (o.noLive) return { skipped: '--no-live' };
  return liveBench(browser, ourUrl, o).catch((error) => {
    if (o.liveOnly) throw error;
    console.log(`bench: no live results: ${error.message.split('\n')[0]}`);
    return { error: error.message.split('\n')[0] };
  });
}

function printLive(live) {
  console.log('slider steps while the workbench measures two live servers (reported, not asserted):');
  console.log(liveTable(live));
  log(goalLines(LIVE_GOALS_HEADING, liveGoals(live)));
}

async function liveOnly(o, dist) {
  const ourServer = await startServer({ root: dist });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const loadBefore = os.loadavg();
    console.log(`bench: Chromium ${browser.version()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, window ${o.width}×${o.height} @${o.dpr}x; load average ${loadBefore.map((x) => x.toFixed(2)).join(' ')}`);
    const live = await liveSection(browser, ourServer.url, o);
    console.log('');
    printLive(live);
    await writeResult(o, { meta: { date: new Date().toISOString(), dist, liveOnly: true, chromium: browser.version(), cpus: os.cpus().length, window: { width: o.width, height: o.height, dpr: o.dpr }, steps: o.steps, loadAverage: { before: loadBefore, after: os.loadavg() } }, live, goals: liveGoals(live) });
  } finally {
    await browser.close();
    await ourServer.close();
  }
}

// ---- --lighthouse-only -------------------------------------------------------------------------

async function lighthouseOnly(o, dist, peerDir, loadBefore) {
  const lighthouse = await lighthouseAll({ dist, peerDir, runs: o.lighthouseRuns });
  const goals = pageGoals(null, null, lighthouse);
  console.log(`\nLighthouse ${lighthouse.crossover.gzip.version}, mobile profile, served gzipped, median of ${o.lighthouseRuns}:`);
  console.log(lighthouseTable(lighthouse));
  console.log('');
  log(goalLines(PAGE_GOALS_HEADING, goals));
  await writeResult(o, { meta: { date: new Date().toISOString(), dist, lighthouseOnly: true, loadAverage: { before: loadBefore, after: os.loadavg() } }, lighthouse, goals });
}

// ---- a full run ----------------------------------------------------------------------------------

/**
 * Both pages in Chromium: steps (with the fixed task between their blocks), drag, memory, cold
 * loads, then the CPU profiles and attribution. Our page goes first, so the peer can be given the
 * same figure width. Then both pages stay open and take turns, a block at a time, so background
 * load on a shared machine falls on both alike.
 */
async function measureInChromium(browser, ourUrl, peerServerUrl, o) {
  const ours = new PageBench('crossover', 'Crossover', browser, o);
  const peer = new PageBench('chartjs', 'Chart.js', browser, o);
  await ours.openWarm(ourUrl);
  const width = Math.round(ours.result.layout.figures[0].cssWidth);
  const peerUrl = `${peerServerUrl}?w=${width}`;
  await peer.openWarm(peerUrl);
  const both = [ours, peer];
  const BLOCK = 100;
  console.log(`bench: step latency, ${o.steps} prompt steps and ${o.steps} round-robin steps per page, in alternating blocks of ${BLOCK}…`);
  const plans = both.map((b) => b.stepPlans());
  const rows = both.map(() => ({ prompt: [], mixed: [] }));
  // The fixed task's work is sized to our median step, measured in the warm-up.
  const fixed = await openFixedTask(browser, ours.warmStepP50Ms ?? 2);
  for (const series of ['prompt', 'mixed']) {
    for (let at = 0, turn = 0; at < o.steps; at += BLOCK, turn++) {
      for (const i of turn % 2 ? [1, 0] : [0, 1]) rows[i][series].push(...(await both[i].runSteps(plans[i][series].slice(at, at + BLOCK))));
      if (series === 'prompt') fixed.rows.push(...(await fixed.run(Math.min(BLOCK, o.steps - at))));
    }
  }
  both.forEach((b, i) => b.recordSteps(plans[i], rows[i]));
  console.log('bench: step latency of every other slider, in the lesson and the review workbench…');
  await ours.otherSliders(new URL('workbench.html', ourUrl).href);
  const machine = { iterations: fixed.iterations, ...summary(fixed.rows) };
  machine.p95OverP50 = ratio(machine.p95, machine.p50);
  console.log(`bench: drag, ${o.dragFrames} frames idle then ${o.dragFrames} frames with one input each…`);
  for (const idle of [true, false]) for (const b of both) await b.drag(idle);
  console.log(`bench: playing Figure 1's request for ${o.dragFrames} frames…`);
  await ours.play();
  // As much fixed work per frame as our step and the browser's rendering of it take, at p50.
  const perFrameMs = ours.result.step.prompt.p50 + ours.result.step.prompt.render.p50;
  machine.drag = { workMs: perFrameMs, ...intervals(await fixed.frames(o.dragFrames, perFrameMs)) };
  await fixed.context.close();
  console.log(`bench: memory, ${o.memorySteps} steps per page…`);
  for (const b of both) await b.memory();
  for (const b of both) await b.closeWarm();
  console.log(`bench: ${o.loads} cold loads per page, alternating…`);
  for (let i = 0; i < o.loads; i++) for (const [b, url] of i % 2 ? [[peer, peerUrl], [ours, ourUrl]] : [[ours, ourUrl], [peer, peerUrl]]) await b.loadOnce(url);
  for (const b of both) b.recordLoads();
  console.log('bench: CPU profiles and attribution…');
  await ours.attribution(ourUrl);
  await peer.attribution(peerUrl);
  return { ours, peer, peerUrl, plans, machine };
}

/** Everything a full run prints after its progress lines. */
function printReport({ browser, ours, peer, machine, firefox, lighthouse, goals, imported, importBytes, importGoalList, o }) {
  const r1 = ours.result;
  const r2 = peer.result;
  console.log('');
  console.log(`figures: Crossover ${r1.layout.figures.map((f) => `${f.id} ${f.width}×${f.height}`).join(', ')} (${r1.layout.canvases} canvases, ${r1.layout.domNodes} elements); Chart.js ${r2.layout.figures.map((f) => `${f.id} ${f.width}×${f.height}`).join(', ')} (${r2.layout.domNodes} elements)`);
  console.log('');
  console.log(comparisonTable(r1, r2));
  console.log('');
  console.log(machineText(machine, r1));
  console.log('');
  console.log('where the time goes, Crossover:');
  console.log(attributionText(r1));
  console.log('where the time goes, Chart.js:');
  console.log(attributionText(r2));
  console.log('');
  if (firefox) {
    console.log(`step latency by engine (Chromium ${browser.version()}, ${firefox.version}; reported, not asserted):`);
    console.log(engineTable({ crossover: r1, chartjs: r2 }, firefox));
    for (const [key, page] of Object.entries(firefox.pages)) if (page.messages) console.log(`\n${key} said in Firefox:\n  ${page.messages.join('\n  ')}`);
    console.log('');
  }
  if (lighthouse) {
    console.log(`Lighthouse ${lighthouse.crossover.gzip.version}, mobile profile, served gzipped, median of ${o.lighthouseRuns} (reported, not asserted):`);
    console.log(lighthouseTable(lighthouse));
    console.log('');
  }
  log(goalLines(PAGE_GOALS_HEADING, goals));
  console.log('your own measurements:');
  log(importLines(imported, importBytes));
  log(goalLines(IMPORT_GOALS_HEADING, importGoalList));
  for (const r of [r1, r2]) if (r.messages) console.log(`\n${r.label} said, during steps, drag and memory:\n  ${r.messages.join('\n  ')}`);
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const dist = path.resolve(o.dist);
  const distFiles = await readdir(dist).catch(() => []);
  if (!distFiles.includes('index.html')) throw new Error(`${dist} has no index.html: build the page first (cargo xtask build, or use cargo xtask bench)`);
  if (o.importOnly) return importOnly(o, dist);
  if (o.liveOnly) return liveOnly(o, dist);

  const peerDir = await stagePeer();
  const ourServer = await startServer({ root: dist });
  const peerServer = await startServer({ root: peerDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    console.log(`bench: Crossover at ${ourServer.url} (${dist}), Chart.js peer at ${peerServer.url}`);
    const loadBefore = os.loadavg();
    console.log(`bench: Chromium ${browser.version()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, window ${o.width}×${o.height} @${o.dpr}x${o.quick ? ', QUICK counts' : ''}`);
    console.log(`bench: load average ${loadBefore.map((x) => x.toFixed(2)).join(' ')}${loadBefore[0] > os.cpus().length * 0.5 ? ' (the machine is busy: timings will be noisy)' : ''}`);
    if (o.lighthouseOnly) return await lighthouseOnly(o, dist, peerDir, loadBefore);

    const ourUrl = ourServer.url;
    const { ours, peer, peerUrl, plans, machine } = await measureInChromium(browser, ourUrl, peerServer.url, o);
    let firefox = null;
    if (!o.noFirefox) {
      console.log(`bench: step latency in Firefox, the same ${o.steps} + ${o.steps} steps per page…`);
      firefox = await firefoxSteps([ours, peer], [ourUrl, peerUrl], plans, o).catch((error) => {
        // Firefox is a second opinion: without it the Chromium results still stand.
        console.log(`bench: no Firefox results: ${error.message.split('\n')[0]}`);
        return null;
      });
    }

    const importBytes = { ours: await firstLoadBytes(browser, ourUrl, o) };
    if (o.compareDist) {
      const compareServer = await startServer({ root: path.resolve(o.compareDist) });
      importBytes.compare = await firstLoadBytes(browser, compareServer.url, o).finally(() => compareServer.close());
    }
    const doors = await doorBytes(browser, ourUrl, o);
    const imported = await importBench(browser, ourUrl, o);
    const live = await liveSection(browser, ourUrl, o);
    const lighthouse = o.noLighthouse ? null : await lighthouseAll({ dist, peerDir, runs: o.lighthouseRuns });

    const r1 = ours.result;
    const r2 = peer.result;
    const goals = pageGoals(r1, r2, lighthouse);
    const importGoalList = importGoals(imported, importBytes);
    printReport({ browser, ours, peer, machine, firefox, lighthouse, goals, imported, importBytes, importGoalList, o });
    log(doorLines(doors));
    console.log('');
    printLive(live);

    await writeResult(o, {
      meta: {
        date: new Date().toISOString(),
        dist,
        chromium: browser.version(),
        node: process.version,
        cpus: os.cpus().length,
        cpu: os.cpus()[0]?.model ?? null,
        window: { width: o.width, height: o.height, dpr: o.dpr },
        counts: { steps: o.steps, dragFrames: o.dragFrames, memorySteps: o.memorySteps, loads: o.loads, profileSteps: o.profileSteps },
        quick: Boolean(o.quick),
        loadAverage: { before: loadBefore, after: os.loadavg() },
      },
      pages: { crossover: r1, chartjs: r2 },
      // A task of fixed work timed like a step, between the step blocks (machine.mjs).
      machine,
      // Step latency in Firefox on the same positions, or null when it was skipped or failed.
      firefox,
      // Lighthouse's mobile runs (median of each figure), or null with --no-lighthouse.
      lighthouse,
      ratios: {
        stepPromptP50: ratio(r1.step.prompt.p50, r2.step.prompt.p50),
        stepPromptP95: ratio(r1.step.prompt.p95, r2.step.prompt.p95),
        stepPromptP99: ratio(r1.step.prompt.p99, r2.step.prompt.p99),
        stepAllP95: ratio(r1.step.allSliders.p95, r2.step.allSliders.p95),
        dragIntervalP95: ratio(r1.drag.p95, r2.drag.p95),
        firstFigure: ratio(r1.load.firstFigureMs.median, r2.load.firstFigureMs.median),
        bytesGzip: ratio(r1.bytes.gzip, r2.bytes.gzip),
        bytesBrotli: ratio(r1.bytes.brotli, r2.bytes.brotli),
        jsHeapAfter: ratio(r1.memory.after.jsHeapUsed, r2.memory.after.jsHeapUsed),
      },
      goals,
      // The first load of each door (bench/doors.mjs).
      doors: doors.map(({ name, gzip, files }) => ({ name, gzip, files: files.length })),
      // A slider stepped while two live servers are measured (bench/live.mjs), or why not.
      live: { ...live, goals: liveGoals(live) },
      import: { ...imported, firstLoad: { ours: importBytes.ours.gzip, readThrough: importBytes.ours.readThrough.gzip, compare: importBytes.compare?.gzip ?? null }, goals: importGoalList },
    });
  } finally {
    await browser.close();
    await ourServer.close();
    await peerServer.close();
    await rm(peerDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`bench: ${error.stack || error.message}`);
  process.exit(1);
});
