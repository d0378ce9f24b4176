/** The Idempotency-Key a client sends with a post it may retry (docs/api.md, "Live coverage"); null when it sends none. */
import { idempotencyKeySchema } from "~/lib/schemas";

export function idempotencyKeyOf(request: Request): string | null {
  const header = request.headers.get("idempotency-key");
  return header === null ? null : idempotencyKeySchema.parse(header);
}
