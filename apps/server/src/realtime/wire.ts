/**
 * One unmasked WebSocket text frame (RFC 6455 §5.2), encoded once per push so that a fan-out to
 * a thousand sockets writes the same bytes a thousand times instead of framing them per socket.
 */
export function textFrame(payload: string): Buffer {
  const data = Buffer.from(payload, 'utf8');
  const len = data.length;
  let header: Buffer;
  if (len < 126) {
    header = Buffer.allocUnsafe(2);
    header[1] = len;
  } else if (len < 65_536) {
    header = Buffer.allocUnsafe(4);
    header[1] = 126;
    header.writeUInt16BE(len, 2);
  } else {
    header = Buffer.allocUnsafe(10);
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(len), 2);
  }
  header[0] = 0x81; // FIN + text opcode
  return Buffer.concat([header, data]);
}
