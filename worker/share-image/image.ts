/// <reference path="./modules.d.ts" />
// The share previews' 1200×630 PNGs (a ride's, a group's), drawn at the edge: satori lays the card out as SVG (text as
// paths, in Nunito), resvg turns it into a PNG. Both run as WebAssembly modules imported at
// build time, since Workers may not compile WebAssembly from bytes at run time. satori stays at
// 0.32: from 0.33 on it compiles its text shaper (harfbuzz) from bytes, which Workers refuse.
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import satori, { init as initSatori } from "satori/standalone";
import yogaWasm from "satori/yoga.wasm";
import type { GroupSharePreview } from "../../domain/group-preview.ts";
import type { SharePreview } from "../../domain/share-preview.ts";
import { groupPreviewCard, IMAGE_HEIGHT, IMAGE_WIDTH, previewCard } from "./card.ts";
import nunito700 from "./fonts/nunito-700.woff.bin";
import nunito800 from "./fonts/nunito-800.woff.bin";

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

export const renderPreviewPng = (preview: SharePreview) => renderCardPng(previewCard(preview));

export const renderGroupPreviewPng = (preview: GroupSharePreview) =>
  renderCardPng(groupPreviewCard(preview));

async function renderCardPng(card: ReturnType<typeof previewCard>): Promise<Uint8Array> {
  await initialise();
  const svg = await satori(card as never, {
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
