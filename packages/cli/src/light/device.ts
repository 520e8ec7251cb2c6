import { SERIAL_PORT } from '@liftcloud/client';
import { SerialPort } from 'serialport';
import { LIGHT_COMMANDS, type LightState } from './commands.js';

export { LIGHT_COMMANDS, type LightState };

/** The line settings of console-shell.md §9: 9600 baud, 8 data bits, 1 stop bit, no parity. */
export const LINE = {
  baudRate: SERIAL_PORT.baudRate,
  dataBits: SERIAL_PORT.dataBits,
  stopBits: SERIAL_PORT.stopBits,
  parity: SERIAL_PORT.parity,
} as const;

export interface PortEntry {
  path: string;
  manufacturer?: string;
  serialNumber?: string;
  vendorId?: string;
  productId?: string;
}

/**
 * The serial ports of this machine. Where udev is missing, serialport's list() rejects (spawn udevadm ENOENT):
 * the answer is then `null` with the reason, never a crash.
 */
export async function listPorts(): Promise<{ ports: PortEntry[] } | { ports: null; reason: string }> {
  try {
    return { ports: await SerialPort.list() };
  } catch (error) {
    return { ports: null, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Open a port with the light's line settings. */
export function openPort(path: string): Promise<SerialPort> {
  return new Promise((resolve, reject) => {
    const port = new SerialPort({ path, ...LINE, autoOpen: false });
    port.open((error) => (error ? reject(error) : resolve(port)));
  });
}

/** Write a command and wait until it has left for the device. */
export function writeCommand(port: SerialPort, state: LightState): Promise<void> {
  return new Promise((resolve, reject) => {
    port.write(LIGHT_COMMANDS[state], (error) => {
      if (error) return reject(error);
      port.drain((drainError) => (drainError ? reject(drainError) : resolve()));
    });
  });
}

export function closePort(port: SerialPort): Promise<void> {
  return new Promise((resolve) => (port.isOpen ? port.close(() => resolve()) : resolve()));
}
