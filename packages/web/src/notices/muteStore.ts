import { useSyncExternalStore } from 'react';

/** The global mute of console-shell.md §2.2, kept in localStorage so it survives reloads. */
const KEY = 'liftcloud.muted';
const listeners = new Set<() => void>();

export function isMuted(): boolean {
  return localStorage.getItem(KEY) === 'true';
}

export function setMuted(muted: boolean): void {
  localStorage.setItem(KEY, String(muted));
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMuted(): boolean {
  return useSyncExternalStore(subscribe, isMuted);
}
