import { Sender } from 'ws';

/** The opcode of a text frame (RFC 6455, section 5.2). */
const TEXT = 0x1;

/** `text` as one unmasked WebSocket text frame, the form a server sends, framed by ws itself. */
function textFrame(text: string): Buffer {
  return Buffer.concat(
    Sender.frame(Buffer.from(text), { fin: true, opcode: TEXT, mask: false, readOnly: false, rsv1: false }),
  );
}

/**
 * The frame of the last text asked for. One event goes to every socket of its channel in one loop,
 * so it is encoded and framed once instead of once per socket.
 */
export function lastTextFrame() {
  let lastText: string | undefined;
  let lastFrame: Buffer = Buffer.alloc(0);
  return (text: string) => {
    if (text !== lastText) {
      lastFrame = textFrame(text);
      lastText = text;
    }
    return lastFrame;
  };
}
