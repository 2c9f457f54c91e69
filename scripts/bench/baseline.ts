// The build before: `--baseline <git ref>` of `npm run bench`, `npm run bench:web` and
// launch.bench.ts. The ref is checked out in a temporary git worktree (`git worktree add --detach`),
// given node_modules (hard links of this checkout's when both package-lock.json files are the
// same; otherwise those hard links, then `npm install --ignore-scripts` for the difference) and
// built (`vite build`). The worktree stays in the temporary directory, named by the commit, so a
// second run against the same ref builds nothing; `git worktree remove --force <dir>` deletes it.
//
// Without a ref the baseline is the merge-base of HEAD and origin/main (or main); when that is
// HEAD itself (nothing on this branch yet), the parent of the last commit that changed anything
// but documentation (docs/ and *.md), so the figures judge the latest change of code.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Baseline {
  /** What was asked for (the ref as given, or how the default was found). */
  ref: string;
  /** The commit, 40 hex digits. */
  commit: string;
  /** The worktree, whose dist/ holds its build and whose server/ is its API. */
  dir: string;
  dist: string;
}

const say = (text: string) => process.stdout.write(`${text}\n`);

function git(args: string[], cwd = process.cwd()): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

function tryGit(args: string[]): string | undefined {
  const result = spawnSync('git', args, { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/** `--baseline <ref>` or `--baseline=<ref>` in argv; '' when given without a ref (the default); undefined when absent. */
export function baselineArgument(argv = process.argv.slice(2)): string | undefined {
  for (const [index, arg] of argv.entries()) {
    if (arg === '--baseline') {
      const next = argv[index + 1];
      return next && !next.startsWith('--') ? next : '';
    }
    if (arg.startsWith('--baseline=')) return arg.slice('--baseline='.length);
  }
  return undefined;
}

/** The default baseline (see the head of this file): a ref and how it was chosen. */
export function defaultBaselineRef(): { ref: string; why: string } {
  const head = git(['rev-parse', 'HEAD']);
  for (const main of ['origin/main', 'main']) {
    const base = tryGit(['merge-base', 'HEAD', main]);
    if (base && base !== head) return { ref: base, why: `merge-base of HEAD and ${main}` };
  }
  const lastCode = git(['log', '-n', '1', '--format=%H', 'HEAD', '--', '.', ':(exclude)docs', ':(exclude)*.md']);
  return { ref: `${lastCode}~`, why: `the parent of ${lastCode.slice(0, 7)}, the last commit that changed more than docs` };
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} in ${cwd} failed (${result.status ?? result.signal})`);
}

/** Checks out and builds the baseline (once per commit; later runs reuse it). */
export function prepareBaseline(asked: string): Baseline {
  const { ref, why } = asked ? { ref: asked, why: 'as given' } : defaultBaselineRef();
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const dir = path.join(os.tmpdir(), `plop-baseline-${commit.slice(0, 12)}`);
  const dist = path.join(dir, 'dist');
  const built = path.join(dist, '.baseline-built');
  say(`Baseline: ${ref} (${why}) = ${commit.slice(0, 12)}, in ${dir}`);
  if (fs.existsSync(built)) return { ref, commit, dir, dist };
  if (!fs.existsSync(path.join(dir, '.git'))) {
    tryGit(['worktree', 'prune']);
    git(['worktree', 'add', '--detach', '--force', dir, commit]);
  }
  if (!fs.existsSync(path.join(dir, 'node_modules'))) {
    // Hard links: seconds and no disk, where a fresh install of 1.5 GB would take minutes.
    run('cp', ['-al', path.resolve('node_modules'), path.join(dir, 'node_modules')], process.cwd());
    const same = fs.readFileSync('package-lock.json', 'utf8') === fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
    // npm replaces a package's folder rather than writing into its files, so the links' originals are left as they are.
    if (!same) run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], dir);
  }
  say(`Baseline: building ${commit.slice(0, 12)} (vite build)`);
  run('npx', ['vite', 'build', '--logLevel', 'warn'], dir);
  fs.writeFileSync(built, `${commit}\n`);
  return { ref, commit, dir, dist };
}

/** A figure as 'baseline / now / ratio' (ratio now ÷ baseline: below 1 is less time, or fewer requests). */
export function sideBySide(baseline: number, now: number, unit: string, digits = 0): string {
  const format = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })}`;
  const ratio = baseline > 0 ? (now / baseline).toFixed(2) : '—';
  return `${format(baseline)} / ${format(now)} ${unit} (x${ratio})`;
}
