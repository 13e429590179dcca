import { cloudError } from '@playlist-alarms/core/texts/messages';

/** Every cloud error reads "{context}: {message}". */
export async function inContext<T>(context: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new Error(cloudError(context, error instanceof Error ? error.message : String(error)), {
      cause: error,
    });
  }
}
