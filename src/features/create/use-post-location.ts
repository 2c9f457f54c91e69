import { useCallback, useEffect, useRef, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { reverseGeocode } from '../../api/poops.api';
import { setLocationPermission, useLocationPermission, type LocationPermission } from '../../state/app.state';
import { clampPlaceName } from './post-form';

/** Spec section 9, Geolocation accuracy: low. A fix a few minutes old is as good for a place name. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 20_000, maximumAge: 5 * 60_000 };

export const LOCATION_MESSAGES = {
  denied: msg`Location is blocked for this site. Allow it in your browser settings to add one.`,
  unavailable: msg`Your location could not be found. Try again in a moment.`,
  unsupported: msg`This browser cannot share a location.`,
} as const;

export interface PostLocation {
  latitude: number;
  longitude: number;
  /** Empty until looked up, and when the lookup fails: the post never waits for it. */
  placeName: string;
  placeLoading: boolean;
}

export interface PostLocationState {
  location: PostLocation | null;
  locating: boolean;
  error: MessageDescriptor | null;
  permission: LocationPermission | null;
  locate: () => void;
  remove: () => void;
}

/**
 * "Add location" on the create form: one low-accuracy position, then its place name from
 * GET /api/geocode/reverse. The permission state (granted or denied) is kept in app state.
 */
export function usePostLocation(): PostLocationState {
  const permission = useLocationPermission();
  const [location, setLocation] = useState<PostLocation | null>(null);
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const lookup = useRef<AbortController | null>(null);

  // The browser may already know the answer (a previous visit): reflect it, and follow changes.
  useEffect(() => {
    if (!navigator.permissions?.query) return;
    let status: PermissionStatus | undefined;
    const publish = () => {
      if (status?.state === 'granted' || status?.state === 'denied') setLocationPermission(status.state);
    };
    navigator.permissions.query({ name: 'geolocation' }).then(
      (answer) => {
        status = answer;
        publish();
        answer.addEventListener('change', publish);
      },
      // Some browsers do not know 'geolocation' here (a TypeError); asking for a position still works.
      (error: unknown) => {
        if (!(error instanceof TypeError)) throw error;
      },
    );
    return () => status?.removeEventListener('change', publish);
  }, []);

  useEffect(() => () => lookup.current?.abort(), []);

  const lookUpPlace = useCallback(async (latitude: number, longitude: number) => {
    lookup.current?.abort();
    const controller = new AbortController();
    lookup.current = controller;
    let placeName = '';
    try {
      placeName = clampPlaceName(await reverseGeocode(latitude, longitude, controller.signal));
    } catch {
      // No place name is an acceptable answer (spec: never blocking the post); the coordinates stay.
      if (controller.signal.aborted) return;
    }
    setLocation((current) =>
      current !== null && current.latitude === latitude && current.longitude === longitude
        ? { ...current, placeName, placeLoading: false }
        : current,
    );
  }, []);

  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setError(LOCATION_MESSAGES.unsupported);
      return;
    }
    setError(null);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocationPermission('granted');
        setLocating(false);
        const { latitude, longitude } = position.coords;
        setLocation({ latitude, longitude, placeName: '', placeLoading: true });
        void lookUpPlace(latitude, longitude);
      },
      (failure) => {
        setLocating(false);
        if (failure.code === failure.PERMISSION_DENIED) {
          setLocationPermission('denied');
          setError(LOCATION_MESSAGES.denied);
        } else {
          setError(LOCATION_MESSAGES.unavailable);
        }
      },
      GEOLOCATION_OPTIONS,
    );
  }, [lookUpPlace]);

  const remove = useCallback(() => {
    lookup.current?.abort();
    setLocation(null);
    setError(null);
  }, []);

  return { location, locating, error, permission, locate, remove };
}
