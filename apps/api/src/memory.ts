import { setFlagsFromString } from 'node:v8';

/**
 * Between full collections V8 lets the heap grow to up to four times what is live when collecting is
 * cheap, and an import's parsed rows are garbage by the megabyte: a million-row import peaked at
 * 115 MB of heap over 29 MB live, twice the memory of a run where V8 happened to collect sooner. The
 * server lets its heap grow to twice what is live instead (peak 55 MB for the same import). A tighter
 * bound, one and a half times, measured lower in the blast bench's webhook comparison (see
 * docs/decisions.md). Set as the process starts, before the heap grows.
 */
export function boundHeapGrowth() {
  setFlagsFromString('--heap-growing-percent=100');
}
