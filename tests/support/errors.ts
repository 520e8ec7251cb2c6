import { ApiError } from '@liftcloud/client';

/** The ApiError a call fails with; fails the test when the call succeeds or throws anything else. */
export async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}
