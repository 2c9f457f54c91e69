// The app's page (index.html). The landing page starts the app too, once a visitor has signed in (src/landing/).
import { startApp } from './main';

startApp();
