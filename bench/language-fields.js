// `node bench/language-fields.js [--articles 100000] [--postgres] [--rounds 30]`: how the lists that
// name sections, tags and writers fare with the per-language texts stored as one `jsonb` map per
// row or as a child table (one row per language), both built in one throwaway database and timed
// alternately, so that a machine shared with other work weighs on both alike (docs/decisions.md,
// "Per-language texts: one jsonb map per row").
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { startCluster } from "../tests/support/postgres-cluster.mjs";

const { values: options } = parseArgs({
  options: {
    articles: { type: "string", default: "100000" },
    postgres: { type: "boolean", default: false },
    rounds: { type: "string", default: "30" },
  },
});
const ARTICLES = Number(options.articles);
const ROUNDS = Number(options.rounds);
const CATEGORIES = 9;
const WRITERS = 60;
const TAGS = 2000;

/** One connection, whichever database: `query(text, params)` returning rows. */
async function open() {
  if (!options.postgres) {
    const db = new PGlite();
    return { query: async (text, params) => (await db.query(text, params)).rows, exec: (text) => db.exec(text), close: () => db.close(), kind: "PGlite" };
  }
  const cluster = await startCluster();
  cluster.createDatabase("bench");
  const client = new pg.Client({ connectionString: cluster.url("bench") });
  await client.connect();
  return {
    query: async (text, params) => (await client.query(text, params)).rows,
    exec: (text) => client.query(text),
    close: async () => {
      await client.end();
      cluster.stop();
    },
    kind: "PostgreSQL",
  };
}

// Every entity is named in English; two in three also in Nepali; sections have descriptions.
const SHARED = `
create table articles (id serial primary key, title text not null, slug text not null unique, writer_id int, category_id int,
  is_published boolean not null, published_at timestamptz not null);
insert into articles (title, slug, writer_id, category_id, is_published, published_at)
  select 'Story ' || i, 'story-' || i, 1 + i % ${WRITERS}, 1 + i % ${CATEGORIES}, i % 10 <> 0, now() - make_interval(mins => i)
  from generate_series(1, ${ARTICLES}) i;
create index articles_published on articles (published_at desc) where is_published;
create index articles_category on articles (category_id, published_at desc) where is_published;
create table article_tags (article_id int not null, tag_id int not null, primary key (article_id, tag_id));
insert into article_tags select i, 1 + (i * k) % ${TAGS} from generate_series(1, ${ARTICLES}) i, generate_series(1, 3) k on conflict do nothing;
create index article_tags_tag on article_tags (tag_id);
`;

const MAP = `
create schema map;
create table map.categories (id serial primary key, slug text not null unique, names jsonb not null, descriptions jsonb not null default '{}');
create table map.writers (id serial primary key, email text not null, names jsonb not null, bios jsonb not null default '{}');
create table map.tags (id serial primary key, slug text not null unique, names jsonb not null);
insert into map.categories (slug, names, descriptions) select 'section-' || i,
  jsonb_strip_nulls(jsonb_build_object('en', 'Section ' || i, 'ne', case when i % 3 <> 0 then 'खण्ड ' || i end)), jsonb_build_object('en', repeat('About. ', 20))
  from generate_series(1, ${CATEGORIES}) i;
insert into map.writers (email, names, bios) select 'w' || i || '@example.com',
  jsonb_strip_nulls(jsonb_build_object('en', 'Writer ' || i, 'ne', case when i % 3 <> 0 then 'लेखक ' || i end)), jsonb_build_object('en', repeat('Bio. ', 30))
  from generate_series(1, ${WRITERS}) i;
insert into map.tags (slug, names) select 'tag-' || i,
  jsonb_strip_nulls(jsonb_build_object('en', 'Tag ' || i, 'ne', case when i % 3 <> 0 then 'ट्याग ' || i end))
  from generate_series(1, ${TAGS}) i;
`;

const CHILD = `
create schema child;
create table child.categories (id serial primary key, slug text not null unique);
create table child.category_texts (category_id int not null references child.categories on delete cascade, language text not null,
  name text not null default '', description text not null default '', primary key (category_id, language));
create table child.writers (id serial primary key, email text not null);
create table child.writer_texts (writer_id int not null references child.writers on delete cascade, language text not null,
  name text not null default '', bio text not null default '', primary key (writer_id, language));
create table child.tags (id serial primary key, slug text not null unique);
create table child.tag_texts (tag_id int not null references child.tags on delete cascade, language text not null,
  name text not null default '', primary key (tag_id, language));
insert into child.categories (slug) select 'section-' || i from generate_series(1, ${CATEGORIES}) i;
insert into child.category_texts select i, 'en', 'Section ' || i, repeat('About. ', 20) from generate_series(1, ${CATEGORIES}) i;
insert into child.category_texts select i, 'ne', 'खण्ड ' || i, '' from generate_series(1, ${CATEGORIES}) i where i % 3 <> 0;
insert into child.writers (email) select 'w' || i || '@example.com' from generate_series(1, ${WRITERS}) i;
insert into child.writer_texts select i, 'en', 'Writer ' || i, repeat('Bio. ', 30) from generate_series(1, ${WRITERS}) i;
insert into child.writer_texts select i, 'ne', 'लेखक ' || i, '' from generate_series(1, ${WRITERS}) i where i % 3 <> 0;
insert into child.tags (slug) select 'tag-' || i from generate_series(1, ${TAGS}) i;
insert into child.tag_texts select i, 'en', 'Tag ' || i from generate_series(1, ${TAGS}) i;
insert into child.tag_texts select i, 'ne', 'ट्याग ' || i from generate_series(1, ${TAGS}) i where i % 3 <> 0;
`;

// A name in Nepali, else in English, as the pages ask for it (lib/bilingual.ts).
const mapName = (alias) => `coalesce(${alias}.names->>'ne', ${alias}.names->>'en')`;
const childName = (table, key, alias) =>
  `(select x.name from child.${table} x where x.${key} = ${alias}.id and x.name <> '' order by x.language = 'ne' desc limit 1)`;
const childAll = (table, key, alias, fields) =>
  `(select jsonb_object_agg(x.language, jsonb_build_object(${fields.map((f) => `'${f}', x.${f}`).join(", ")})) from child.${table} x where x.${key} = ${alias}.id)`;

/** What each list asks for, in both shapes. */
const queries = {
  "latest 20 (home, /news): writer, section, tags": {
    map: `select a.id, a.title, ${mapName("w")} writer, ${mapName("c")} category, c.slug,
      coalesce((select json_agg(json_build_object('id', t.id, 'name', ${mapName("t")}, 'names', t.names, 'slug', t.slug)) from map.tags t
        where t.id in (select tag_id from article_tags where article_id = a.id)), '[]') tags
      from articles a left join map.writers w on w.id = a.writer_id left join map.categories c on c.id = a.category_id
      where a.is_published order by a.published_at desc limit 20`,
    child: `select a.id, a.title, ${childName("writer_texts", "writer_id", "w")} writer, ${childName("category_texts", "category_id", "c")} category, c.slug,
      coalesce((select json_agg(json_build_object('id', t.id, 'name', ${childName("tag_texts", "tag_id", "t")}, 'names', ${childAll("tag_texts", "tag_id", "t", ["name"])}, 'slug', t.slug)) from child.tags t
        where t.id in (select tag_id from article_tags where article_id = a.id)), '[]') tags
      from articles a left join child.writers w on w.id = a.writer_id left join child.categories c on c.id = a.category_id
      where a.is_published order by a.published_at desc limit 20`,
  },
  "section page by slug, page 50": {
    map: `select a.id, a.title, ${mapName("w")} writer, ${mapName("c")} category from articles a
      join map.categories c on c.id = a.category_id and c.slug = 'section-4' left join map.writers w on w.id = a.writer_id
      where a.is_published order by a.published_at desc limit 20 offset 980`,
    child: `select a.id, a.title, ${childName("writer_texts", "writer_id", "w")} writer, ${childName("category_texts", "category_id", "c")} category from articles a
      join child.categories c on c.id = a.category_id and c.slug = 'section-4' left join child.writers w on w.id = a.writer_id
      where a.is_published order by a.published_at desc limit 20 offset 980`,
  },
  "tag by slug (page head)": {
    map: `select id, slug, names, ${mapName("t")} name from map.tags t where slug = 'tag-1234'`,
    child: `select t.id, t.slug, ${childAll("tag_texts", "tag_id", "t", ["name"])} names, ${childName("tag_texts", "tag_id", "t")} name from child.tags t where slug = 'tag-1234'`,
  },
  "back office: all 2,000 tags by name": {
    map: `select id, slug, names, ${mapName("t")} name from map.tags t order by 4, id`,
    child: `select t.id, t.slug, ${childAll("tag_texts", "tag_id", "t", ["name"])} names, ${childName("tag_texts", "tag_id", "t")} name from child.tags t order by 4, id`,
  },
  "back office: writers by name": {
    map: `select id, email, names, bios, ${mapName("w")} name from map.writers w order by 5, id`,
    child: `select w.id, w.email, ${childAll("writer_texts", "writer_id", "w", ["name", "bio"])} texts, ${childName("writer_texts", "writer_id", "w")} name from child.writers w order by 4, id`,
  },
  "sections with descriptions": {
    map: `select id, slug, names, descriptions from map.categories order by id`,
    child: `select c.id, c.slug, ${childAll("category_texts", "category_id", "c", ["name", "description"])} texts from child.categories c order by id`,
  },
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const db = await open();
const built = performance.now();
await db.exec(SHARED);
await db.exec(MAP);
await db.exec(CHILD);
await db.exec("analyze");
console.log(`${db.kind}, ${ARTICLES.toLocaleString("en")} articles, built in ${((performance.now() - built) / 1000).toFixed(1)} s; ${ROUNDS} rounds, medians in ms`);
console.log("| List | jsonb map | child table |\n|---|---:|---:|");
for (const [label, shapes] of Object.entries(queries)) {
  const times = { map: [], child: [] };
  for (const shape of ["map", "child"]) await db.query(shapes[shape]); // warm
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first, so neither always runs on a warmer cache.
    for (const shape of round % 2 ? ["child", "map"] : ["map", "child"]) {
      const started = performance.now();
      await db.query(shapes[shape]);
      times[shape].push(performance.now() - started);
    }
  }
  console.log(`| ${label} | ${median(times.map).toFixed(2)} | ${median(times.child).toFixed(2)} |`);
}
await db.close();
