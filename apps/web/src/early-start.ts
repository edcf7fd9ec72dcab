// Imported first by main.tsx, before the app's modules (and the texts they wait for) are evaluated: a dashboard's
// session answer is on its way from the page's first moment (lib/early-session.ts).
import { startEarlySession } from './lib/early-session';

startEarlySession(window.location.pathname);
