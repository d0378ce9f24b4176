/**
 * Live updates pushed to readers as server-sent events (issue 39; the format is docs/api.md's
 * "Pushed"). One instance holds every open stream of its readers, by story. When a story changes
 * (live-signals.ts: one notification per change, whichever instance wrote it) the instance reads
 * the changes once and sends the same bytes to every stream of that story: 5,000 readers of one
 * story cost one query per change, not 5,000.
 *
 * No gap, nothing twice: a stream joins its story's followers before it reads its backlog from the
 * database, and each follower remembers the last change it was sent, skipping what it already has.
 * A change committed after the backlog's read is signalled after the follower joined, and the read
 * that signal causes starts from the lowest change any follower has: it holds the change for
 * everyone. What arrives while the backlog is still being read waits until it has been sent.
 */
import { LIVE_UPDATES_PAGE_MAX } from "~/lib/limits";
import type { Database } from "../db/connection";
import { AppError } from "../errors";
import { logError } from "../platform/log";
import { yieldToRequests } from "../platform/yield-to-requests";
import { type Actor, seesUnpublished } from "./actor";
import { liveUpdateJson } from "./live-json";
import type { LiveSignal } from "./live-signals";
import { liveChangesOf, liveStoryAt } from "./live-stream";
import { SharedReads } from "./shared-reads";

/** Comments that keep a quiet stream open through proxies that close an idle connection after 30–60 s. */
export const HEARTBEAT_MS = 25_000;
/**
 * The heartbeat goes to a slice of the streams each second, not to all at once every 25 s: 5,000
 * writes in one go held the pages' requests up by tens of milliseconds (docs/performance.md).
 */
const HEARTBEAT_TICK_MS = 1_000;
const HEARTBEAT_SLICES = HEARTBEAT_MS / HEARTBEAT_TICK_MS;
/** Streams written to before readers' requests get a turn, when a change goes to thousands. */
const FAN_OUT_SLICE = 500;
/** How long a client waits before reconnecting (the stream's `retry:` hint). */
const RETRY_MS = 5_000;

const encoder = new TextEncoder();
const RETRY = encoder.encode(`retry: ${RETRY_MS}\n\n`);
const HEARTBEAT = encoder.encode(": keep-alive\n\n");

/** Where a stream's bytes go (the HTTP response, app/server/http/event-stream.ts). */
export interface LiveSink {
  write(bytes: Uint8Array): void;
  /** Ends the response; the follower is already gone when it is called. */
  close(): void;
}

/** A read of the story's changes, encoded once for all its followers. */
interface Delivery {
  events: { changeId: number; bytes: Uint8Array }[];
  /** The `end` event, when coverage has ended: the streams close after it. */
  end: Uint8Array | null;
  /** The `coverage` event (the key points as they stand), when they may have changed for its readers. */
  coverage: Uint8Array | null;
  /** The story is a draft now: streams of readers who may not see it close. */
  hidden: boolean;
}

interface Follower {
  sink: LiveSink;
  /** The last change it was sent, or will be sent by the backlog it is reading. */
  after: number;
  /** Which of the heartbeat's slices it is in. */
  slice: number;
  /** Its backlog has been sent: deliveries go straight out, not into `held`. */
  ready: boolean;
  held: Delivery[];
  /** May see the story as a draft. */
  sees: boolean;
  closed: boolean;
}

interface Story {
  followers: Set<Follower>;
  /** The latest change a read for the followers has reached: a signal of an older one is news to no one. */
  head: number;
  reading: boolean;
  /** A signal came while reading: read again once done. */
  again: boolean;
  /** The key points as the last read found them; undefined before the first. */
  keyPoints?: string;
}

/** Where a new stream starts: checked before any byte is sent, so that a refusal is an HTTP error. */
export interface LiveStreamStart {
  articleId: number;
  after: number;
  sees: boolean;
}

/**
 * `withCoverage`: the read's key points go out too, as a `coverage` event. A change of the key
 * points takes a change number but has no update to carry it, and the change numbers come from
 * one sequence for every story, so a gap says nothing: the fan-out sends them when they differ
 * from the last read's, and a new stream when anything changed since the client's last event.
 */
function deliveryOf(read: NonNullable<Awaited<ReturnType<typeof liveChangesOf>>>, withCoverage: boolean): Delivery {
  const events = read.updates.map((row) => ({
    changeId: row.changeId,
    bytes: encoder.encode(`id: ${row.changeId}\ndata: ${JSON.stringify(liveUpdateJson(row))}\n\n`),
  }));
  const ended = !read.hasMore && read.live?.ended_at != null;
  const end = ended ? encoder.encode(`event: end\nid: ${read.changeId}\ndata: ${JSON.stringify({ live: read.live })}\n\n`) : null;
  const coverage = withCoverage && !read.hasMore && !ended && read.live ? encoder.encode(`event: coverage\ndata: ${JSON.stringify({ live: read.live })}\n\n`) : null;
  return { events, end, coverage, hidden: !read.isPublished };
}

type StoryRead = Awaited<ReturnType<typeof liveStoryAt>>;
type ChangesRead = Awaited<ReturnType<typeof liveChangesOf>>;

export class LivePush {
  private readonly stories = new Map<number, Story>();
  /** Readers arriving at once share the reads that start their streams (shared-reads.ts): the story by its address, its changes after a point. */
  private readonly storyReads = new SharedReads<StoryRead>();
  private readonly backlogReads = new SharedReads<ChangesRead>();
  private heartbeat: NodeJS.Timeout | undefined;
  private tick = 0;
  private count = 0;
  private joined = 0;

  constructor(private readonly database: () => Promise<Database>) {}

  /** Streams open on this instance. */
  get streams(): number {
    return this.count;
  }

  /**
   * Checks that the actor may follow the story at `slug` (as GET …/updates: a draft only for those
   * who may see it) and that it has been live; `after` is the last change the client has, else now.
   */
  async start(actor: Actor | null, slug: string, after: number | undefined): Promise<LiveStreamStart> {
    const db = await this.database();
    const story = await this.storyReads.read(slug, () => liveStoryAt(db, slug));
    const sees = seesUnpublished(actor, story);
    if (!story.isPublished && !sees) throw new AppError(404, "articleNotFound");
    if (story.liveStartedAt === null) throw new AppError(409, "liveNotStarted");
    return { articleId: story.id, after: after ?? story.liveChangeId, sees };
  }

  /** Opens the stream: its backlog, then live changes, into `sink`. Gives what to call when the client has gone. */
  follow(start: LiveStreamStart, sink: LiveSink): () => void {
    const follower: Follower = { sink, after: start.after, slice: this.joined++ % HEARTBEAT_SLICES, ready: false, held: [], sees: start.sees, closed: false };
    let story = this.stories.get(start.articleId);
    if (!story) {
      story = { followers: new Set(), head: 0, reading: false, again: false };
      this.stories.set(start.articleId, story);
    }
    story.followers.add(follower);
    this.count += 1;
    this.heartbeat ??= setInterval(() => this.beat(), HEARTBEAT_TICK_MS).unref();
    sink.write(RETRY);
    void this.sendBacklog(start.articleId, follower);
    return () => this.leave(start.articleId, follower);
  }

  /** A story changed (a notification, or the in-process word): its followers on this instance get the change. */
  signal({ articleId, changeId }: LiveSignal): void {
    const story = this.stories.get(articleId);
    if (story && changeId > story.head) void this.refresh(articleId, story);
  }

  /** Signals may have been lost (the listening connection came back): every story is read again from what its followers have. */
  gap(): void {
    for (const [articleId, story] of this.stories) void this.refresh(articleId, story);
  }

  /** Closes every stream (the server stops); clients reconnect elsewhere with Last-Event-ID. */
  stop(): void {
    for (const [articleId, story] of this.stories) for (const follower of story.followers) this.close(articleId, follower);
  }

  private async sendBacklog(articleId: number, follower: Follower): Promise<void> {
    try {
      const db = await this.database();
      const since = follower.after;
      for (let more = true; more && !follower.closed; ) {
        const after = follower.after;
        const read = await this.backlogReads.read(`${articleId}:${after}`, () => liveChangesOf(db, articleId, after, LIVE_UPDATES_PAGE_MAX));
        if (!read) return this.close(articleId, follower);
        this.stories.get(articleId)!.keyPoints ??= read.live?.key_points;
        const delivery = deliveryOf(read, read.changeId > since);
        this.apply(articleId, follower, delivery);
        more = read.hasMore;
        // The story's latest change, unless the last event already said it: a client that has seen
        // no event yet (or whose last was older than a change to the coverage) resumes from there.
        if (!more && !follower.closed && delivery.events.at(-1)?.changeId !== read.changeId) {
          follower.after = Math.max(follower.after, read.changeId);
          follower.sink.write(encoder.encode(`id: ${read.changeId}\n\n`));
        }
      }
      follower.ready = true;
      for (const delivery of follower.held.splice(0)) this.apply(articleId, follower, delivery);
    } catch (error) {
      logError("Reading a live story's changes for a new stream failed", error);
      this.close(articleId, follower);
    }
  }

  /** Reads the story's changes since the lowest its followers have, once, and hands them to every follower. */
  private async refresh(articleId: number, story: Story): Promise<void> {
    if (story.reading) {
      story.again = true;
      return;
    }
    story.reading = true;
    try {
      const db = await this.database();
      do {
        story.again = false;
        let after = Math.min(...[...story.followers].map((follower) => follower.after));
        for (let more = story.followers.size > 0; more; ) {
          const read = await liveChangesOf(db, articleId, after, LIVE_UPDATES_PAGE_MAX);
          if (!read) {
            for (const follower of story.followers) this.close(articleId, follower);
            return;
          }
          story.head = Math.max(story.head, read.changeId);
          const keyPoints = read.live?.key_points;
          const delivery = deliveryOf(read, story.keyPoints !== undefined && keyPoints !== story.keyPoints);
          story.keyPoints = keyPoints;
          let written = 0;
          for (const follower of story.followers) {
            this.deliver(articleId, follower, delivery);
            if (++written % FAN_OUT_SLICE === 0) await yieldToRequests();
          }
          after = read.changeId;
          more = read.hasMore && story.followers.size > 0;
        }
      } while (story.again && story.followers.size > 0);
    } catch (error) {
      // Its followers reconnect with Last-Event-ID and read what they miss from the database.
      logError("Reading a live story's changes for its streams failed", error);
      for (const follower of story.followers) this.close(articleId, follower);
    } finally {
      story.reading = false;
    }
  }

  private deliver(articleId: number, follower: Follower, delivery: Delivery): void {
    if (follower.ready) this.apply(articleId, follower, delivery);
    else follower.held.push(delivery);
  }

  private apply(articleId: number, follower: Follower, delivery: Delivery): void {
    if (follower.closed) return;
    if (delivery.hidden && !follower.sees) return this.close(articleId, follower);
    for (const event of delivery.events) {
      if (event.changeId <= follower.after) continue;
      follower.sink.write(event.bytes);
      follower.after = event.changeId;
    }
    if (delivery.coverage) follower.sink.write(delivery.coverage);
    if (delivery.end) {
      follower.sink.write(delivery.end);
      this.close(articleId, follower);
    }
  }

  private beat(): void {
    const slice = this.tick++ % HEARTBEAT_SLICES;
    for (const story of this.stories.values()) for (const follower of story.followers) if (follower.slice === slice) follower.sink.write(HEARTBEAT);
  }

  private close(articleId: number, follower: Follower): void {
    if (follower.closed) return;
    this.leave(articleId, follower);
    follower.sink.close();
  }

  /** The follower leaves its story; the last to leave takes the story, and the heartbeat, with it. */
  private leave(articleId: number, follower: Follower): void {
    if (follower.closed) return;
    follower.closed = true;
    follower.held = [];
    this.count -= 1;
    const story = this.stories.get(articleId);
    story?.followers.delete(follower);
    if (story?.followers.size === 0) this.stories.delete(articleId);
    if (this.count === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }
}
