/// <reference path="./modules.d.ts" />
// The share preview's 1200×630 PNG, drawn at the edge: satori lays the card out as SVG (text as
// paths, in Nunito), resvg turns it into a PNG. Both run as WebAssembly modules imported at
// build time, since Workers may not compile WebAssembly from bytes at run time. satori stays at
// 0.32: from 0.33 on it compiles its text shaper (harfbuzz) from bytes, which Workers refuse.
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import satori, { init as initSatori } from "satori/standalone";
import yogaWasm from "satori/yoga.wasm";
import type { SharePreview } from "../../domain/share-preview.ts";
import nunito700 from "./fonts/nunito-700.woff.bin";
import nunito800 from "./fonts/nunito-800.woff.bin";

export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 630;

let ready: Promise<void> | undefined;

function initialise() {
  ready ??= Promise.all([initSatori(yogaWasm), initWasm(resvgWasm)]).then(
    () => undefined,
    (error: unknown) => {
      ready = undefined;
      throw error;
    },
  );
  return ready;
}

/** A satori element (the shape React elements have), without React on the worker. */
interface Node {
  type: string;
  props: { style?: Record<string, string | number>; children?: (Node | string)[] | Node | string };
}

const el = (
  type: string,
  style: Record<string, string | number>,
  ...children: (Node | string | null)[]
): Node => ({ type, props: { style, children: children.filter((c) => c !== null) } });

const COLORS = {
  primary: "#C2185B",
  amber: "#FFB300",
  ink: "#1F1A24",
  soft: "#5B5563",
  background: "#FFF8F5",
  surface: "#FFFFFF",
  success: "#2E7D32",
  danger: "#C62828",
};

const STATE_COLORS: Record<SharePreview["state"], { background: string; color: string }> = {
  open: { background: COLORS.success, color: "#FFFFFF" },
  full: { background: COLORS.amber, color: COLORS.ink },
  cancelled: { background: COLORS.danger, color: "#FFFFFF" },
  past: { background: COLORS.soft, color: "#FFFFFF" },
};

const chip = (text: string) =>
  el(
    "div",
    {
      display: "flex",
      padding: "10px 24px",
      borderRadius: 999,
      background: "#FCE4EC",
      color: COLORS.primary,
      fontSize: 30,
      fontWeight: 700,
      marginRight: 16,
    },
    text,
  );

/** The card; every text on it comes from `preview` (see domain/share-preview.ts). */
export function previewCard(preview: SharePreview): Node {
  const title = preview.title.length > 70 ? `${preview.title.slice(0, 69)}…` : preview.title;
  const state = STATE_COLORS[preview.state];
  return el(
    "div",
    {
      display: "flex",
      flexDirection: "column",
      width: "100%",
      height: "100%",
      background: COLORS.background,
      padding: "56px 64px",
      fontFamily: "Nunito",
      color: COLORS.ink,
      borderTop: `16px solid ${COLORS.primary}`,
    },
    el(
      "div",
      { display: "flex", justifyContent: "space-between", alignItems: "center" },
      el(
        "div",
        { display: "flex", fontSize: 40, fontWeight: 800, color: COLORS.primary },
        "Rodamos",
      ),
      el(
        "div",
        {
          display: "flex",
          padding: "12px 28px",
          borderRadius: 999,
          fontSize: 34,
          fontWeight: 800,
          background: state.background,
          color: state.color,
        },
        preview.stateText,
      ),
    ),
    el(
      "div",
      {
        display: "flex",
        marginTop: 36,
        fontSize: title.length > 40 ? 60 : 72,
        fontWeight: 800,
        lineHeight: 1.1,
      },
      title,
    ),
    el("div", { display: "flex", marginTop: 28, fontSize: 36, fontWeight: 700 }, preview.when),
    el(
      "div",
      { display: "flex", marginTop: 8, fontSize: 36, fontWeight: 700, color: COLORS.soft },
      preview.city,
    ),
    el(
      "div",
      { display: "flex", marginTop: "auto", alignItems: "center" },
      chip(preview.level),
      chip(preview.modalities),
      preview.distance ? chip(preview.distance) : null,
    ),
  );
}

/** Every text the card draws, in order (for tests: nothing private may be among them). */
export function cardTexts(node: Node | string): string[] {
  if (typeof node === "string") return [node];
  const children = node.props.children;
  if (children === undefined) return [];
  return (Array.isArray(children) ? children : [children]).flatMap(cardTexts);
}

/**
 * Cards drawn by this isolate (~300 ms of CPU each): the tests count them to prove one drawing
 * per ride version, however many requests arrive (docs/security.md).
 */
export const drawings = { count: 0 };

export async function renderPreviewPng(preview: SharePreview): Promise<Uint8Array> {
  drawings.count++;
  await initialise();
  const svg = await satori(previewCard(preview) as never, {
    width: IMAGE_WIDTH,
    height: IMAGE_HEIGHT,
    fonts: [
      { name: "Nunito", data: nunito700, weight: 700, style: "normal" },
      { name: "Nunito", data: nunito800, weight: 800, style: "normal" },
    ],
  });
  const resvg = new Resvg(svg, { fitTo: { mode: "original" } });
  try {
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
