// The installable app's PNG icons, rendered with sharp from the SVGs drawn for Rodamos
// (web/public/icons/icon.svg and icon-maskable.svg) plus the three shortcut glyphs below.
// The build emits them through the `rodamosPwaIcons` plugin in vite.config.ts; run
// `node scripts/icons.ts OUT_DIR` to write them to a folder and look at them.
// web/public/favicon.ico (for clients that ask for /favicon.ico without reading the pages'
// <link rel="icon">) is rendered from web/public/favicon.svg: `node scripts/icons.ts --favicon`.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const ICONS_DIR = path.join(import.meta.dirname, "../web/public/icons");
const PRIMARY = "#C2185B";

/** A 96 px shortcut icon: the app's magenta tile with a white lucide-style glyph (24 px grid). */
function shortcutSvg(glyph: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="22" fill="${PRIMARY}"/><g transform="translate(20 20) scale(2.3333)" fill="none" stroke="#FFFFFF" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round">${glyph}</g></svg>`;
}

const GLYPHS = {
  search: '<circle cx="11" cy="11" r="8"/><path d="m21 21-4.3-4.3"/>',
  create: '<circle cx="12" cy="12" r="10"/><path d="M8 12h8M12 8v8"/>',
  myRides:
    '<circle cx="18.5" cy="17.5" r="3.5"/><circle cx="5.5" cy="17.5" r="3.5"/><circle cx="15" cy="5" r="1"/><path d="M12 17.5V14l-3-3 4-3 2 3h2"/>',
};

export interface IconSpec {
  /** Path under the client output (served from /icons/…). */
  fileName: string;
  size: number;
  svg: () => Buffer;
}

const file = (name: string) => () => readFileSync(path.join(ICONS_DIR, name));
const inline = (svg: string) => () => Buffer.from(svg);

export const ICONS: IconSpec[] = [
  { fileName: "icons/icon-192.png", size: 192, svg: file("icon.svg") },
  { fileName: "icons/icon-512.png", size: 512, svg: file("icon.svg") },
  // Full-bleed artwork with the bike inside the 80 % safe zone: launchers crop it to any shape.
  { fileName: "icons/icon-maskable-512.png", size: 512, svg: file("icon-maskable.svg") },
  // iOS rounds the corners itself and shows transparency as black: use the full-bleed art.
  { fileName: "icons/apple-touch-icon-180.png", size: 180, svg: file("icon-maskable.svg") },
  { fileName: "icons/shortcut-search-96.png", size: 96, svg: inline(shortcutSvg(GLYPHS.search)) },
  { fileName: "icons/shortcut-create-96.png", size: 96, svg: inline(shortcutSvg(GLYPHS.create)) },
  {
    fileName: "icons/shortcut-my-rides-96.png",
    size: 96,
    svg: inline(shortcutSvg(GLYPHS.myRides)),
  },
];

/** Renders every icon to PNG bytes. */
export async function renderIcons(): Promise<{ fileName: string; source: Buffer }[]> {
  return Promise.all(
    ICONS.map(async (icon) => ({
      fileName: icon.fileName,
      // Rasterise the vector at twice its nominal size (144 dpi), then scale down: crisp edges.
      source: await sharp(icon.svg(), { density: 144 })
        .resize(icon.size, icon.size)
        .png({ compressionLevel: 9 })
        .toBuffer(),
    })),
  );
}

/** Sizes in favicon.ico: tabs and bookmarks (16, 32), Windows shortcuts (48). */
export const FAVICON_SIZES = [16, 32, 48];
const FAVICON_SVG = path.join(import.meta.dirname, "../web/public/favicon.svg");
export const FAVICON_ICO = path.join(import.meta.dirname, "../web/public/favicon.ico");

/** favicon.svg as an ICO file holding one PNG per size (an ICONDIR, its entries, the PNGs). */
export async function renderFaviconIco(): Promise<Buffer> {
  const svg = readFileSync(FAVICON_SVG);
  const pngs = await Promise.all(
    FAVICON_SIZES.map((size) =>
      sharp(svg, { density: 144 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer(),
    ),
  );
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length + 16 * pngs.length;
  const entries = pngs.map((png, i) => {
    const size = FAVICON_SIZES[i]!;
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0); // width (0 would mean 256)
    entry.writeUInt8(size % 256, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs]);
}

if (import.meta.main && process.argv[2] === "--favicon") {
  const ico = await renderFaviconIco();
  writeFileSync(FAVICON_ICO, ico);
  console.log(`${FAVICON_ICO} (${ico.length} bytes)`);
} else if (import.meta.main) {
  const outDir = process.argv[2] ?? "icons-preview";
  for (const { fileName, source } of await renderIcons()) {
    const target = path.join(outDir, fileName);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, source);
    console.log(`${target} (${source.length} bytes)`);
  }
}
