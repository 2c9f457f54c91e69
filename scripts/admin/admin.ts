// `npm run admin -- <email>`: makes the user with this e-mail an admin; `--remove <email>` takes it away.
// `npm run admin -- premium <email>`: premium with an active subscription; `premium --remove <email>`: cancelled.
//
// Works on the configured database (PGlite under DATA_DIR, or DATABASE_URL) and, like the seed,
// refuses to open PGlite while another process (a running server) has the data folder open
// (server/db/data-dir-lock.ts). Prints one line saying what it did; exits 1 with one line when
// the e-mail is unknown or the arguments are wrong. The user must have signed in once.
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { users } from '../../server/db/schema';
import { markPostsPremium } from '../../server/repositories/premium.repository';
import { isPremium, type SubscriptionStatus } from '../../core/user';

const USAGE = 'usage: npm run admin -- [--remove] <email> | npm run admin -- premium [--remove] <email>';

type AdminCommand = { what: 'admin' | 'premium'; remove: boolean; email: string };

function parseArgs(args: string[]): AdminCommand | undefined {
  const rest = [...args];
  const what = rest[0] === 'premium' ? 'premium' : 'admin';
  if (what === 'premium') rest.shift();
  const remove = rest[0] === '--remove';
  if (remove) rest.shift();
  if (rest.length !== 1 || !rest[0]!.includes('@')) return undefined;
  return { what, remove, email: rest[0]!.trim().toLowerCase() };
}

class CommandError extends Error {}

async function main(): Promise<void> {
  const command = parseArgs(process.argv.slice(2));
  if (!command) throw new CommandError(USAGE);
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  try {
    await migrate(database);
    const set =
      command.what === 'admin'
        ? { admin: !command.remove }
        : { premium: !command.remove, subscriptionStatus: command.remove ? 'canceled' : 'active' };
    const changed = await database.db.transaction(async (tx) => {
      const rows = await tx
        .update(users)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(sql`lower(${users.email})`, command.email))
        .returning({ uid: users.uid, premium: users.premium, subscriptionStatus: users.subscriptionStatus, admin: users.admin });
      // Admins count as premium too: either change can move the badge on the user's posts.
      for (const row of rows) {
        await markPostsPremium(tx, row.uid, isPremium({ ...row, subscriptionStatus: row.subscriptionStatus as SubscriptionStatus }));
      }
      return rows;
    });
    if (changed.length === 0) {
      throw new CommandError(`No user with the e-mail ${command.email}: they must sign in to the app once first.`);
    }
    const done =
      command.what === 'admin'
        ? command.remove
          ? `${command.email} is no longer an admin.`
          : `${command.email} is now an admin (sign out and in again, or reload the app, to see the Admin entry).`
        : command.remove
          ? `${command.email} is no longer premium (subscription canceled).`
          : `${command.email} is now premium (subscription active).`;
    process.stdout.write(`${done}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`admin: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
