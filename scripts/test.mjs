// `npm test`: lint (types, ESLint rules and import boundaries, Prettier), then unit, component and
// server integration tests (PGlite, and PostgreSQL too when TEST_DATABASE_URL is set), then e2e in Debian's Chromium against the `npm start` stack.
// Ends with one line 'N passed, N failed' summing every runner.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from './lib/build.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { run } from './lib/processes.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-test-'));
const totals = { passed: 0, failed: 0 };
const failures = [];
const failedTests = [];

function countVitest(file) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const result of report.testResults ?? []) {
    const where = path.relative(root, result.name);
    for (const test of result.assertionResults ?? []) {
      if (test.status === 'failed') failedTests.push(`${where} › ${test.fullName}`);
    }
    if (result.status === 'failed' && !(result.assertionResults ?? []).some((test) => test.status === 'failed')) {
      failedTests.push(`${where} (the file failed to run: ${(result.message ?? '').split('\n')[0]})`);
    }
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests + (report.numTotalTestSuites === 0 ? 1 : 0) };
}

function countPlaywright(file) {
  const { stats, suites } = JSON.parse(fs.readFileSync(file, 'utf8'));
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((test) => test.status === 'unexpected')) {
        failedTests.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of suites ?? []) visit(suite, []);
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
}

async function step(name, command, args, { env = {}, report, count } = {}) {
  process.stdout.write(`\n=== ${name}\n`);
  const code = await run(command, args, { cwd: root, env: { ...process.env, ...env } });
  if (report && fs.existsSync(report)) {
    const { passed, failed } = count(report);
    totals.passed += passed;
    totals.failed += failed;
  } else if (report) {
    totals.failed += 1;
  }
  if (code !== 0) failures.push(name);
}

await ensureChromium();

// `npm run lint` includes `tsc -b` (the type-check); a violation fails the run.
await step('lint', 'npm', ['run', '--silent', 'lint']);

const withoutPostgres = { ...process.env };
delete withoutPostgres.TEST_DATABASE_URL;
const unitReport = path.join(reports, 'vitest-pglite.json');
await step(
  'unit + server integration (PGlite)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`],
  { env: { TEST_DATABASE_URL: '' }, report: unitReport, count: countVitest },
);

if (process.env.TEST_DATABASE_URL) {
  const pgReport = path.join(reports, 'vitest-postgres.json');
  await step(
    `server integration (PostgreSQL at ${new URL(process.env.TEST_DATABASE_URL).host})`,
    bin('vitest'),
    ['run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${pgReport}`],
    { report: pgReport, count: countVitest },
  );
}

process.stdout.write('\n=== build\n');
await buildIfNeeded();

const e2eReport = path.join(reports, 'playwright.json');
await step('e2e (Chromium)', bin('playwright'), ['test'], {
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport, TEST_DATABASE_URL: '' },
  report: e2eReport,
  count: countPlaywright,
});

fs.rmSync(reports, { recursive: true, force: true });
process.stdout.write(`\n${failures.length ? `Failed steps: ${failures.join(', ')}\n` : ''}`);
// The failed tests' names go last, beside the totals, where a CI log's tail still shows them.
for (const name of failedTests) process.stdout.write(`Failed: ${name}\n`);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(failures.length || totals.failed ? 1 : 0);
