import { enUS } from './en-US.js';
import { itItaly } from './it-Italy.js';
import { zhCN } from './zh-CN.js';
import { registerMessages } from './translate.js';

export * from './translate.js';

// Node (the server, liftctl) reads every language: all three at once. The console loads its one (loadMessages).
registerMessages('zh-CN', zhCN);
registerMessages('en-US', enUS);
registerMessages('it-Italy', itItaly);

export function isMessageKey(value: string): value is keyof typeof enUS {
  return value in enUS;
}
