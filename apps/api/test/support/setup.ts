import { beforeEach } from 'vitest';
import { abandonWaits, stillAwaited } from './chat';

// A test that times out says what it was still waiting for, and its waits stop with it.
beforeEach(({ task, onTestFailed, onTestFinished }) => {
  onTestFailed(() => {
    const open = stillAwaited();
    if (open.length > 0) console.error(`"${task.name}" was still waiting for: ${open.join('; ')}`);
  });
  onTestFinished(() => abandonWaits());
});
