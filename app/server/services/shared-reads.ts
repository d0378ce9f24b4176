/**
 * Reads shared by the callers that ask for the same thing at once: one read at a time per key,
 * and the calls made while it runs share the next one, which starts when it ends. No caller gets
 * an answer read before it asked, so sharing changes nothing a caller can see but how many reads
 * the database makes: thousands of readers arriving at a live story in a burst (a deploy, a push
 * notification) cost one read per turn, not one each.
 */
const ignore = () => undefined;

export class SharedReads<Value> {
  /** Per key: the read running, and the one the calls made meanwhile wait for. */
  private readonly turns = new Map<string, { running: Promise<Value>; next?: Promise<Value> }>();

  /** `load` reads what `key` names: every call with one key must read the same thing. */
  read(key: string, load: () => Promise<Value>): Promise<Value> {
    const turn = this.turns.get(key);
    if (!turn) return this.start(key, load);
    turn.next ??= turn.running.then(ignore, ignore).then(() => this.start(key, load));
    return turn.next;
  }

  private start(key: string, load: () => Promise<Value>): Promise<Value> {
    const running = load();
    const turn: { running: Promise<Value>; next?: Promise<Value> } = { running };
    this.turns.set(key, turn);
    // Runs before the waiting calls' read starts (registered first): with none waiting, the key is let go.
    const ended = () => {
      if (turn.next === undefined && this.turns.get(key) === turn) this.turns.delete(key);
    };
    running.then(ended, ended);
    return running;
  }

  /** Keys with a read running or waiting (for the tests: none is kept once its reads are over). */
  get size(): number {
    return this.turns.size;
  }
}
