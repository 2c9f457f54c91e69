// `npm test`: every runner, each once, then one closing line 'N passed, N failed' summing them all.
//
//   lint            types (`tsc -b`), ESLint rules and import boundaries, Prettier
//   vitest          unit, component and server integration tests on PGlite, on this Node
//   vitest (pg)     the server suite again on PostgreSQL, when TEST_DATABASE_URL is set
//   vitest (node)   unit and component again on another Node, when TEST_ALSO_NODE names its binary,
//                   with the server suite there too: on PostgreSQL when TEST_DATABASE_URL is set
//                   (then this Node runs it on PGlite only), so each Node and each database runs
//                   the server suite, and none runs it twice
//   build           the PWA, when its sources are newer than the last build
//   e2e             Playwright in Debian's Chromium, one `npm start` stack per worker (e2e/stacks.ts)
//
// A fresh machine runs lint, vitest, build and e2e; .ci/run adds the PostgreSQL and second-Node
// stages through the two variables. Each stage prints its time, and the closing note lists the
// stage times, the failed steps and tests, and the e2e tests that passed only on their retry.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { buildIfNeeded } from './lib/build.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { run } from './lib/processes.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'plop-test-'));
const totals = { passed: 0, failed: 0 };
const failures = [];
const failedTests = [];
const flakyTests = [];
const times = [];
const started = Date.now();

function countVitest(file, label) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const result of report.testResults ?? []) {
    const where = path.relative(root, result.name);
    for (const test of result.assertionResults ?? []) {
      if (test.status === 'failed') failedTests.push(`${label}: ${where} › ${test.fullName}`);
    }
    if (result.status === 'failed' && !(result.assertionResults ?? []).some((test) => test.status === 'failed')) {
      failedTests.push(`${label}: ${where} (the file failed to run: ${(result.message ?? '').split('\n')[0]})`);
    }
  }
  return { passed: report.numPassedTests, failed: report.numFailedTests + (report.numTotalTestSuites === 0 ? 1 : 0) };
}

function countPlaywright(file, label) {
  const { stats, suites } = JSON.parse(fs.readFileSync(file, 'utf8'));
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      const name = `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`;
      if (spec.tests.some((test) => test.status === 'unexpected')) failedTests.push(`${label}: ${name}`);
      // 'flaky': failed, then passed on its retry. Counted as passed, named so it gets fixed.
      if (spec.tests.some((test) => test.status === 'flaky')) flakyTests.push(name);
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of suites ?? []) visit(suite, []);
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
}

function duration(ms) {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

/** Runs one stage: prints its name, then its time; counts its report's tests when it has one. */
async function step(name, action, { report, count } = {}) {
  process.stdout.write(`\n=== ${name}\n`);
  const begun = Date.now();
  let code;
  try {
    code = await action();
  } catch (error) {
    process.stdout.write(`${error instanceof Error ? error.message : String(error)}\n`);
    code = 1;
  }
  if (report && fs.existsSync(report)) {
    const { passed, failed } = count(report, name);
    totals.passed += passed;
    totals.failed += failed;
  } else if (report) {
    totals.failed += 1;
  }
  if (code !== 0) failures.push(name);
  const took = Date.now() - begun;
  times.push([name, took]);
  process.stdout.write(`--- ${name}: ${duration(took)}${code === 0 ? '' : ' (failed)'}\n`);
}

/** The environment of a command run on the Node at `node` (its folder first on PATH). */
function onNode(node, env) {
  return { ...process.env, ...env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}` };
}

/** The vitest stages on one Node: `projects` (the server's on PGlite), then (if asked) the server suite on PostgreSQL. */
async function vitestStages(node, { projects, postgres }) {
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const tag = version.replace(/^v/, 'node').replace(/\./g, '-');
  const vitest = (name, args, env) => {
    const report = path.join(reports, `vitest-${tag}-${name}.json`);
    return step(
      `${name} on Node ${version}`,
      () =>
        run(bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
          cwd: root,
          env: onNode(node, env),
        }),
      { report, count: countVitest },
    );
  };
  const name = projects.join(' + ') + (projects.includes('server') ? ' (PGlite)' : '');
  await vitest(
    name,
    projects.flatMap((project) => ['--project', project]),
    { TEST_DATABASE_URL: '' },
  );
  if (postgres) {
    const host = new URL(process.env.TEST_DATABASE_URL).host;
    await vitest(`server (PostgreSQL at ${host})`, ['--project', 'server'], {});
  }
}

await step('chromium', async () => {
  await ensureChromium();
  return 0;
});

// `npm run lint` includes `tsc -b` (the type-check); a violation fails the run.
await step('lint', () => run('npm', ['run', '--silent', 'lint'], { cwd: root }));

const everyProject = ['unit', 'component', 'server'];
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const otherNode = process.env.TEST_ALSO_NODE;
await vitestStages(process.execPath, { projects: everyProject, postgres: postgres && !otherNode });
if (otherNode) await vitestStages(otherNode, { projects: postgres ? ['unit', 'component'] : everyProject, postgres });

await step('build', async () => {
  await buildIfNeeded();
  return 0;
});

const e2eReport = path.join(reports, 'playwright.json');
await step(
  `e2e (Chromium) on Node ${process.version}`,
  () =>
    run(bin('playwright'), ['test'], {
      cwd: root,
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport, TEST_DATABASE_URL: '' },
    }),
  { report: e2eReport, count: countPlaywright },
);

fs.rmSync(reports, { recursive: true, force: true });
// The closing note goes last, where a CI log's tail still shows it: stage times, then names.
process.stdout.write('\n');
for (const [name, took] of times) process.stdout.write(`${duration(took).padStart(8)}  ${name}\n`);
process.stdout.write(`${duration(Date.now() - started).padStart(8)}  in all\n`);
if (failures.length) process.stdout.write(`Failed steps: ${failures.join(', ')}\n`);
for (const name of flakyTests) process.stdout.write(`Flaky: ${name} (passed on its retry)\n`);
for (const name of failedTests) process.stdout.write(`Failed: ${name}\n`);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(failures.length || totals.failed ? 1 : 0);
