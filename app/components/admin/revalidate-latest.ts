/**
 * Asks the router to load the page's data again. A newer revalidation, or a navigation, aborts the
 * one in flight, and React Router rejects its promise with an AbortError: that is the newer one
 * taking over, not a failure, and left unhandled it is an uncaught error in the page (seen in the
 * tip inbox, whose conversation asks for a refresh as the list does). Any other error still throws.
 */
export async function revalidateLatest(revalidator: { revalidate(): Promise<void> }): Promise<void> {
  try {
    await revalidator.revalidate();
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name !== "AbortError") throw error;
  }
}
