import { useSyncExternalStore } from 'react';

/**
 * A fine pointer that hovers (a mouse or trackpad): the best sign a page has that a hardware
 * keyboard is at hand. A phone's touch screen does not match, so hints about key combinations
 * (Shift+Enter) stay off phones, where no such key exists.
 */
const HARDWARE_KEYBOARD_QUERY = '(hover: hover) and (pointer: fine)';

function query(): MediaQueryList | undefined {
  return typeof window === 'undefined' || typeof window.matchMedia !== 'function' ? undefined : window.matchMedia(HARDWARE_KEYBOARD_QUERY);
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Whether this device likely has a hardware keyboard (see HARDWARE_KEYBOARD_QUERY); false when rendered off a browser. */
export function useHardwareKeyboard(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
