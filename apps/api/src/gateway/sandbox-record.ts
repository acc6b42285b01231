import { randomUUID } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { SendOutcome } from './gateway';

/** How many outcomes one file holds before it becomes the previous file (about 20 bytes each). */
const ROTATE_AFTER = 500_000;
/** Files no process has written for this long belong to processes long gone. */
const FORGET_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The simulated network's own record of every send it took, kept in a folder that outlives the
 * process. A real network remembers what it delivered whichever client asks; so does the sandbox when
 * every instance of the panel is given the same folder: after a crash or a lost database, whoever
 * settles a send in doubt learns whether it left.
 *
 * Each process appends to a file of its own (no two writers share one), written before the send's
 * answer returns, so a send the panel was told about is on disk even if the process is killed next.
 */
export class SandboxNetworkRecord {
  private readonly file: string;
  private fd: number;
  private lines = 0;

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.forgetOldFiles();
    this.file = join(dir, `${process.pid}-${randomUUID().slice(0, 8)}.log`);
    this.fd = openSync(this.file, 'a');
  }

  write(key: string, outcome: 'sent' | 'failed') {
    writeSync(this.fd, `${outcome === 'sent' ? 'S' : 'F'} ${key}\n`);
    this.lines += 1;
    if (this.lines >= ROTATE_AFTER) this.rotate();
  }

  /**
   * What the record holds of these keys. Only sends still in doubt are asked about (a few rounds'
   * worth, after a fault), so every file is read each time rather than indexed in memory.
   */
  lookup(keys: string[]): SendOutcome[] {
    const wanted = new Map<string, SendOutcome>(keys.map((key) => [key, 'unknown']));
    for (const name of readdirSync(this.dir)) {
      let text: string;
      try {
        text = readFileSync(join(this.dir, name), 'latin1');
      } catch {
        continue; // rotated or forgotten meanwhile
      }
      for (const line of text.split('\n')) {
        const key = line.slice(2);
        if (!wanted.has(key)) continue;
        // A send that reached the network stays sent, whatever a later attempt with its key said.
        if (line[0] === 'S') wanted.set(key, 'sent');
        else if (wanted.get(key) === 'unknown') wanted.set(key, 'failed');
      }
    }
    return keys.map((key) => wanted.get(key)!);
  }

  close() {
    closeSync(this.fd);
  }

  /** The current file becomes the previous one (replacing the one before), so each process keeps two. */
  private rotate() {
    closeSync(this.fd);
    renameSync(this.file, `${this.file}.previous`);
    this.fd = openSync(this.file, 'a');
    this.lines = 0;
  }

  private forgetOldFiles() {
    const now = Date.now();
    for (const name of readdirSync(this.dir)) {
      const path = join(this.dir, name);
      try {
        if (now - statSync(path).mtimeMs > FORGET_AFTER_MS) unlinkSync(path);
      } catch {
        // another process forgot it first
      }
    }
  }
}
