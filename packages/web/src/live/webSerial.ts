/** The small part of the Web Serial API we use; TypeScript's DOM library does not declare it yet. */
export interface SerialPortLike {
  open(options: {
    baudRate: number;
    dataBits?: number;
    stopBits?: number;
    parity?: 'none' | 'even' | 'odd';
  }): Promise<void>;
  close(): Promise<void>;
  readonly writable: WritableStream<Uint8Array> | null;
}

export interface SerialLike {
  requestPort(): Promise<SerialPortLike>;
  getPorts(): Promise<SerialPortLike[]>;
}

export function webSerial(): SerialLike | null {
  const serial = (navigator as Navigator & { serial?: SerialLike }).serial;
  return serial ?? null;
}
