import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** Who holds an embedded database: written into its lock file. */
export interface LockHolder {
  pid: number;
  host: string;
  /** The HTTP port, once known. */
  port?: number;
  /** The process's start time in clock ticks since boot (Linux), so a reused pid is told apart. */
  started?: number;
}

/** Another live process holds the embedded database. */
export class DatabaseLockedError extends Error {
  constructor(
    readonly path: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder
      ? `process ${holder.pid} on ${holder.host}${holder.port ? `, port ${holder.port}` : ''}`
      : 'another process';
    super(
      `The embedded database in ${path} is already in use by ${who}. ` +
        'Two processes on one embedded database destroy it: stop the other one, or give this one its own DATA_DIR. ' +
        `(Lock file: ${path}.lock; remove it only if that process is certainly gone.)`,
    );
    this.name = 'DatabaseLockedError';
  }
}

/** Start time of a process from /proc (Linux); undefined where that cannot be read. */
function startTicks(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), counted from field 3: start time is 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? ticks : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the recorded holder is still running: same host, pid alive, and the same process. */
function isAlive(holder: LockHolder): boolean {
  // A process on another host (a shared volume) cannot be checked: it is taken as alive.
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: alive, owned by another user.
    if ((error as { code?: string }).code !== 'EPERM') return false;
  }
  if (holder.started === undefined) return true;
  const now = startTicks(holder.pid);
  return now === undefined || now === holder.started;
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export interface DatabaseLock {
  /** Records the HTTP port, so a second process can name it. */
  setPort(port: number): void;
  /** Removes the lock file, if it is still this process's. */
  release(): void;
}

/**
 * Takes the lock of an embedded database folder: `<path>.lock`, created atomically (`wx`) and holding
 * pid, host and port. A lock whose process is gone (killed with -9, or a reboot reusing its pid) is
 * stale and taken over; a live holder makes this throw DatabaseLockedError, naming it.
 */
export function lockDatabase(path: string, port?: number): DatabaseLock {
  const file = `${path}.lock`;
  const mine: LockHolder = { pid: process.pid, host: hostname(), port, started: startTicks(process.pid) };
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx', mode: 0o644 });
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
    }
    let holder = readHolder(file);
    if (holder === null) {
      // An unreadable lock may be being written this very moment; one still unreadable a moment later
      // was left by a process killed between creating and writing it.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
      holder = readHolder(file);
    }
    if ((holder && isAlive(holder)) || attempt >= 2) throw new DatabaseLockedError(path, holder);
    rmSync(file, { force: true });
  }
  const ours = () => readHolder(file)?.pid === process.pid;
  return {
    setPort(value) {
      mine.port = value;
      if (ours()) writeFileSync(file, JSON.stringify(mine));
    },
    release() {
      if (ours()) rmSync(file, { force: true });
    },
  };
}
