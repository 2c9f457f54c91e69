// A pause in the app's start-up (src/startup/README.md), after the theme (MUI and emotion).
import { yieldToBrowser } from './yield-to-browser';

await yieldToBrowser();
