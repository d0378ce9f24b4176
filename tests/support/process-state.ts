/**
 * What Linux says of a process, for the tests of the data folder's lock (/proc/<pid>/stat, proc(5)).
 */
import { readFileSync } from "node:fs";

/**
 * Whether `pid` has exited, every thread of it, but its parent has not reaped it: it is a zombie,
 * which still answers `kill(pid, 0)`.
 */
export function isUnreapedZombie(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return false;
  }
  // Fields from the third on follow the command name in parentheses, which may hold anything.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const [state, threads] = [fields[0], fields[17]];
  return state === "Z" && threads === "1";
}

/** Resolves once `pid` is an unreaped zombie (it was sent SIGKILL and its parent does not reap). */
export async function becameZombie(pid: number): Promise<void> {
  while (!isUnreapedZombie(pid)) await new Promise((resolve) => setTimeout(resolve, 10));
}
