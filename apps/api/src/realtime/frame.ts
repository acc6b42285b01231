/** The opcode of a final text frame (RFC 6455, section 5.2). */
const FINAL_TEXT = 0x81;

/** `text` as one unmasked WebSocket text frame, the form a server sends (RFC 6455, section 5.2). */
export function textFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = FINAL_TEXT;
  if (header === 2) {
    frame[1] = length;
  } else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(text, header);
  return frame;
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
