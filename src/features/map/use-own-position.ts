import { useCallback, useState } from 'react';
import { MAP_TEXT } from './map-text';

export type OwnPositionState =
  | { kind: 'idle' }
  | { kind: 'locating' }
  | { kind: 'found'; position: { latitude: number; longitude: number } }
  | { kind: 'failed'; message: string };

/** The text for a geolocation error: refused, or not available. */
export function positionErrorMessage(code: number | undefined): string {
  if (code === 1) return MAP_TEXT.positionDenied;
  return MAP_TEXT.positionUnavailable;
}

/**
 * The user's own position, asked for only when they press the button (never on load), at low
 * accuracy (spec section 9). `focusKey` changes with each new fix, so the map flies there.
 */
export function useOwnPosition() {
  const [state, setState] = useState<OwnPositionState>({ kind: 'idle' });
  const [focusKey, setFocusKey] = useState(0);
  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setState({ kind: 'failed', message: MAP_TEXT.positionUnsupported });
      return;
    }
    setState({ kind: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setState({ kind: 'found', position: { latitude: position.coords.latitude, longitude: position.coords.longitude } });
        setFocusKey((key) => key + 1);
      },
      (error) => setState({ kind: 'failed', message: positionErrorMessage(error.code) }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  }, []);
  const dismiss = useCallback(() => setState({ kind: 'idle' }), []);
  return { state, focusKey, locate, dismiss };
}
