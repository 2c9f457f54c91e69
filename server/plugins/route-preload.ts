import fs from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const ROUTES_DIR = 'src/routes/';

/**
 * What URL paths a route file serves, from TanStack Router's file naming: `route.tsx` is a
 * layout over its folder, `index.tsx` the folder itself, `a.$b.tsx` the path a/<anything>.
 */
function routeMatcher(routeFile: string): ((pathname: string) => boolean) | undefined {
  const name = routeFile.slice(ROUTES_DIR.length).replace(/\.tsx$/, '');
  if (name === '__root') return () => true;
  const segments = name.split('/').flatMap((part) => part.split('.'));
  const last = segments.at(-1);
  const layout = last === 'route';
  if (layout || last === 'index') segments.pop();
  const source = segments.map((segment) => (segment.startsWith('$') ? '[^/]+' : segment.replace(/[^\w-]/g, '\\$&'))).join('/');
  const pattern = new RegExp(`^/${source}${layout ? '(?:/.*)?' : '/?'}$`);
  return (pathname) => pattern.test(pathname);
}

/**
 * The chunks a path's routes need beyond what the page's entry already loads, from the build
 * manifest, as `<link rel="modulepreload">` tags: the browser fetches them with the entry
 * instead of after the router has started. Empty when the build has no manifest.
 */
export function routePreloads(root: string): (pathname: string) => string {
  const manifestFile = path.join(root, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entryDeps = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, entryDeps);

  const routes = Object.keys(manifest)
    .filter((key) => key.startsWith(ROUTES_DIR) && key.endsWith('?tsr-split=component'))
    .flatMap((key) => {
      const matches = routeMatcher(key.slice(0, key.indexOf('?')));
      return matches ? [{ key, matches }] : [];
    });
  const byPath = new Map<string, string>();
  return (pathname) => {
    let tags = byPath.get(pathname);
    if (tags === undefined) {
      const needed = new Set<string>();
      for (const route of routes) if (route.matches(pathname)) collect(route.key, needed);
      tags = [...needed]
        .filter((key) => !entryDeps.has(key))
        .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`)
        .join('');
      // Bounded: paths with ids (/root/poop/<id>) are many; their tags are cheap to recompute.
      if (byPath.size < 200) byPath.set(pathname, tags);
    }
    return tags;
  };
}
