// A reporter for node's test runner, run beside the spec reporter: one line per finished test,
// "<ms>\t<outcome>\t<file>\t<name>" (outcome: passed, failed or skipped), which `cargo xtask
// test` reads to name the slowest tests at the end of its log (xtask/src/browser.rs; it is
// written in Rust's standard library alone, so the lines are tab-separated rather than JSON).
// Suites are left out: their time is their tests'.

import path from 'node:path';

const oneLine = (text) => String(text).replace(/[\t\r\n]+/g, ' ');

export default async function* durations(source) {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { name, file, details, skip } = event.data;
    if (details?.type === 'suite') continue;
    const outcome = skip ? 'skipped' : event.type === 'test:pass' ? 'passed' : 'failed';
    const ms = Math.round(details?.duration_ms ?? 0);
    yield `${ms}\t${outcome}\t${oneLine(file ? path.basename(file) : '')}\t${oneLine(name)}\n`;
  }
}
