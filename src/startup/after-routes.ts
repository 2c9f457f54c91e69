// A pause in the app's start-up (src/startup/README.md), after the route tree, with what each route's loader needs.
import { yieldToBrowser } from './yield-to-browser';

await yieldToBrowser();
