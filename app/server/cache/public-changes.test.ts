import { describe, expect, it } from "vitest";
import {
  publicArticleBodyChanged,
  publicArticleCommentsChanged,
  publicContentChanged,
  publicContentUnchanged,
  trackPublicChanges,
} from "./public-changes";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("what a request's writes said of the public site", () => {
  it("is nothing said when no service spoke: the cache is then cleared as before", async () => {
    expect((await trackPublicChanges(async () => 1)).change).toBeUndefined();
  });

  it("is the widest of what its writes said", async () => {
    const quiet = await trackPublicChanges(async () => {
      publicContentUnchanged();
      await tick();
      publicContentUnchanged();
    });
    expect(quiet.change).toBe("nothing");
    const oneBody = await trackPublicChanges(async () => {
      publicContentUnchanged();
      publicArticleBodyChanged("a");
      publicArticleBodyChanged("a");
    });
    expect(oneBody.change).toEqual({ articleBody: "a" });
    const twoBodies = await trackPublicChanges(async () => {
      publicArticleBodyChanged("a");
      publicArticleBodyChanged("b");
    });
    expect(twoBodies.change).toBe("everything");
    const bodyAndComments = await trackPublicChanges(async () => {
      publicArticleCommentsChanged("a");
      publicArticleBodyChanged("a");
      publicArticleCommentsChanged("a");
    });
    expect(bodyAndComments.change).toEqual({ articleBody: "a" });
    const commentsOnly = await trackPublicChanges(async () => {
      publicContentUnchanged();
      publicArticleCommentsChanged("a");
    });
    expect(commentsOnly.change).toEqual({ articleComments: "a" });
    const twoArticlesComments = await trackPublicChanges(async () => {
      publicArticleCommentsChanged("a");
      publicArticleBodyChanged("b");
    });
    expect(twoArticlesComments.change).toBe("everything");
    const mixed = await trackPublicChanges(async () => {
      publicContentUnchanged();
      publicContentChanged();
      publicContentUnchanged();
    });
    expect(mixed.change).toBe("everything");
  });

  it("keeps concurrent requests apart", async () => {
    const [draft, publish] = await Promise.all([
      trackPublicChanges(async () => {
        await tick();
        publicContentUnchanged();
      }),
      trackPublicChanges(async () => {
        publicContentChanged();
        await tick();
      }),
    ]);
    expect(draft.change).toBe("nothing");
    expect(publish.change).toBe("everything");
  });
});
