/**
 * Opening a back-office screen from another one fetches its data over the network: when that fails
 * (a dropped connection), the screen gets `failed` and says so inside the admin frame, with a retry.
 * The guard's redirect (signed out meanwhile) is no failure: it goes through.
 */
export async function serverDataOr<Data, Failed>(serverLoader: () => Promise<Data>, failed: Failed): Promise<Data | Failed> {
  try {
    return await serverLoader();
  } catch (error) {
    if (error instanceof Response) throw error;
    return failed;
  }
}
