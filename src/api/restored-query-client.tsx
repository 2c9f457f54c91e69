import { useEffect, useState, type ReactNode } from 'react';
import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';

/** The saved query cache being read (startQueryRestore), for RestoredQueryClientProvider. */
export interface QueryRestore {
  client: QueryClient;
  options: PersistQueryClientOptions;
  /** Settles once the cache is read (restored or not) and `onSettled` has run. */
  done: Promise<void>;
  /** Whether `done` has settled. */
  settled: () => boolean;
}

/**
 * Starts reading the saved query cache now, beside the loading of the route's code, rather than
 * after the first render as PersistQueryClientProvider does: on an installed app's launch the read
 * is usually done by the time the code is, so the first commit already shows what was saved (one
 * render instead of a render of placeholders and another of the posts). `onSettled` runs once it is
 * read, whether anything was restored or not (a failed read discards the saved cache).
 */
export function startQueryRestore(
  client: QueryClient,
  persistOptions: Omit<PersistQueryClientOptions, 'queryClient'>,
  onSettled: () => void,
): QueryRestore {
  const options: PersistQueryClientOptions = { ...persistOptions, queryClient: client };
  let settled = false;
  const done = persistQueryClientRestore(options)
    // A cache that cannot be read is discarded by the restore itself; the app starts without it.
    .catch(() => undefined)
    .then(onSettled)
    .finally(() => {
      settled = true;
    });
  return { client, options, done, settled: () => settled };
}

/**
 * QueryClientProvider for a cache restored by startQueryRestore: while it is still being read,
 * queries wait (useIsRestoring) instead of fetching what is about to be restored; once read, every
 * change of the cache is saved. The same contract as PersistQueryClientProvider, started earlier.
 */
export function RestoredQueryClientProvider({ restore, children }: { restore: QueryRestore; children: ReactNode }) {
  const [isRestoring, setIsRestoring] = useState(() => !restore.settled());

  useEffect(() => {
    if (!isRestoring) return;
    let mounted = true;
    void restore.done.then(() => {
      if (mounted) setIsRestoring(false);
    });
    return () => {
      mounted = false;
    };
  }, [isRestoring, restore]);

  useEffect(() => (isRestoring ? undefined : persistQueryClientSubscribe(restore.options)), [isRestoring, restore]);

  return (
    <QueryClientProvider client={restore.client}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
