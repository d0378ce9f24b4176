/**
 * Abstract illustrations for the demo articles, drawn as SVG and encoded to JPEG with sharp.
 * They contain no text on purpose: a Devanagari font may be missing on the server, and
 * librsvg would silently draw boxes instead.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { storeImageVariants } from "../services/media";
import type { MediaStorage } from "../storage";
import { type Random, seededRandom } from "./seeded-random";

export type BannerKey =
  | "river"
  | "ridge"
  | "ledger"
  | "network"
  | "ballot"
  | "fields"
  | "pulse"
  | "stadium"
  | "city"
  | "dawn";
export type FigureKey = "chart" | "documents";
export type ImageKey = BannerKey | FigureKey;

export interface StoredImage {
  url: string;
  width: number;
  height: number;
}


interface Canvas {
  width: number;
  height: number;
  random: Random;
}

type Painter = (canvas: Canvas) => string;


const round = (n: number) => Math.round(n * 10) / 10;

function background(from: string, to: string, angle: "diagonal" | "vertical" = "diagonal"): string {
  const end = angle === "diagonal" ? 'x2="1" y2="1"' : 'x2="0" y2="1"';
  return `<defs><linearGradient id="bg" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#bg)"/>`;
}

/** A jagged skyline of hills whose peaks sit between `top` and `base`. */
function ridgePath({ width, height, random }: Canvas, base: number, top: number, steps: number): string {
  const points: string[] = [`M0,${height}`];
  for (let i = 0; i <= steps; i++) {
    const x = (width * i) / steps;
    const y = base - random() * (base - top);
    points.push(`L${round(x)},${round(y)}`);
  }
  points.push(`L${width},${height}Z`);
  return points.join(" ");
}

function ridges(canvas: Canvas, colours: string[], from: number, spacing: number): string {
  return colours
    .map((colour, i) => {
      const base = canvas.height * (from + i * spacing);
      return `<path d="${ridgePath(canvas, base, base - canvas.height * 0.2, 9 + i * 3)}" fill="${colour}"/>`;
    })
    .join("");
}

const PAINTERS: Record<ImageKey, { width: number; height: number; paint: Painter }> = {
  river: {
    width: 1200,
    height: 675,
    paint: (c) => {
      const { width: w, height: h } = c;
      // Wide in the foreground and narrowing towards the hills, so it reads as flowing away.
      const water = `M${w * 0.3},${h} C${w * 0.62},${h * 0.86} ${w * 0.28},${h * 0.74} ${w * 0.5},${h * 0.6} C${w * 0.4},${h * 0.74} ${w * 0.86},${h * 0.84} ${w * 0.72},${h}Z`;
      return (
        background("#17465a", "#e8c99b", "vertical") +
        ridges(c, ["#4f7f86", "#3a6a72", "#285760"], 0.4, 0.1) +
        `<path d="${water}" fill="#bfe0e4" opacity="0.85"/>`
      );
    },
  },
  ridge: {
    width: 1200,
    height: 675,
    paint: (c) =>
      background("#f3b27a", "#5b3a6b", "vertical") +
      `<circle cx="${c.width * 0.72}" cy="${c.height * 0.32}" r="70" fill="#fde6c4" opacity="0.9"/>` +
      ridges(c, ["#a15d6e", "#7b4a6c", "#563a63", "#352a4e", "#1f1c36"], 0.38, 0.13),
  },
  ledger: {
    width: 1200,
    height: 675,
    paint: (c) => {
      let body = background("#f6efe0", "#e2d3b5");
      for (let y = 60; y < c.height; y += 38) body += `<line x1="0" y1="${y}" x2="${c.width}" y2="${y}" stroke="#9fb4c7" stroke-width="1.5"/>`;
      body += `<line x1="150" y1="0" x2="150" y2="${c.height}" stroke="#c0504d" stroke-width="3"/>`;
      for (let y = 68; y < c.height - 30; y += 38) {
        const width = 180 + c.random() * 520;
        body += `<rect x="180" y="${y}" width="${round(width)}" height="16" rx="8" fill="#35516b" opacity="0.55"/>`;
        const amount = 60 + c.random() * 160;
        body += `<rect x="${round(c.width - 60 - amount)}" y="${y}" width="${round(amount)}" height="16" rx="8" fill="${c.random() > 0.8 ? "#c0504d" : "#35516b"}" opacity="0.7"/>`;
      }
      return body;
    },
  },
  network: {
    width: 1200,
    height: 675,
    paint: (c) => {
      const nodes = Array.from({ length: 28 }, () => ({ x: 60 + c.random() * (c.width - 120), y: 50 + c.random() * (c.height - 100) }));
      let lines = "";
      for (const node of nodes) {
        const nearest = nodes
          .filter((other) => other !== node)
          .sort((a, b) => Math.hypot(a.x - node.x, a.y - node.y) - Math.hypot(b.x - node.x, b.y - node.y))
          .slice(0, 2);
        for (const other of nearest) lines += `<line x1="${round(node.x)}" y1="${round(node.y)}" x2="${round(other.x)}" y2="${round(other.y)}" stroke="#7fb3d5" stroke-width="2" opacity="0.45"/>`;
      }
      const dots = nodes
        .map((n, i) => `<circle cx="${round(n.x)}" cy="${round(n.y)}" r="${i % 7 === 0 ? 16 : 7}" fill="${i % 7 === 0 ? "#f2a541" : "#d6eaf8"}"/>`)
        .join("");
      return background("#0b1d33", "#1f4e6e") + lines + dots;
    },
  },
  ballot: {
    width: 1200,
    height: 675,
    paint: (c) => {
      let body = background("#e9ecef", "#b8c4d6");
      for (let row = 0; row < 4; row++) {
        for (let col = 0; col < 8; col++) {
          const filled = c.random() > 0.7;
          body += `<rect x="${90 + col * 135}" y="${80 + row * 135}" width="100" height="100" rx="14" fill="${filled ? "#b23a48" : "#ffffff"}" stroke="#2b3a55" stroke-width="4" opacity="${filled ? 0.9 : 0.8}"/>`;
        }
      }
      return body;
    },
  },
  fields: {
    width: 1200,
    height: 675,
    paint: (c) => {
      const colours = ["#8fb339", "#6a8f2c", "#c9a227", "#a7c957", "#4f772d", "#d4a373", "#6a994e", "#386641"];
      let body = background("#cde7f0", "#f2e8cf", "vertical");
      colours.forEach((colour, i) => {
        const y = c.height * (0.2 + i * 0.1);
        const swing = 40 + c.random() * 60;
        body += `<path d="M0,${round(y)} C${c.width * 0.3},${round(y - swing)} ${c.width * 0.7},${round(y + swing)} ${c.width},${round(y)} L${c.width},${c.height} L0,${c.height}Z" fill="${colour}"/>`;
      });
      return body;
    },
  },
  pulse: {
    width: 1200,
    height: 675,
    paint: (c) => {
      const mid = c.height / 2;
      const points: string[] = [];
      for (let x = 0; x <= c.width; x += 40) {
        const beat = x % 320 === 160;
        points.push(`${x},${beat ? mid - 150 : x % 320 === 200 ? mid + 90 : mid + (c.random() - 0.5) * 12}`);
      }
      return (
        background("#e0f2f1", "#80cbc4") +
        `<circle cx="${c.width * 0.2}" cy="${c.height * 0.3}" r="160" fill="#ffffff" opacity="0.35"/>` +
        `<circle cx="${c.width * 0.85}" cy="${c.height * 0.75}" r="220" fill="#004d40" opacity="0.12"/>` +
        `<polyline points="${points.join(" ")}" fill="none" stroke="#c62828" stroke-width="8" stroke-linejoin="round"/>`
      );
    },
  },
  stadium: {
    width: 1200,
    height: 675,
    paint: (c) => {
      let body = background("#2d6a4f", "#1b4332");
      body += `<ellipse cx="${c.width / 2}" cy="${c.height / 2}" rx="470" ry="250" fill="none" stroke="#bc5a3c" stroke-width="110"/>`;
      for (let lane = 0; lane <= 6; lane++) {
        body += `<ellipse cx="${c.width / 2}" cy="${c.height / 2}" rx="${415 + lane * 18}" ry="${195 + lane * 18}" fill="none" stroke="#f8f9fa" stroke-width="2" opacity="0.8"/>`;
      }
      return body + `<ellipse cx="${c.width / 2}" cy="${c.height / 2}" rx="400" ry="180" fill="#40916c"/>`;
    },
  },
  city: {
    width: 1200,
    height: 675,
    paint: (c) => {
      let body = background("#1d2951", "#e76f51", "vertical");
      for (const [colour, minHeight, windows] of [["#3c3f58", 0.25, false], ["#202338", 0.15, true]] as const) {
        for (let x = -20; x < c.width; ) {
          const w = 60 + c.random() * 90;
          const h = c.height * (minHeight + c.random() * 0.35);
          body += `<rect x="${round(x)}" y="${round(c.height - h)}" width="${round(w)}" height="${round(h)}" fill="${colour}"/>`;
          if (windows) {
            for (let wy = c.height - h + 16; wy < c.height - 20; wy += 28) {
              for (let wx = x + 12; wx < x + w - 16; wx += 22) {
                if (c.random() > 0.6) body += `<rect x="${round(wx)}" y="${round(wy)}" width="9" height="13" fill="#ffd166" opacity="0.85"/>`;
              }
            }
          }
          x += w + 6;
        }
      }
      return body;
    },
  },
  dawn: {
    width: 1200,
    height: 675,
    paint: (c) => {
      let body = background("#ffcf99", "#d1495b", "vertical");
      const cx = c.width / 2;
      for (let i = 0; i < 16; i++) {
        const angle = Math.PI + (Math.PI * (i + 0.5)) / 16;
        body += `<line x1="${cx}" y1="${c.height}" x2="${round(cx + Math.cos(angle) * 900)}" y2="${round(c.height + Math.sin(angle) * 900)}" stroke="#fff3e0" stroke-width="10" opacity="0.25"/>`;
      }
      for (let r = 380; r >= 140; r -= 60) {
        body += `<circle cx="${cx}" cy="${c.height}" r="${r}" fill="#fff3e0" opacity="${round(0.12 + (380 - r) / 900)}"/>`;
      }
      return body;
    },
  },
  chart: {
    width: 1000,
    height: 750,
    paint: (c) => {
      let body = background("#fbfbf8", "#eceae4");
      for (let y = 150; y <= 650; y += 100) body += `<line x1="90" y1="${y}" x2="940" y2="${y}" stroke="#d5d2c8" stroke-width="2"/>`;
      const heights = Array.from({ length: 10 }, () => 60 + c.random() * 440);
      const tallest = Math.max(...heights);
      heights.forEach((h, i) => {
        const highlighted = h === tallest;
        body += `<rect x="${110 + i * 83}" y="${round(650 - h)}" width="55" height="${round(h)}" rx="4" fill="${highlighted ? "#c0392b" : "#34495e"}" opacity="${highlighted ? 1 : 0.75}"/>`;
      });
      return body + `<line x1="90" y1="650" x2="940" y2="650" stroke="#333" stroke-width="4"/>`;
    },
  },
  documents: {
    width: 1000,
    height: 750,
    paint: (c) => {
      let body = background("#4a5759", "#2f3e46");
      for (let i = 0; i < 4; i++) {
        const x = 180 + i * 130;
        const y = 110 + (i % 2) * 40;
        const rotation = round((c.random() - 0.5) * 16);
        let sheet = `<rect x="${x + 10}" y="${y + 12}" width="400" height="520" fill="#000" opacity="0.25"/><rect x="${x}" y="${y}" width="400" height="520" fill="#fdfcf7"/>`;
        for (let line = y + 60; line < y + 480; line += 30) {
          sheet += `<rect x="${x + 40}" y="${line}" width="${round(180 + c.random() * 140)}" height="8" rx="4" fill="#9aa5ab"/>`;
        }
        body += `<g transform="rotate(${rotation} ${x + 200} ${y + 260})">${sheet}</g>`;
      }
      return body + `<circle cx="760" cy="560" r="70" fill="none" stroke="#c0392b" stroke-width="10" opacity="0.8"/>`;
    },
  },
};

const IMAGE_KEYS = Object.keys(PAINTERS) as ImageKey[];

async function renderJpeg(key: ImageKey, seed: number): Promise<Buffer> {
  const { width, height, paint } = PAINTERS[key];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${paint({ width, height, random: seededRandom(seed) })}</svg>`;
  // sharp writes no metadata unless asked to, so the files carry no EXIF.
  return sharp(Buffer.from(svg)).jpeg({ quality: 78 }).toBuffer();
}

/** Renders every illustration and stores it; names are random because storage never overwrites. */
/**
 * One picture at a time: drawn all at once, the twelve took a first start's resident memory 90 MB
 * higher, past what a 512 MB container allows (issue 41), for a second saved once.
 */
export async function publishDemoImages(storage: MediaStorage): Promise<Record<ImageKey, StoredImage>> {
  const stored: Partial<Record<ImageKey, StoredImage>> = {};
  for (const [index, key] of IMAGE_KEYS.entries()) {
    const bytes = await renderJpeg(key, index + 1);
    const url = await storage.save(`demo-${index + 1}-${randomBytes(6).toString("hex")}.jpg`, bytes, "image/jpeg");
    const { width, height } = PAINTERS[key];
    await storeImageVariants(storage, url, bytes, width);
    stored[key] = { url, width, height };
  }
  return stored as Record<ImageKey, StoredImage>;
}
