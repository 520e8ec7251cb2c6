import { SERIAL_PORT } from '@liftcloud/client';
import { webSerial, type SerialPortLike } from './webSerial';

/**
 * The alarm light on a USB relay (console-shell.md §7 and §9): 9600 8N1, the light goes off after 10 s.
 * The command bytes are the common single-channel USB relay protocol (A0 01 state checksum); the documents
 * do not give them.
 */
export const LIGHT_ON = Uint8Array.of(0xa0, 0x01, 0x01, 0xa2);
export const LIGHT_OFF = Uint8Array.of(0xa0, 0x01, 0x00, 0xa1);

let port: SerialPortLike | null = null;
let offTimer: ReturnType<typeof setTimeout> | undefined;

/** Ask the user to pick the light's port (the 'serial port authorization' menu entry). */
export async function authorizeSerialPort(): Promise<boolean> {
  const serial = webSerial();
  if (!serial) return false;
  await serial.requestPort();
  return true;
}

/** Find an authorised port: every 5 s, up to 36 times. */
async function findPort(): Promise<SerialPortLike | null> {
  const serial = webSerial();
  if (!serial) return null;
  for (let attempt = 0; attempt < SERIAL_PORT.searchAttempts; attempt++) {
    const [first] = await serial.getPorts();
    if (first) {
      await first.open({
        baudRate: SERIAL_PORT.baudRate,
        dataBits: SERIAL_PORT.dataBits,
        stopBits: SERIAL_PORT.stopBits,
        parity: SERIAL_PORT.parity,
      });
      return first;
    }
    await new Promise((resolve) => setTimeout(resolve, SERIAL_PORT.searchIntervalMs));
  }
  return null;
}

async function write(bytes: Uint8Array): Promise<void> {
  const writer = port?.writable?.getWriter();
  if (!writer) return;
  try {
    await writer.write(bytes);
  } finally {
    writer.releaseLock();
  }
}

/** Turn the light on, and off again 10 s later. Quietly does nothing without Web Serial or a port. */
export async function flashAlarmLight(): Promise<void> {
  if (!webSerial()) return;
  port ??= await findPort();
  if (!port) return;
  await write(LIGHT_ON);
  clearTimeout(offTimer);
  offTimer = setTimeout(() => void write(LIGHT_OFF).catch(() => undefined), SERIAL_PORT.lightOffAfterMs);
}
