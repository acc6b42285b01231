import type { ClusterBus } from '../cluster/bus';
import type { JobLeases } from '../cluster/leases';
import type { Db } from '../db';
import type { ChatGateway } from '../gateway/gateway';
import type { RealtimeHub } from '../realtime/hub';

/** What every kind of background job (blasts, generators and validators) runs with. */
export interface JobRunnerOptions {
  db: Db;
  hub: RealtimeHub;
  gateway: ChatGateway;
  /** Multiplies the waits between steps (tests run far below real time). */
  timeScale: number;
  /** Exactly one instance runs a job: the one holding its lease. */
  leases: JobLeases;
  bus: ClusterBus;
  /** Where random pauses come from (tests pass one of their own). */
  random?: () => number;
}
