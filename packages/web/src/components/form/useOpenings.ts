import { useRef } from 'react';

/**
 * How many times a dialog has been opened: a key that changes at each opening, so whatever it keys mounts
 * afresh (a form's own store included) instead of carrying what the previous opening left.
 */
export function useOpenings(open: boolean): number {
  const state = useRef({ count: 0, wasOpen: false });
  if (open && !state.current.wasOpen) state.current.count += 1;
  state.current.wasOpen = open;
  return state.current.count;
}
