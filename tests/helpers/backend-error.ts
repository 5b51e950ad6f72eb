import { BackendError } from '@/lib/backend/errors';

/** The BackendError a call rejects with; fails the test when it resolves or rejects with anything else. */
export async function caughtBackendError(promise: Promise<unknown>): Promise<BackendError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(BackendError);
    return error as BackendError;
  }
  throw new Error('expected a BackendError');
}
