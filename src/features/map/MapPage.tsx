import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import ListIcon from '@mui/icons-material/ViewList';
import { useQuery } from '@tanstack/react-query';
import type { Viewport } from '../../../core/map-cover';
import { loadConfig } from '../../api/config.api';
import { mapPostsQuery } from '../../api/map.queries';
import { queryKeys } from '../../api/query-keys';
import { BOTTOM_NAV_HEIGHT_PX } from '../shell/BottomNav';
import { useNow } from '../poops/use-now';
import { Trans, useLingui } from '@lingui/react/macro';
import { MAP_TEXT, mapListHeading } from './map-text';
import { MapPostCard } from './MapPostCard';
import { MAP_VIEW_STORAGE_KEY, parseMapView, postsInView, postsWithIds, snapViewport, WORLD_VIEW, type MapView } from './map-view';
import { useOwnPosition } from './use-own-position';

// maplibre (and the basemap) load with the map itself, never with the app's first page.
const MapCanvas = lazy(() => import('./MapCanvas'));

/** Height of the screen's bar (title and buttons) above the map. */
const BAR_HEIGHT_PX = 56;

function readSavedView(): MapView {
  try {
    return parseMapView(localStorage.getItem(MAP_VIEW_STORAGE_KEY)) ?? WORLD_VIEW;
  } catch {
    // Storage blocked (privacy settings): the map opens on the world.
    return WORLD_VIEW;
  }
}

function saveView(view: MapView): void {
  try {
    localStorage.setItem(MAP_VIEW_STORAGE_KEY, JSON.stringify(view));
  } catch {
    // Storage blocked or full: the map opens on the world next time.
    return;
  }
}

/** The viewport the first view roughly covers, so the posts' read starts with the map's code. */
function roughViewport(view: MapView): Viewport {
  const halfWidth = Math.min(180, 360 / 2 ** (view.zoom + 1));
  const halfHeight = Math.min(90, 180 / 2 ** (view.zoom + 1));
  return {
    west: view.longitude - halfWidth,
    east: view.longitude + halfWidth,
    south: view.latitude - halfHeight,
    north: view.latitude + halfHeight,
  };
}

/** /root/map: the posts people put on the map, clustered; a List of those in view; one's own position on request. */
export function MapPage() {
  const { t } = useLingui();
  const theme = useTheme();
  const now = useNow();
  const [initialView] = useState(readSavedView);
  const [visible, setVisible] = useState<Viewport>(() => roughViewport(initialView));
  const [queryViewport, setQueryViewport] = useState<Viewport>(() => snapViewport(roughViewport(initialView), initialView.zoom));
  const [showList, setShowList] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [mapFailed, setMapFailed] = useState(false);
  const own = useOwnPosition();
  const config = useQuery({ queryKey: queryKeys.config(), queryFn: loadConfig, staleTime: Infinity });
  const posts = useQuery(mapPostsQuery(queryViewport));
  const allPosts = useMemo(() => posts.data ?? [], [posts.data]);
  // The posts of the markers the map drew in view, once it rested (null until it has, or without a map).
  const [markedIds, setMarkedIds] = useState<readonly string[] | null>(null);
  const inView = useMemo(
    () => (markedIds && !mapFailed ? postsWithIds(allPosts, markedIds) : postsInView(allPosts, visible)),
    [allPosts, markedIds, mapFailed, visible],
  );
  const selected = allPosts.find((post) => post.id === selectedId);

  const onViewChange = useCallback((next: Viewport, view: MapView) => {
    setVisible(next);
    const snapped = snapViewport(next, view.zoom);
    setQueryViewport((current) => (JSON.stringify(current) === JSON.stringify(snapped) ? current : snapped));
    saveView(view);
  }, []);
  const onFailed = useCallback(() => {
    setMapFailed(true);
    setShowList(true);
  }, []);

  const listOnly = showList || mapFailed;
  const styleReady = !config.isPending;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: `calc(100dvh - ${BOTTOM_NAV_HEIGHT_PX}px)` }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, minHeight: BAR_HEIGHT_PX, flexShrink: 0 }}>
        <Typography component="h1" variant="h5" sx={{ flex: 1, fontWeight: 700 }}>
          {MAP_TEXT.title}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          startIcon={own.state.kind === 'locating' ? <CircularProgress size={16} aria-hidden /> : <MyLocationIcon />}
          onClick={own.locate}
          disabled={own.state.kind === 'locating' || mapFailed}
        >
          {MAP_TEXT.showMyPosition}
        </Button>
        <ToggleButton
          size="small"
          value="list"
          selected={listOnly}
          disabled={mapFailed}
          onChange={() => setShowList((on) => !on)}
          sx={{ gap: 0.5, textTransform: 'none', fontWeight: 600 }}
        >
          <ListIcon fontSize="small" />
          {MAP_TEXT.listToggle}
        </ToggleButton>
      </Stack>
      <Box role="status" aria-live="polite" sx={{ px: 2 }}>
        {own.state.kind === 'failed' && (
          <Alert severity="warning" onClose={own.dismiss} sx={{ mb: 1 }}>
            {own.state.message}
          </Alert>
        )}
        {mapFailed && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {MAP_TEXT.mapFailed}
          </Alert>
        )}
        {posts.isError && !posts.data && (
          <Alert
            severity="error"
            sx={{ mb: 1 }}
            action={
              <Button color="inherit" size="small" onClick={() => void posts.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            }
          >
            {MAP_TEXT.loadFailed}
          </Alert>
        )}
      </Box>
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
        {!mapFailed && styleReady && (
          <Suspense fallback={<CircularProgress aria-label={MAP_TEXT.loading} sx={{ position: 'absolute', top: '45%', left: '45%' }} />}>
            <MapCanvas
              posts={allPosts}
              mode={theme.palette.mode}
              styleUrl={config.data?.mapStyleUrl}
              initialView={initialView}
              ownPosition={own.state.kind === 'found' ? own.state.position : null}
              focusOwnPosition={own.focusKey}
              hidden={listOnly}
              onViewChange={onViewChange}
              onPostsInView={setMarkedIds}
              onSelect={setSelectedId}
              onFailed={onFailed}
            />
          </Suspense>
        )}
        {listOnly && (
          <Box
            component="section"
            aria-labelledby="map-list-heading"
            sx={{ position: 'absolute', inset: 0, overflowY: 'auto', px: 2, pb: 2 }}
          >
            <Typography id="map-list-heading" component="h2" variant="subtitle1" sx={{ fontWeight: 700, my: 1 }}>
              {posts.isPending ? MAP_TEXT.loading : mapListHeading(inView.length)}
            </Typography>
            {!posts.isPending && inView.length === 0 && <Typography color="text.secondary">{MAP_TEXT.emptyView}</Typography>}
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-labelledby="map-list-heading">
              {inView.map((post) => (
                <li key={post.id}>
                  <MapPostCard post={post} now={now} headingLevel="h3" />
                </li>
              ))}
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {MAP_TEXT.privacyNote}
            </Typography>
          </Box>
        )}
        {!listOnly && selected && (
          <Box sx={{ position: 'absolute', left: 8, right: 8, bottom: 8, maxWidth: 480, mx: 'auto', display: 'flex', gap: 0.5 }}>
            <Box sx={{ flex: 1, bgcolor: 'background.paper', borderRadius: 1 }}>
              <MapPostCard post={selected} now={now} />
            </Box>
            <IconButton
              aria-label={t`Close`}
              onClick={() => setSelectedId(null)}
              sx={{ alignSelf: 'flex-start', bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
            >
              <CloseIcon />
            </IconButton>
          </Box>
        )}
      </Box>
    </Box>
  );
}
