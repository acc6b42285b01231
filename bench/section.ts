/**
 * One bench section in a process of its own (bench/run.ts starts it): its figures go back to the
 * bench as one message. The databases an earlier section opened stay in its process's memory after
 * they are closed, and a later section sharing that process measured slower for it.
 */
import { boundHeapGrowth } from '../apps/api/src/memory';
import { sections } from './sections';

// The sections run the server's code in this process, with the server's memory settings.
boundHeapGrowth();

const name = process.argv[2]!;
const figures = await sections[name]!();
// Exits once the message has left: a large one may take a moment.
process.send!(figures, () => process.exit(0));
