// A pause in the app's start-up (src/startup/README.md), after React and React DOM.
import { yieldToBrowser } from './yield-to-browser';

await yieldToBrowser();
