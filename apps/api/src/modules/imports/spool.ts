import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, type ReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';

/** Resolves once `stream` takes more (or will never take anything again); never rejects. */
function ready(stream: Writable) {
  return new Promise<void>((resume) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      stream.off('error', done);
      resume();
    };
    stream.on('drain', done);
    stream.on('close', done);
    stream.on('error', done);
  });
}

/**
 * An upload read once, as it arrives: each chunk goes into a file and on to the first reader (`live`)
 * at the same time, so rows are imported while the rest of the upload still arrives. The file serves
 * any later reading (`again`), once the whole upload is in it. An upload that fails (cut at its size
 * limit, say) fails the live reader with the upload's own error; a live reader that stops early
 * leaves the upload going into the file.
 */
export function spoolUpload(upload: Readable, dir: string, extension: string) {
  const path = join(dir, `${randomUUID()}.${extension}`);
  const live = new PassThrough();
  // The reader hears of failures through its own pipeline; this one only keeps them from going unheard.
  live.on('error', () => {});
  /** The import is over: the rest of the upload is read and dropped, so the request can be answered. */
  let discarding = false;
  /** Bytes of the upload handed to the live reader so far. */
  let liveBytes = 0;

  const written = (async () => {
    let file: Writable | undefined;
    let fileError: Error | null = null;
    let fileClosed = Promise.resolve();
    try {
      // At once, not awaited: the upload is listened to from the start (an early error is its own).
      mkdirSync(dir, { recursive: true });
      file = createWriteStream(path);
      file.on('error', (error) => {
        fileError = error;
      });
      fileClosed = new Promise<void>((closed) => file!.once('close', closed));
      for await (const chunk of upload) {
        if (discarding) continue;
        if (fileError) throw fileError;
        if (!file.write(chunk)) await ready(file);
        liveBytes += (chunk as Buffer).length;
        if (!live.destroyed && !live.write(chunk)) await ready(live);
      }
      if (fileError) throw fileError;
      live.end();
    } catch (error) {
      live.destroy(error as Error);
      upload.resume(); // the rest is drained unread, so the request can still be answered
      throw error;
    } finally {
      file?.end();
      await fileClosed;
    }
  })();
  written.catch(() => {}); // met by whoever reads on, or by `remove`

  return {
    live: live as Readable,
    /** Bytes of the upload the live reader was given so far. */
    liveBytes: () => liveBytes,
    /** Resolves once the whole upload is in the file; rejects as the upload did. */
    complete: () => written,
    /** The upload read again from the file, once all of it is there. */
    async again(): Promise<ReadStream> {
      await written;
      return createReadStream(path);
    },
    /** Drops what is left of the upload and removes the file. */
    async remove() {
      discarding = true;
      live.destroy();
      await written.catch(() => {});
      await rm(path, { force: true });
    },
  };
}
