// Opens a PGlite dump (a tarball of its data directory) and counts its rows, in a process of its own
// (`fork`ed by backup-archive.ts, the path to the dump as its argument, the counts sent back over IPC):
// starting a second PGlite and loading the dump takes seconds of CPU, which on the server's thread
// would stall every request for as long while a backup is written (scripts/bench/backup-load.bench.ts).
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { countRows } from './backup-archive';

const file = process.argv[2];
if (!file || !process.send) throw new Error('usage: fork()ed with the path to a PGlite dump');
const copy = new PGlite({ loadDataDir: new Blob([await fs.readFile(file)]), extensions: { pg_trgm } });
try {
  const counts = await countRows((text) => copy.query(text));
  await new Promise<void>((resolve, reject) => process.send!(counts, undefined, {}, (error) => (error ? reject(error) : resolve())));
} finally {
  await copy.close();
}
