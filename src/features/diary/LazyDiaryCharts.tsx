import { Suspense, lazy } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import { DIARY_TEXT } from './diary-text';

// The chart library is large: it loads only when the diary is shown.
const DiaryCharts = lazy(() => import('./DiaryCharts').then((m) => ({ default: m.DiaryCharts })));

/** The author's own health diary charts and tables (Activity screen), loaded lazily. */
export function LazyDiaryCharts() {
  return (
    <Suspense fallback={<CircularProgress aria-label={DIARY_TEXT.chartsLoading} />}>
      <DiaryCharts />
    </Suspense>
  );
}
