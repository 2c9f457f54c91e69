import { useEffect, useLayoutEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import {
  Map as MapLibreMap,
  Marker,
  NavigationControl,
  setWorkerUrl,
  type GeoJSONSource,
  type MapGeoJSONFeature,
  type RequestParameters,
  type ResourceType,
  type StyleSpecification,
} from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// maplibre's worker as a file of the app (same origin: the CSP's worker-src 'self', and precached).
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import type { MapPost } from '../../../core/map-api';
import type { Viewport } from '../../../core/map-cover';
import { MAP_RESOURCE_PARAM } from '../../../core/offline-caches';
import { i18n } from '@lingui/core';
import { relativeTime } from '../../../core/relative-time';
import { worldBasemapStyle } from './basemap';
import { MAP_TEXT, mapClusterLabel, mapMarkerLabel } from './map-text';
import { OWN_POSITION_ZOOM, postsToGeoJson, type MapView } from './map-view';

setWorkerUrl(workerUrl);

const SOURCE = 'posts';
/** Posts closer than this on screen (px) are drawn as one cluster with their count. */
const CLUSTER_RADIUS_PX = 48;
/** Above this zoom nothing is clustered: each post is its own marker. */
const CLUSTER_MAX_ZOOM = 15;
/** How long the online style may take to load before the built-in basemap is shown instead. */
const ONLINE_STYLE_TIMEOUT_MS = 10_000;

/** A marker on the map and the posts it stands for (a cluster's, read from the clustering source). */
interface ShownMarker {
  marker: Marker;
  postIds: Promise<readonly string[]>;
}

export interface MapCanvasProps {
  posts: readonly MapPost[];
  mode: 'light' | 'dark';
  /**
   * The online style (MAP_STYLE_URL), used while the device is online; undefined (set off), offline,
   * or when the style or its tiles cannot load: the built-in world basemap.
   */
  styleUrl: string | undefined;
  initialView: MapView;
  ownPosition: { latitude: number; longitude: number } | null;
  /** Changes with each new fix of the own position: the map then flies there. */
  focusOwnPosition: number;
  /** Whether the List replaces the map on screen (the map stays, hidden, and resizes when shown). */
  hidden: boolean;
  onViewChange: (visible: Viewport, view: MapView) => void;
  /** The posts of the markers and clusters drawn inside the visible map, once it has settled (what the List shows). */
  onPostsInView: (postIds: readonly string[]) => void;
  onSelect: (postId: string) => void;
  onFailed: () => void;
}

/**
 * Marks a remote style's requests (tiles, glyphs, sprites, the style) so the service worker
 * caches them (sw/routing.ts); our own origin's requests are left as they are.
 */
function markRemote(url: string, resourceType?: ResourceType): RequestParameters {
  if (!URL.canParse(url) || resourceType === undefined) return { url };
  const parsed = new URL(url);
  if (parsed.origin === window.location.origin || !parsed.protocol.startsWith('http')) return { url };
  parsed.searchParams.set(MAP_RESOURCE_PARAM, resourceType);
  return { url: parsed.href };
}

function addPostLayers(map: MapLibreMap, posts: readonly MapPost[]): void {
  if (map.getSource(SOURCE)) return;
  map.addSource(SOURCE, {
    type: 'geojson',
    data: postsToGeoJson(posts),
    cluster: true,
    clusterRadius: CLUSTER_RADIUS_PX,
    clusterMaxZoom: CLUSTER_MAX_ZOOM,
  });
  // Drawn by the HTML markers below (buttons with names); this layer makes the source load its tiles.
  map.addLayer({ id: 'posts-hit', type: 'circle', source: SOURCE, paint: { 'circle-radius': 1, 'circle-opacity': 0 } });
}

function clearMarkers(markers: Map<string, ShownMarker>): void {
  for (const { marker } of markers.values()) marker.remove();
  markers.clear();
}

/** Whether the middle of `element` is inside `box` (a marker is in view when its middle is). */
function centreInside(element: HTMLElement, box: DOMRect): boolean {
  const rect = element.getBoundingClientRect();
  const x = rect.left + rect.width / 2;
  const y = rect.top + rect.height / 2;
  return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
}

function markerButton(label: string, text: string, cluster: boolean): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = cluster ? 'plop-map-cluster' : 'plop-map-post';
  button.setAttribute('aria-label', label);
  button.textContent = text;
  return button;
}

/**
 * The maplibre map: the online style or the built-in basemap, clustered post markers (buttons),
 * own position. The online style is tried only while the device is online; when it or its first
 * tiles cannot load (offline, blocked, down), the map switches to the built-in basemap for good.
 */
export default function MapCanvas(props: MapCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  // The latest props, for maplibre's event handlers (registered once, with the map).
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const ownMarker = useRef<Marker | null>(null);
  /** The markers shown, by cluster or post; emptied when the data or the style changes (cluster ids are per data). */
  const markersRef = useRef(new Map<string, ShownMarker>());
  /** Whether the online style is the one shown (false: the built-in basemap). */
  const onlineRef = useRef(false);

  // The map, once: later changes reach it through the effects below.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    const markers = markersRef.current;
    const { initialView, styleUrl, mode } = latest.current;
    let map: MapLibreMap | undefined;
    let onlineTileLoaded = false;
    let styleTimer: ReturnType<typeof setTimeout> | undefined;
    let inViewReport = 0;

    /** Zero-sized while the List covers it (display: none): nothing then is in view, nor a view to keep. */
    const hasSize = () => element.clientWidth > 0 && element.clientHeight > 0;

    /** The online style or its tiles could not load: the built-in basemap instead, for this visit. */
    const fallBack = async () => {
      if (!onlineRef.current || disposed) return;
      onlineRef.current = false;
      clearTimeout(styleTimer);
      const style = await worldBasemapStyle(latest.current.mode);
      if (!disposed) map?.setStyle(style, { diff: false });
    };

    const syncMarkers = () => {
      if (!map || !map.getSource(SOURCE) || !map.isSourceLoaded(SOURCE)) return;
      const now = new Date();
      const seen = new Set<string>();
      const byId = new Map(latest.current.posts.map((post) => [post.id, post]));
      for (const feature of map.querySourceFeatures(SOURCE) as MapGeoJSONFeature[]) {
        const properties = feature.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; id?: string };
        const coordinates = (feature.geometry as GeoJSON.Point).coordinates as [number, number];
        const key = properties.cluster ? `cluster-${properties.cluster_id}` : `post-${properties.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (markers.has(key)) continue;
        let button: HTMLButtonElement;
        let postIds: Promise<readonly string[]>;
        if (properties.cluster) {
          const count = properties.point_count ?? 0;
          const clusterId = properties.cluster_id ?? 0;
          button = markerButton(mapClusterLabel(count), String(count), true);
          button.addEventListener('click', () => {
            const source = map?.getSource<GeoJSONSource>(SOURCE);
            void source?.getClusterExpansionZoom(clusterId).then((zoom) => map?.easeTo({ center: coordinates, zoom }));
          });
          const source = map.getSource<GeoJSONSource>(SOURCE);
          postIds = source
            ? source
                .getClusterLeaves(clusterId, Infinity, 0)
                .then((leaves) => leaves.map((leaf) => String((leaf.properties as { id?: string } | null)?.id ?? '')))
                // The data changed meanwhile (cluster ids are per data): this marker is replaced on the next render.
                .catch(() => [])
            : Promise.resolve([]);
        } else {
          const post = byId.get(properties.id ?? '');
          if (!post) continue;
          button = markerButton(mapMarkerLabel(post.type, post.username, relativeTime(post.createdDate, now, i18n.locale)), '', false);
          button.addEventListener('click', () => latest.current.onSelect(post.id));
          postIds = Promise.resolve([post.id]);
        }
        markers.set(key, { marker: new Marker({ element: button }).setLngLat(coordinates).addTo(map), postIds });
      }
      for (const [key, { marker }] of markers) {
        if (seen.has(key)) continue;
        marker.remove();
        markers.delete(key);
      }
    };

    /** The posts of the markers whose middle is inside the map, once it rests: the List shows exactly those. */
    const reportPostsInView = async () => {
      if (!map || !hasSize() || !map.getSource(SOURCE) || !map.isSourceLoaded(SOURCE)) return;
      syncMarkers();
      const report = (inViewReport += 1);
      const box = element.getBoundingClientRect();
      const inside = [...markers.values()].filter(({ marker }) => centreInside(marker.getElement(), box));
      const ids = (await Promise.all(inside.map(({ postIds }) => postIds))).flat();
      if (disposed || report !== inViewReport) return;
      latest.current.onPostsInView([...new Set(ids)].filter((id) => id !== ''));
    };

    const reportView = () => {
      if (!map || !hasSize()) return;
      const bounds = map.getBounds();
      const center = map.getCenter();
      latest.current.onViewChange(
        { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() },
        { longitude: center.lng, latitude: center.lat, zoom: map.getZoom() },
      );
    };

    const start = async () => {
      onlineRef.current = styleUrl !== undefined && navigator.onLine;
      const style: string | StyleSpecification = onlineRef.current && styleUrl ? styleUrl : await worldBasemapStyle(mode);
      if (disposed) return;
      map = new MapLibreMap({
        container: element,
        style,
        center: [initialView.longitude, initialView.latitude],
        zoom: initialView.zoom,
        renderWorldCopies: true,
        // The style's sources carry their credits (OpenFreeMap's and OpenStreetMap's, or Natural Earth's and GeoNames').
        attributionControl: { compact: true },
        transformRequest: markRemote,
        // No rotation: a north-up map is easier to read and to drive from the keyboard.
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
      });
      mapRef.current = map;
      map.touchZoomRotate.disableRotation();
      map.keyboard.disableRotation();
      map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
      map.getCanvas().setAttribute('aria-label', MAP_TEXT.canvasLabel);
      if (onlineRef.current) styleTimer = setTimeout(() => void fallBack(), ONLINE_STYLE_TIMEOUT_MS);
      map.on('style.load', () => {
        if (!map) return;
        if (onlineRef.current) clearTimeout(styleTimer);
        clearMarkers(markers);
        addPostLayers(map, latest.current.posts);
      });
      map.on('data', (event) => {
        const tile = (event as { tile?: { state?: string }; sourceId?: string }).tile;
        if (onlineRef.current && tile?.state === 'loaded' && (event as { sourceId?: string }).sourceId !== SOURCE) onlineTileLoaded = true;
      });
      map.on('render', syncMarkers);
      map.on('idle', () => void reportPostsInView());
      map.on('moveend', reportView);
      map.on('load', reportView);
      map.on('error', (event) => {
        // A tile or style that cannot be fetched is not the map failing (a WebGL loss is): with the
        // online style, before any of its tiles showed or once offline, the built-in basemap takes over.
        if (/webgl/i.test(String(event.error?.message))) latest.current.onFailed();
        else if (onlineRef.current && (!onlineTileLoaded || !navigator.onLine)) void fallBack();
      });
    };
    start().catch(() => latest.current.onFailed());

    return () => {
      disposed = true;
      clearTimeout(styleTimer);
      clearMarkers(markers);
      map?.remove();
      mapRef.current = null;
    };
  }, []);

  // New posts: the clustering source takes them (the markers follow on the next render).
  useEffect(() => {
    const source = mapRef.current?.getSource<GeoJSONSource>(SOURCE);
    if (!source) return;
    clearMarkers(markersRef.current);
    void source.setData(postsToGeoJson(props.posts));
  }, [props.posts]);

  // Light or dark: the built-in basemap follows the theme (the online style is what it is).
  const firstMode = useRef(props.mode);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || onlineRef.current || firstMode.current === props.mode) return;
    firstMode.current = props.mode;
    let cancelled = false;
    void worldBasemapStyle(props.mode).then((style) => {
      if (!cancelled) map.setStyle(style);
    });
    return () => {
      cancelled = true;
    };
  }, [props.mode]);

  useEffect(() => {
    const map = mapRef.current;
    ownMarker.current?.remove();
    ownMarker.current = null;
    if (!map || !props.ownPosition) return;
    const dot = document.createElement('div');
    dot.className = 'plop-map-me';
    dot.setAttribute('role', 'img');
    dot.setAttribute('aria-label', MAP_TEXT.ownPosition);
    const at: [number, number] = [props.ownPosition.longitude, props.ownPosition.latitude];
    ownMarker.current = new Marker({ element: dot }).setLngLat(at).addTo(map);
  }, [props.ownPosition]);

  useEffect(() => {
    const position = latest.current.ownPosition;
    if (props.focusOwnPosition === 0 || !position) return;
    mapRef.current?.flyTo({ center: [position.longitude, position.latitude], zoom: Math.max(mapRef.current.getZoom(), OWN_POSITION_ZOOM) });
  }, [props.focusOwnPosition]);

  useEffect(() => {
    if (!props.hidden) mapRef.current?.resize();
  }, [props.hidden]);

  // maplibre's stylesheet makes its container position: relative, so the container fills a box of ours.
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: props.hidden ? 'none' : 'block',
        '& > div': { width: '100%', height: '100%' },
        '& .plop-map-cluster, & .plop-map-post': {
          border: '2px solid #fff',
          borderRadius: '50%',
          cursor: 'pointer',
          fontWeight: 700,
          boxShadow: '0 1px 4px rgba(0,0,0,0.45)',
          display: 'grid',
          placeItems: 'center',
          padding: 0,
        },
        '& .plop-map-cluster': { width: 40, height: 40, bgcolor: '#7A3510', color: '#fff', fontSize: 15 },
        // A post: a brown dot in a white ring (large enough to tap, 32 px with its ring).
        '& .plop-map-post': { width: 28, height: 28, bgcolor: '#A0522D', border: '4px solid #fff' },
        '& .plop-map-cluster:focus-visible, & .plop-map-post:focus-visible': { outline: '3px solid #1565C0', outlineOffset: 2 },
        '& .plop-map-me': {
          width: 18,
          height: 18,
          borderRadius: '50%',
          bgcolor: '#1565C0',
          border: '3px solid #fff',
          boxShadow: '0 0 0 6px rgba(21,101,192,0.3)',
        },
      }}
    >
      <div ref={container} />
    </Box>
  );
}
