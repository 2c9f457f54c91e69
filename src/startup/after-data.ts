// A pause in the app's start-up (src/startup/README.md), after the data layer (TanStack Query, the API client, the auth state).
import { yieldToBrowser } from './yield-to-browser';

await yieldToBrowser();
