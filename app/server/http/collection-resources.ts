/**
 * The API of the back office's simple collections (categories, tags, writers), which share their
 * rules: anyone reads them, an editor or an admin creates, changes and deletes, and a refusal comes before any
 * validation message.
 */
import type { z } from "zod";
import type { Database } from "../db/connection";
import type { Language } from "~/lib/limits";
import { idParam, json, readInput, requestLocale, resource, succeeded } from "./api";
import { database } from "../process/runtime";
import { currentActor } from "./session";
import { type Actor, requireAbility } from "../services/actor";

interface CollectionArgs {
  request: Request;
}

interface ItemArgs {
  request: Request;
  params: { id?: string };
}

/** GET (list) and POST (create, 201) of a collection. */
export function collectionResource<Schema extends z.ZodType, Item>(collection: {
  schema: Schema;
  list: (db: Database, language: Language) => Promise<Item[]>;
  create: (db: Database, actor: Actor, input: z.output<Schema>, language: Language) => Promise<Item>;
}) {
  return resource<CollectionArgs>({
    GET: async ({ request }) => json(await collection.list(await database(), requestLocale(request))),
    async POST({ request }) {
      const actor = requireAbility(await currentActor(request), "manageSections");
      return json(await collection.create(await database(), actor, await readInput(request, collection.schema), requestLocale(request)), 201);
    },
  });
}

/** GET, PUT and DELETE of one item; `get` reads the key as the collection's address allows. */
export function itemResource<Schema extends z.ZodType, Item>(collection: {
  schema: Schema;
  get: (db: Database, key: string, language: Language) => Promise<Item>;
  update: (db: Database, actor: Actor, id: number, input: z.output<Schema>, language: Language) => Promise<Item>;
  remove: (db: Database, actor: Actor | null, id: number) => Promise<void>;
}) {
  return resource<ItemArgs>({
    GET: async ({ request, params }) => json(await collection.get(await database(), params.id ?? "", requestLocale(request))),
    async PUT({ request, params }) {
      const actor = requireAbility(await currentActor(request), "manageSections");
      const input = await readInput(request, collection.schema);
      return json(await collection.update(await database(), actor, idParam(params.id), input, requestLocale(request)));
    },
    async DELETE({ request, params }) {
      await collection.remove(await database(), await currentActor(request), idParam(params.id));
      return succeeded();
    },
  });
}
