/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { setupMessages } from './messages';
import { setupOutbox } from './outbox';
import { setupPrecache } from './precache';
import { setupPush } from './push';
import { setupRuntimeCache } from './runtime-cache';
import { setupShareTarget } from './share-target';

// The service worker entry: one concern per module. No skipWaiting on install; an update
// waits for the app's prompt (see messages.ts).
setupPrecache();
setupRuntimeCache();
setupMessages();
setupOutbox();
setupPush();
setupShareTarget();
// The first install takes control of the open page at once, so the API answers it fetches
// are cached from the very first visit. Later versions still wait for the prompt.
clientsClaim();
