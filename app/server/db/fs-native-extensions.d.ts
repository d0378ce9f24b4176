// The one call of fs-native-extensions this app makes (data-folder-lock.ts); the package ships no types.
declare module "fs-native-extensions" {
  /**
   * Takes an exclusive lock on the whole file open at `fd` without waiting: false when another
   * open file holds it. Linux: an open-file-description lock (fcntl F_OFD_SETLK); macOS: flock.
   */
  export function tryLock(fd: number): boolean;
}
