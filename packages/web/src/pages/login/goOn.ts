import { createContext, useContext } from 'react';

/**
 * Where the login page goes on to after a login: inside the console, the router's navigation; on a page
 * opened at /login, the login shell's switch to the console (boot/startLogin.tsx), which needs no router.
 */
export type GoOn = (path: string) => void;

export const GoOnContext = createContext<GoOn | null>(null);

export function useGoOn(): GoOn {
  const goOn = useContext(GoOnContext);
  if (!goOn) throw new Error('the login page needs a GoOnContext');
  return goOn;
}
