import { Suspense, lazy } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import { useLingui } from '@lingui/react/macro';

// The chart library is large: it loads only when the stats are shown.
const StatsPanel = lazy(() => import('./StatsPanel').then((m) => ({ default: m.StatsPanel })));

/** The signed-in user's stats (chart, calendar and their text alternative), loaded lazily. */
export function LazyStatsPanel() {
  const { t } = useLingui();
  return (
    <Suspense fallback={<CircularProgress aria-label={t`Loading your stats`} />}>
      <StatsPanel />
    </Suspense>
  );
}
