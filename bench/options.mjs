// The command line: `node bench/run.mjs [options]`. run.mjs's opening comment lists the
// options and what each does; --help prints the usage line.

import path from 'node:path';

/** The options given, over their defaults; --quick swaps in small counts. */
export function parseArgs(argv) {
  const o = {
    dist: 'dist',
    out: path.join('bench', 'results', 'latest.json'),
    steps: 600,
    dragFrames: 300,
    memorySteps: 10_000,
    loads: 7,
    profileSteps: 200,
    width: 1200,
    height: 900,
    dpr: 1,
    lighthouseRuns: 3,
  };
  const numeric = { '--lighthouse-runs': 'lighthouseRuns', '--steps': 'steps', '--drag-frames': 'dragFrames', '--memory-steps': 'memorySteps', '--loads': 'loads', '--profile-steps': 'profileSteps', '--width': 'width', '--height': 'height', '--dpr': 'dpr' };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--quick') {
      Object.assign(o, { steps: 60, dragFrames: 60, memorySteps: 300, loads: 2, profileSteps: 40, lighthouseRuns: 1, quick: true });
      continue;
    }
    if (flag === '--no-firefox') {
      o.noFirefox = true;
      continue;
    }
    if (flag === '--import-only') {
      o.importOnly = true;
      continue;
    }
    if (flag === '--no-live' || flag === '--live-only') {
      o[flag === '--no-live' ? 'noLive' : 'liveOnly'] = true;
      continue;
    }
    if (flag === '--no-lighthouse' || flag === '--lighthouse-only') {
      o[flag === '--no-lighthouse' ? 'noLighthouse' : 'lighthouseOnly'] = true;
      continue;
    }
    if (flag === '--help' || flag === '-h') {
      console.log(`usage: node bench/run.mjs [--dist dist] [--out FILE] [--steps N] [--drag-frames N] [--memory-steps N] [--loads N] [--profile-steps N] [--width PX] [--height PX] [--dpr X] [--quick] [--no-firefox] [--lighthouse-runs N] [--no-lighthouse] [--lighthouse-only] [--import-only] [--compare-dist DIR] [--no-live] [--live-only]`);
      process.exit(0);
    }
    const value = argv[++i];
    if (value === undefined) throw new Error(`missing value after ${flag}`);
    if (flag === '--dist') o.dist = value;
    else if (flag === '--out') o.out = value;
    else if (flag === '--compare-dist') o.compareDist = value;
    else if (numeric[flag]) {
      o[numeric[flag]] = Number(value);
      if (!(o[numeric[flag]] > 0)) throw new Error(`${flag} needs a positive number, not ${value}`);
    } else throw new Error(`unknown option ${flag} (try --help)`);
  }
  return o;
}
