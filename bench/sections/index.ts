import { SERVER } from '../support';
import { blast } from './blast';
import { initialBundle } from './bundle';
import { crossInstanceFanOut } from './cluster';
import { realtimeFanOut } from './fanout';
import { phoneNumberImport } from './import';
import { listPages } from './pages';
import { chartStats } from './stats';

/** Each section adds its figures under its own keys; they run one after another, never together. */
export const sections: Record<string, () => Promise<Record<string, unknown>>> = {
  blast,
  import: async () => ({ phoneNumberImport: await phoneNumberImport() }),
  pages: async () => ({ listPages: await listPages() }),
  fanout: realtimeFanOut,
  cluster: async () => (SERVER ? { crossInstanceFanOut: await crossInstanceFanOut() } : {}),
  bundle: async () => ({ initialBundle: initialBundle() }),
  stats: async () => ({ chartStats: await chartStats() }),
};
