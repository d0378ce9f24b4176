import type { Executor } from "../db/connection";
import type { MediaStorage } from "../storage";
export async function seedDemoContent(_db: Executor, _storage: MediaStorage): Promise<void> {}
