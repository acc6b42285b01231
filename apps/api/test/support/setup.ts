import { afterAll, beforeEach } from 'vitest';
import { abandonWaits, stillAwaited } from './chat';
import { takeStrayDatabaseCalls } from './recycled-database';

// A test that times out says what it was still waiting for, and its waits stop with it.
beforeEach(({ task, onTestFailed, onTestFinished }) => {
  onTestFailed(() => {
    const open = stillAwaited();
    if (open.length > 0) console.error(`"${task.name}" was still waiting for: ${open.join('; ')}`);
  });
  onTestFinished(() => abandonWaits());
});

// A test app's job still at work after its app closed would write into the next test's database.
afterAll(() => {
  const [stray] = takeStrayDatabaseCalls();
  if (stray) throw stray;
});
