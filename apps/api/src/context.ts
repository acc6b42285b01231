import type { Config } from './config';
import type { Db } from './db';
import type { TokenService } from './lib/tokens';
import type { RouteEntry } from './lib/routes';
import type { RealtimeHub } from './realtime/hub';

/** What every module needs, built once per process (or per test). */
export interface AppContext {
  db: Db;
  tokens: TokenService;
  hub: RealtimeHub;
  config: Config;
  routeTable: RouteEntry[];
}
