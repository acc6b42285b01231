/**
 * The panels of the fan-out bench, in a process of their own so that receiving does not compete with
 * the server for its event loop: opens `count` sockets on `url`, and when told how many events to
 * expect, reports every delivery's delay (sent-at stamps and arrival on one machine clock).
 */
import WebSocket from 'ws';

const [url, countText] = process.argv.slice(2);
const count = Number(countText);
const delays: number[] = [];
let expected = Infinity;
/** When the last delivery arrived (epoch ms on this machine's clock). */
let lastArrival = 0;

const connect = () =>
  new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(url!);
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { payload: { sentAt: number } };
      lastArrival = performance.timeOrigin + performance.now();
      delays.push(lastArrival - message.payload.sentAt);
      if (delays.length >= expected) finish();
    });
    socket.once('open', () => {
      socket.on('error', () => {});
      resolve(socket);
    });
    socket.once('error', reject);
  });

const sockets: WebSocket[] = [];
function finish() {
  expected = Infinity;
  // The bench ends this process once the report has arrived (a large report may take a while to leave).
  process.send!({ type: 'done', delays, lastArrival });
  for (const socket of sockets) socket.terminate();
}

// Connected in batches, as real panels arrive: a thousand at the same instant overflows the backlog.
while (sockets.length < count)
  sockets.push(
    ...(await Promise.all(Array.from({ length: Math.min(100, count - sockets.length) }, connect))),
  );
process.on('message', (message: { expect: number; deadlineMs: number }) => {
  expected = message.expect;
  if (delays.length >= expected) finish();
  setTimeout(finish, message.deadlineMs).unref();
});
process.send!({ type: 'ready' });
