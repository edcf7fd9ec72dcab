// A custody engine on standby for the crash tests: the modules of engine/main.ts are loaded (their transform is
// most of a start) while the previous engine still runs, and main.ts itself (which opens the database and starts
// working) runs only once the test writes a line to stdin. So each round's engine starts in a fraction of a second.
import 'pino';
import '../../config.js';
import '../../db/open-configured.js';
import '../../jobs/queue.js';
import '../engine.js';

process.stdin.once('data', () => {
  void import('../main.js');
});
