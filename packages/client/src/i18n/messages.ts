import { enUS } from './en-US.js';
import { itItaly } from './it-Italy.js';
import { zhCN } from './zh-CN.js';
import { registerMessages } from './translate.js';

export * from './translate.js';

/**
 * Every language's messages at once, as Node (the server, liftctl) reads them; the console loads its one
 * (loadMessages). Importing the client's index registers them; a bundle that imports each name from the module
 * defining it (liftctl's) calls this itself.
 */
export function registerAllMessages(): void {
  registerMessages('zh-CN', zhCN);
  registerMessages('en-US', enUS);
  registerMessages('it-Italy', itItaly);
}
registerAllMessages();

export function isMessageKey(value: string): value is keyof typeof enUS {
  return value in enUS;
}
