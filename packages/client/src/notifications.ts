import { PUSH_MESSAGE_MAX_LENGTH } from './constants.js';

/**
 * Notifications (issue 16): what a user is told of, and how. The user's SMS switches (smsAlarm, smsRepair,
 * smsMaintenance) choose the topics; its message-send method, a sum of the bits below, chooses the ways
 * (docs/decisions.md "Developer integrations (issue 16)").
 */
export const NOTIFY_METHOD = { push: 1, sms: 2, email: 4 } as const;

/** The ways of a user with no message-send method set: SMS, as the switches' names say. */
export const DEFAULT_NOTIFY_METHODS = NOTIFY_METHOD.sms;

export type NotifyTopic = 'alarm' | 'repair' | 'maintenance';

/** Which user switch lets each topic through. */
export const NOTIFY_SWITCH = { alarm: 'smsAlarm', repair: 'smsRepair', maintenance: 'smsMaintenance' } as const;

/** A send's tries before it stays failed, and the wait after the first failure (doubling, at most an hour). */
export const NOTIFY_RETRY = { maxAttempts: 6, firstBackoffMs: 30_000, maxBackoffMs: 3_600_000 } as const;

/** The ways in a message-send method value (null: the default). */
export function notifyMethods(value: number | null | undefined): Array<keyof typeof NOTIFY_METHOD> {
  const bits = value === null || value === undefined ? DEFAULT_NOTIFY_METHODS : value;
  return (Object.keys(NOTIFY_METHOD) as Array<keyof typeof NOTIFY_METHOD>).filter((k) => bits & NOTIFY_METHOD[k]);
}

/** A text cut to the push limit (500 characters, domain.md §5), an ellipsis marking the cut. */
export function clipPushText(text: string, max: number = PUSH_MESSAGE_MAX_LENGTH): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
