import type { ModalStaticFunctions } from 'antd/es/modal/confirm';
import { ApiError } from '@liftcloud/client';

/**
 * The 409 answers that ?replace=true confirms: a device bound to another elevator (moved), an EOCD threshold for a
 * speed its company has (replaced).
 */
const REPLACE_RULES = new Set(['rule.boundElsewhere', 'rule.eocdSpeedExists']);

/** A 409 answer that asks to replace (REPLACE_RULES): the same request with replace does it. */
export function boundElsewhere(error: unknown): ApiError | null {
  return error instanceof ApiError && error.status === 409 && error.fieldErrors.some((e) => REPLACE_RULES.has(e.rule))
    ? error
    : null;
}

/** The person answered "no" to the replace question: nothing to report. */
export class ReplaceDeclined extends Error {
  constructor() {
    super('replace declined');
    this.name = 'ReplaceDeclined';
  }
}

type ModalApi = Omit<ModalStaticFunctions, 'warn'>;

/**
 * Send; when the server answers boundElsewhere, ask "replace?" with its own message and, on OK, send again
 * with replace. Resolves { sent: false } when the person declined.
 */
export async function withReplaceConfirm<T>(
  modal: ModalApi,
  texts: { title: string; ok: string; cancel: string },
  send: (replace: boolean) => Promise<T>,
): Promise<{ sent: true; answer: T } | { sent: false }> {
  try {
    return { sent: true, answer: await send(false) };
  } catch (error) {
    const conflict = boundElsewhere(error);
    if (!conflict) throw error;
    const agreed = await new Promise<boolean>((resolve) =>
      modal.confirm({
        title: texts.title,
        content: conflict.fieldErrors.find((e) => REPLACE_RULES.has(e.rule))?.message ?? conflict.message,
        okText: texts.ok,
        cancelText: texts.cancel,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
    return agreed ? { sent: true, answer: await send(true) } : { sent: false };
  }
}
