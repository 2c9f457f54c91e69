// A pause in the app's start-up (src/startup/README.md), after TanStack Router.
import { yieldToBrowser } from './yield-to-browser';

await yieldToBrowser();
